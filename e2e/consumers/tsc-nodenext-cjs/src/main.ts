// A CommonJS module (its imports compile to require(), which loads quickbox on Node ≥ 20.19):
// quickbox, file-system persistence, the raw wasm (for wasmModule).
import { createInterpreter, isQuickboxError, type EvalResult, type ToolDefinition } from "quickbox";
import { fsStore } from "quickbox/node";
import quickjsWasm from "quickbox/wasm";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };
const compiled: WebAssembly.Module = quickjsWasm;

export async function main(): Promise<void> {
  const qb = await createInterpreter({ tools: [doubleIt], store: fsStore("./threads") });
  try {
    const result: EvalResult = await qb.eval("await tools.doubleIt({ n: 21 })");
    console.log(result.text, compiled);
  } catch (error) {
    if (!isQuickboxError(error)) throw error;
    console.error(error.code);
  } finally {
    await qb.dispose();
  }
}
