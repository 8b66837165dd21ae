/**
 * The few Workers types the edge/ workers use (@cloudflare/workers-types has the full set; it is
 * not a dependency of this repository). Also: what a `.wasm` import is under a CompiledWasm rule.
 */
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
declare module "quickbox/wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}

interface DurableObjectId {
  toString(): string;
}

/** A Durable Object's public methods, called over RPC (every result is a Promise). */
type DurableObjectStub<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

interface DurableObjectNamespace<T> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): DurableObjectStub<T>;
}

interface KVNamespace {
  get(key: string, type: "arrayBuffer"): Promise<ArrayBuffer | null>;
  get(key: string): Promise<string | null>;
  getWithMetadata<Metadata>(key: string, type: "arrayBuffer"): Promise<{ value: ArrayBuffer | null; metadata: Metadata | null }>;
  put(key: string, value: ArrayBuffer | ArrayBufferView | string, options?: { metadata?: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
  list<Metadata>(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{ keys: { name: string; metadata?: Metadata }[]; list_complete: boolean; cursor?: string }>;
}
