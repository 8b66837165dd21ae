/**
 * quickbox/cloudflare: Cloudflare Workers and Durable Objects (README, "Cloudflare Workers").
 * The interpreter itself comes from "quickbox" (isolation "inline" on workerd); workerd cannot
 * compile wasm from bytes, so pass the imported module: `import quickjsWasm from "quickbox/wasm"`
 * with a CompiledWasm module rule, then `createInterpreter({ wasmModule: quickjsWasm })`.
 */
export { kvStore, DEFAULT_KV_PART_BYTES, type KvStoreOptions } from "./adapters/cloudflare/kv-store.js";
export { durableObjectStore, DEFAULT_DO_PART_BYTES, type DurableObjectStoreOptions } from "./adapters/cloudflare/durable-object-store.js";
export { InterpreterDurableObject, DURABLE_OBJECT_THREAD_ID, type InterpreterDurableObjectOptions } from "./adapters/cloudflare/interpreter-durable-object.js";
export type { DurableObjectStorageLike, KvNamespaceLike, KvListResult } from "./adapters/cloudflare/bindings.js";
