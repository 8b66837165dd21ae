// A page's imports: quickbox, IndexedDB persistence, the raw wasm (for wasmModule).
import { createInterpreter, type EvalResult, type ToolDefinition } from "quickbox";
import { idbStore } from "quickbox/idb";
import quickjsWasm from "quickbox/wasm";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };

export async function show(out: HTMLElement): Promise<void> {
  const qb = await createInterpreter({ tools: [doubleIt], store: idbStore(), wasmModule: quickjsWasm });
  try {
    const result: EvalResult = await qb.eval("await tools.doubleIt({ n: 21 })");
    out.textContent = result.text;
  } finally {
    await qb.dispose();
  }
}
