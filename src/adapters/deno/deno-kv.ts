/**
 * The part of Deno KV (`Deno.openKv()`, `--unstable-kv`) that denoKvStore uses, structurally: a
 * real `Deno.Kv` fits it, and the repository type-checks without Deno's types.
 */

export type DenoKvKeyPart = Uint8Array | string | number | bigint | boolean | symbol;
export type DenoKvKey = readonly DenoKvKeyPart[];

export interface DenoKvEntryMaybe<T> {
  key: DenoKvKey;
  value: T | null;
  versionstamp: string | null;
}

export interface DenoKvEntry<T> {
  key: DenoKvKey;
  value: T;
  versionstamp: string;
}

export type DenoKvListSelector = { prefix: DenoKvKey } | { prefix: DenoKvKey; start: DenoKvKey } | { prefix: DenoKvKey; end: DenoKvKey } | { start: DenoKvKey; end: DenoKvKey };

export interface DenoKvListOptions {
  limit?: number;
  batchSize?: number;
  consistency?: "strong" | "eventual";
}

export interface DenoKvAtomicCheck {
  key: DenoKvKey;
  versionstamp: string | null;
}

export interface DenoKvAtomicOperation {
  check(...checks: DenoKvAtomicCheck[]): this;
  set(key: DenoKvKey, value: unknown): this;
  delete(key: DenoKvKey): this;
  commit(): Promise<{ ok: true; versionstamp: string } | { ok: false }>;
}

export interface DenoKvLike {
  get<T = unknown>(key: DenoKvKey): Promise<DenoKvEntryMaybe<T>>;
  list<T = unknown>(selector: DenoKvListSelector, options?: DenoKvListOptions): AsyncIterable<DenoKvEntry<T>>;
  atomic(): DenoKvAtomicOperation;
}

/** Deno KV's limits (denokv_proto, checked against Deno 2.9): per value, per atomic commit, per read. */
export const KV_MAX_VALUE_BYTES = 64 * 1024;
export const KV_MAX_COMMIT_BYTES = 800 * 1024;
export const KV_MAX_MUTATIONS = 1000;
export const KV_MAX_LIST_BATCH = 1000;
