/**
 * partedStore(backend): a SnapshotStore of records of any size over a backend that keeps small
 * values (small-value-backend.ts says what a backend provides; parted-writes.ts how a record is
 * written). Workers KV, Durable Object storage, Deno KV and Redis are each such a backend; the
 * store has compareAndSet when its backend's writes are atomic and checked.
 */
import { QuickboxError } from "../../errors.js";
import type { AtomicSnapshotStore, PrunableSnapshotStore, PruneOptions, StoreRecord } from "../../types.js";
import { pruneSnapshots } from "../store-contract.js";
import { deleteGeneration, readValue, storeFailed, writeRecord } from "./parted-writes.js";
import { cleanMeta, type SmallValueBackend } from "./small-value-backend.js";

export interface PartedStoreOptions {
  /** Names the store in error messages ("denoKvStore"). */
  storeName: string;
  /** prune() also removes the parts of writes that started this long ago and never finished. Default 1 hour. */
  abandonedWriteAgeMs?: number | undefined;
}

/** prune() removes the parts of writes that never finished once they started this long ago. */
const DEFAULT_ABANDONED_WRITE_AGE_MS = 60 * 60 * 1000;

/** Reads retried when the record was replaced while its parts were being read. */
const MAX_READ_ATTEMPTS = 4;

/** Checks an option in bytes: a positive integer at most `max`. */
export function bytesOption(value: number | undefined, fallback: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new QuickboxError("INVALID_OPTIONS", `${name} must be an integer between 1 and ${max}`);
  return value;
}

function abandonedWriteAgeOption(value: number | undefined, storeName: string): number {
  if (value === undefined) return DEFAULT_ABANDONED_WRITE_AGE_MS;
  if (typeof value !== "number" || !(value >= 0)) throw new QuickboxError("INVALID_OPTIONS", `${storeName}: abandonedWriteAgeMs must be a number ≥ 0`);
  return value;
}

/**
 * Removes the parts of replaced records, and those of writes that started more than
 * `abandonedWriteAgeMs` ago and never switched their index; and markers left over. Returns how
 * many generations' parts it removed.
 */
export async function sweepLooseWrites(backend: SmallValueBackend, abandonedWriteAgeMs: number, nowMs = Date.now()): Promise<number> {
  const found = [];
  for await (const entry of backend.listLoose()) found.push(entry);
  let removed = 0;
  for (const { generation, loose } of found) {
    if (loose.state === "writing" && nowMs - loose.sinceMs < abandonedWriteAgeMs) continue;
    // A switch that landed although its cleanup did not: the marker goes, the parts are live.
    const live = (await backend.readIndex(loose.key))?.index.generation === generation;
    await deleteGeneration(backend, loose.key, generation, live ? 0 : loose.partCount);
    if (!live) removed++;
  }
  return removed;
}

export function partedStore(backend: SmallValueBackend & { readonly atomic: true }, options: PartedStoreOptions): AtomicSnapshotStore;
export function partedStore(backend: SmallValueBackend, options: PartedStoreOptions): PrunableSnapshotStore;
export function partedStore(backend: SmallValueBackend, options: PartedStoreOptions): PrunableSnapshotStore {
  const { storeName } = options;
  const abandonedWriteAgeMs = abandonedWriteAgeOption(options.abandonedWriteAgeMs, storeName);
  const store: PrunableSnapshotStore = {
    async get(key) {
      for (let attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
        const current = await backend.readIndex(key);
        if (!current) return undefined;
        const value = await readValue(backend, key, current.index);
        if (value) return value;
        const again = await backend.readIndex(key);
        if (again?.index.generation === current.index.generation) throw storeFailed(storeName, `a stored record is incomplete: "${key}" names parts that are missing or damaged`);
      }
      throw storeFailed(storeName, `"${key}" kept changing while it was read; gave up after ${MAX_READ_ATTEMPTS} attempts`);
    },
    put: async (key, value, meta) => void (await writeRecord(backend, storeName, key, { value, meta })),
    delete: async (key) => void (await writeRecord(backend, storeName, key, undefined)),
    async list(keyPrefix = "") {
      const records: StoreRecord[] = [];
      for await (const { key, index } of backend.listIndexes(keyPrefix)) records.push({ key, ...cleanMeta(index.meta) });
      return records;
    },
    async prune(pruneOptions?: PruneOptions) {
      const pruned = await pruneSnapshots(store, pruneOptions);
      await sweepLooseWrites(backend, abandonedWriteAgeMs);
      return pruned;
    },
  };
  if (!backend.atomic) return store;
  const atomic: AtomicSnapshotStore = { ...store, compareAndSet: (key, expected, next) => writeRecord(backend, storeName, key, next, { value: expected }) };
  return atomic;
}
