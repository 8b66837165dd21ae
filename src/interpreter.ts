/** createInterpreter: the public entry point (DESIGN.md §3). */
import { getBaseImage } from "./engine/base-image.js";
import { RELEASE_BUILD } from "./engine/wasm-build.js";
import { InterpreterCore } from "./interpreter-core.js";
import { resolveOptions } from "./options.js";
import { renderSystemPrompt } from "./system-prompt.js";
import type { Interpreter, InterpreterOptions } from "./types.js";

const compiledDefault: { promise?: Promise<WebAssembly.Module> } = {};

function defaultWasmModule(): Promise<WebAssembly.Module> {
  compiledDefault.promise ??= RELEASE_BUILD.compileDefault().catch((error: unknown) => {
    delete compiledDefault.promise;
    throw error;
  });
  return compiledDefault.promise;
}

const asyncDispose: typeof Symbol.asyncDispose = Symbol.asyncDispose ?? (Symbol.for("Symbol.asyncDispose") as typeof Symbol.asyncDispose);

export async function createInterpreter(options?: InterpreterOptions): Promise<Interpreter> {
  const resolved = resolveOptions(options);
  const wasmModule = resolved.wasmModule ?? (await defaultWasmModule());
  const image = await getBaseImage(RELEASE_BUILD, wasmModule);
  const core = new InterpreterCore(resolved, image);
  const prompt = renderSystemPrompt(resolved);
  const interpreter: Interpreter = {
    eval: (code, evalOptions) => core.eval(code, evalOptions),
    reset: (threadId) => core.reset(threadId),
    threads: () => core.threads(),
    systemPrompt: () => prompt,
    dispose: async () => core.dispose(),
    [asyncDispose]: async () => core.dispose(),
  };
  return interpreter;
}
