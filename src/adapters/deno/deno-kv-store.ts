/**
 * denoKvStore(kv): a SnapshotStore on Deno KV (`await Deno.openKv()`, run with `--unstable-kv`).
 * Records of any size: values are cut into 64 KiB chunks and written in commits of at most
 * 800 KiB, and a record's index entry is committed last (see kv-layout.ts), so a put that fails or
 * is cut short leaves the previous value readable. compareAndSet checks the index's versionstamp
 * in the commit that replaces it (atomic across processes sharing the KV).
 */
import { pruneSnapshots, QuickboxError, type AtomicSnapshotStore, type PruneOptions } from "../../index.js";
import type { DenoKvKey, DenoKvLike } from "./deno-kv.js";
import { KvLayout } from "./kv-layout.js";
import { compareAndSetRecord, deleteRecord, listRecords, readRecord, writeRecord } from "./kv-records.js";
import { sweepLooseWrites } from "./loose-writes.js";

export interface DenoKvStoreOptions {
  /** Key prefix of everything the store writes, so several stores can share one KV. Default ["quickbox"]. */
  prefix?: DenoKvKey;
  /** prune() also removes the chunks of puts that started longer ago than this and never finished. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

export const DEFAULT_ABANDONED_WRITE_AGE_MS = 60 * 60 * 1000;

function isKv(value: unknown): value is DenoKvLike {
  if (typeof value !== "object" || value === null) return false;
  const kv = value as Record<string, unknown>;
  return typeof kv.get === "function" && typeof kv.list === "function" && typeof kv.atomic === "function";
}

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", `denoKvStore: ${message}`);
}

export function denoKvStore(kv: DenoKvLike, options: DenoKvStoreOptions = {}): AtomicSnapshotStore {
  if (!isKv(kv)) invalid("kv must be a Deno.Kv (from `await Deno.openKv()`, with --unstable-kv)");
  const prefix = options.prefix ?? ["quickbox"];
  if (!Array.isArray(prefix)) invalid("prefix must be an array of Deno KV key parts");
  const abandonedWriteAgeMs = options.abandonedWriteAgeMs ?? DEFAULT_ABANDONED_WRITE_AGE_MS;
  if (typeof abandonedWriteAgeMs !== "number" || !(abandonedWriteAgeMs >= 0)) invalid("abandonedWriteAgeMs must be a number ≥ 0");
  const layout = new KvLayout([...prefix]);
  const store: AtomicSnapshotStore = {
    get: (key) => readRecord(kv, layout, key),
    compareAndSet: (key, expected, next) => compareAndSetRecord(kv, layout, key, expected, next),
    put: (key, value, meta) => writeRecord(kv, layout, key, value, meta),
    delete: (key) => deleteRecord(kv, layout, key),
    list: (keyPrefix = "") => listRecords(kv, layout, keyPrefix),
    async prune(pruneOptions?: PruneOptions) {
      const result = await pruneSnapshots(store, pruneOptions);
      await sweepLooseWrites(kv, layout, abandonedWriteAgeMs);
      return result;
    },
  };
  return store;
}
