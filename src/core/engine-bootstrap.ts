/** Builds the engine side (base image + InterpreterCore) wherever it runs: inline or in a worker. */
import { getBaseImage } from "../engine/base-image.js";
import type { GuestManifest } from "../engine/quickjs-thread.js";
import { RELEASE_BUILD } from "../engine/wasm-build.js";
import type { EngineOptions } from "../options.js";
import { InterpreterCore, snapshotKeys } from "./interpreter-core.js";

let compiledDefault: Promise<WebAssembly.Module> | undefined;

export function defaultWasmModule(): Promise<WebAssembly.Module> {
  compiledDefault ??= RELEASE_BUILD.compileDefault().catch((error: unknown) => {
    compiledDefault = undefined;
    throw error;
  });
  return compiledDefault;
}

export async function createEngine(options: EngineOptions, manifest: GuestManifest, wasmModule: WebAssembly.Module | undefined): Promise<InterpreterCore> {
  const image = await getBaseImage(RELEASE_BUILD, wasmModule ?? (await defaultWasmModule()));
  return new InterpreterCore(options, manifest, image, await snapshotKeys(options));
}
