/**
 * The Cloudflare bindings quickbox uses, as structural types: the parts of Workers KV and Durable
 * Object storage the stores call. Real bindings (and @cloudflare/workers-types' types) fit them.
 */

/** One page of KV `list`. */
export interface KvListResult<Metadata> {
  keys: { name: string; metadata?: Metadata }[];
  list_complete: boolean;
  cursor?: string;
}

/** A Workers KV namespace binding (`env.MY_KV`). */
export interface KvNamespaceLike {
  get(key: string, type: "arrayBuffer"): Promise<ArrayBuffer | null>;
  getWithMetadata<Metadata>(key: string, type: "arrayBuffer"): Promise<{ value: ArrayBuffer | null; metadata: Metadata | null }>;
  put(key: string, value: ArrayBuffer | ArrayBufferView | string, options?: { metadata?: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
  list<Metadata>(options: { prefix?: string; cursor?: string; limit?: number }): Promise<KvListResult<Metadata>>;
}

/** The key-value calls of Durable Object storage and of one of its transactions. */
export interface DurableObjectKeyValueLike {
  get(keys: string[]): Promise<Map<string, unknown>>;
  put(entries: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<number>;
}

/** Durable Object storage (`ctx.storage`): its key-value API, on SQLite- or KV-backed objects. */
export interface DurableObjectStorageLike extends DurableObjectKeyValueLike {
  list(options?: { prefix?: string; startAfter?: string; limit?: number }): Promise<Map<string, unknown>>;
  /** Runs `closure` as one transaction (all its reads see one state, its writes commit together). */
  transaction?<T>(closure: (txn: DurableObjectKeyValueLike) => Promise<T>): Promise<T>;
}
