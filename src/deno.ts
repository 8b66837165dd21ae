/** quickbox/deno: Deno (see src/adapters/deno/). `isolation: "worker"` needs nothing from here. */
export { denoKvStore, type DenoKvStoreOptions } from "./adapters/deno/deno-kv-store.js";
export type { DenoKvKey, DenoKvKeyPart, DenoKvLike } from "./adapters/deno/deno-kv.js";
