// A Node-only app: quickbox with its keys from Node's Web Crypto, file-system persistence, and the
// raw wasm (quickbox/wasm, quickbox/quickjs.wasm) passed as wasmModule. Also the entry points whose
// declarations name no other package: quickbox/postgres, quickbox/deno, quickbox/mcp,
// quickbox/codemode (types only: a Node app type-checks them without pg, Deno or MCP installed).
import { webcrypto } from "node:crypto";
import { createInterpreter, isQuickboxError, type EvalResult, type InterpreterOptions, type ToolDefinition } from "quickbox";
import { fsStore } from "quickbox/node";
import quickjsWasm from "quickbox/wasm";
import sameWasm from "quickbox/quickjs.wasm";
import type { postgresStore, PgQueryableLike } from "quickbox/postgres";
import type { denoKvStore } from "quickbox/deno";
import type { mcpTools, McpClientLike } from "quickbox/mcp";
import type { quickboxExecutor, ExecuteResult } from "quickbox/codemode";

/** What those entry points hand back, as an app would name it. */
export type OtherEntries = {
  postgres: ReturnType<typeof postgresStore>;
  pool: PgQueryableLike;
  kv: ReturnType<typeof denoKvStore>;
  mcp: ReturnType<typeof mcpTools>;
  mcpClient: McpClientLike;
  codemode: ReturnType<typeof quickboxExecutor>;
  executed: ExecuteResult;
};

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };
const encryptionKey = await webcrypto.subtle.importKey("raw", new Uint8Array(32), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
const options: InterpreterOptions = {
  tools: [doubleIt],
  store: fsStore("./threads"),
  snapshotSigningKey: "a signing secret",
  encryptionKey,
  wasmModule: Math.random() < 0.5 ? quickjsWasm : sameWasm,
};

const qb = await createInterpreter(options);
try {
  const result: EvalResult = await qb.eval("await tools.doubleIt({ n: 21 })");
  console.log(result.text);
} catch (error) {
  if (!isQuickboxError(error)) throw error;
  console.error(error.code);
} finally {
  await qb.dispose();
}
