// Every public import path a bundled web app uses, each with its values and types used.
import { createInterpreter, isQuickboxError, memoryStore, QuickboxError, type EvalResult, type ToolDefinition } from "quickbox";
import { idbStore } from "quickbox/idb";
import quickjsWasm from "quickbox/wasm";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };
const compiled: WebAssembly.Module = quickjsWasm;

export async function run(persistent: boolean): Promise<string> {
  const qb = await createInterpreter({ tools: [doubleIt], store: persistent ? idbStore() : memoryStore() });
  try {
    const result: EvalResult = await qb.eval("await tools.doubleIt({ n: 21 })");
    return result.status === "ok" ? result.text : `${result.error?.type}: ${result.error?.message}`;
  } catch (error) {
    if (isQuickboxError(error) || error instanceof QuickboxError) return error.code;
    throw error;
  } finally {
    await qb.dispose();
  }
}

export { compiled };
