/**
 * durableObjectStore(storage): a SnapshotStore in a Durable Object's storage (`ctx.storage`).
 *
 * A value is at most 128 KiB on KV-backed objects and 2 MB on SQLite-backed ones, so records are
 * stored in parts (default 127 KiB, fits both):
 *
 *   <prefix>i:<key>              index { meta, valueBytes, parts, generation }   (small; what list reads)
 *   <prefix>p:<generation>:<n>   part n of the value
 *
 * A put writes the new parts under a new generation, then the index (in one storage.put when
 * the parts and the index fit in 128 keys, which makes the whole record one atomic write), then
 * deletes the old generation's parts (best effort: parts no index names are never read). A write
 * cut short before the index leaves the previous index and its parts readable, so the
 * interpreter's order (snapshot first, head last) keeps the previous head restorable. prune()
 * removes parts no index names once their write is older than abandonedWriteAgeMs.
 */
import { pruneSnapshots, type AtomicSnapshotStore, type PruneOptions, type StoreRecord, type StoreRecordMeta } from "../../index.js";
import { sameBytes } from "../../adapter-support.js";
import type { DurableObjectKeyValueLike, DurableObjectStorageLike } from "./bindings.js";
import { abandonedPartKeys, abandonedWriteAgeOption, cleanMeta, inBatches, incomplete, joinParts, newGeneration, partBytesOption, splitValue } from "./value-parts.js";

export interface DurableObjectStoreOptions {
  /** Prefix of every key this store writes. Default "quickbox:". */
  keyPrefix?: string;
  /** Largest part. Default 127 KiB (KV-backed objects allow 128 KiB per value); up to 2,000,000 on SQLite-backed objects. */
  maxPartBytes?: number;
  /** prune() also removes parts no record names (a write that died, old parts not deleted) once their write started this long ago. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

/** storage.get/put/delete take at most 128 keys at a time. */
const MAX_KEYS_PER_CALL = 128;
const LIST_PAGE = 1000;
/** Listing parts reads their values too: small pages keep that within an isolate's memory. */
const PART_LIST_PAGE = 32;
export const DEFAULT_DO_PART_BYTES = 127 * 1024;
const MAX_DO_PART_BYTES = 2_000_000;

interface IndexRecord {
  meta: StoreRecordMeta;
  valueBytes: number;
  parts: number;
  generation: string;
}

function isIndexRecord(value: unknown): value is IndexRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<IndexRecord>;
  return typeof record.meta === "object" && typeof record.valueBytes === "number" && typeof record.parts === "number" && typeof record.generation === "string";
}

export function durableObjectStore(storage: DurableObjectStorageLike, options: DurableObjectStoreOptions = {}): AtomicSnapshotStore {
  const prefix = options.keyPrefix ?? "quickbox:";
  const maxPartBytes = partBytesOption(options.maxPartBytes, DEFAULT_DO_PART_BYTES, MAX_DO_PART_BYTES, "maxPartBytes");
  const abandonedWriteAgeMs = abandonedWriteAgeOption(options.abandonedWriteAgeMs);
  const indexKey = (key: string) => `${prefix}i:${key}`;
  const partKeys = (record: IndexRecord) => Array.from({ length: record.parts }, (_, n) => `${prefix}p:${record.generation}:${n}`);

  async function readIndex(key: string, from: DurableObjectKeyValueLike = storage): Promise<IndexRecord | undefined> {
    const value = (await from.get([indexKey(key)])).get(indexKey(key));
    return isIndexRecord(value) ? value : undefined;
  }

  /** Best effort: once no index names them, parts are never read again, only left over. */
  async function deleteParts(record: IndexRecord, from: DurableObjectKeyValueLike = storage): Promise<void> {
    await inBatches(partKeys(record), MAX_KEYS_PER_CALL, (batch) => from.delete(batch)).catch(() => {});
  }

  async function readValue(key: string, from: DurableObjectKeyValueLike = storage): Promise<Uint8Array | undefined> {
    const record = await readIndex(key, from);
    if (!record) return undefined;
    const keys = partKeys(record);
    const parts: Uint8Array[] = [];
    await inBatches(keys, MAX_KEYS_PER_CALL, async (batch) => {
      const found = await from.get(batch);
      for (const partKey of batch) {
        const part = found.get(partKey);
        if (!(part instanceof Uint8Array)) throw incomplete(`${key}: part ${partKey} is missing`);
        parts.push(part);
      }
    });
    return joinParts(parts, record.valueBytes);
  }

  async function writeValue(key: string, value: Uint8Array, meta: StoreRecordMeta, to: DurableObjectKeyValueLike = storage): Promise<void> {
    const previous = await readIndex(key, to);
    const parts = splitValue(value, maxPartBytes);
    const record: IndexRecord = { meta: cleanMeta(meta), valueBytes: value.length, parts: parts.length, generation: newGeneration() };
    const entries = Object.fromEntries(partKeys(record).map((partKey, n) => [partKey, parts[n]]));
    if (parts.length < MAX_KEYS_PER_CALL) {
      await to.put({ ...entries, [indexKey(key)]: record });
    } else {
      await inBatches(Object.entries(entries), MAX_KEYS_PER_CALL, (batch) => to.put(Object.fromEntries(batch)));
      await to.put({ [indexKey(key)]: record });
    }
    if (previous) await deleteParts(previous, to);
  }

  async function deleteValue(key: string, from: DurableObjectKeyValueLike = storage): Promise<void> {
    const record = await readIndex(key, from);
    if (!record) return;
    await from.delete([indexKey(key)]);
    await deleteParts(record, from);
  }

  /** Every key under `listPrefix`, page by page (values are read too: DO storage has no keys-only list). */
  async function* keysUnder(listPrefix: string, pageSize: number): AsyncGenerator<[string, unknown]> {
    for (let startAfter: string | undefined; ; ) {
      const page = await storage.list({ prefix: listPrefix, limit: pageSize, ...(startAfter === undefined ? {} : { startAfter }) });
      for (const entry of page) {
        yield entry;
        startAfter = entry[0];
      }
      if (page.size < pageSize) return;
    }
  }

  async function sweepAbandonedParts(): Promise<void> {
    const live = new Set<string>();
    for await (const [, value] of keysUnder(`${prefix}i:`, LIST_PAGE)) if (isIndexRecord(value)) live.add(value.generation);
    const partPrefix = `${prefix}p:`;
    const partKeyList: string[] = [];
    for await (const [key] of keysUnder(partPrefix, PART_LIST_PAGE)) partKeyList.push(key);
    await inBatches(abandonedPartKeys(partKeyList, partPrefix, live, abandonedWriteAgeMs), MAX_KEYS_PER_CALL, (batch) => storage.delete(batch));
  }

  const store: AtomicSnapshotStore = {
    get: (key) => readValue(key),
    put: (key, value, meta) => writeValue(key, value, meta),
    delete: (key) => deleteValue(key),

    /**
     * One storage transaction: the read, the comparison and the write see and change one state.
     * (Calls to one object also never interleave between storage operations, so even a storage
     * without transaction() cannot be written in between.)
     */
    async compareAndSet(key, expected, next) {
      const swap = async (txn: DurableObjectKeyValueLike) => {
        if (!sameBytes(await readValue(key, txn), expected)) return false;
        if (next) await writeValue(key, next.value, next.meta, txn);
        else await deleteValue(key, txn);
        return true;
      };
      return storage.transaction ? storage.transaction(swap) : swap(storage);
    },

    async list(keyPrefix = "") {
      const records: StoreRecord[] = [];
      for await (const [storageKey, value] of keysUnder(indexKey(keyPrefix), LIST_PAGE)) {
        if (isIndexRecord(value)) records.push({ key: storageKey.slice(indexKey("").length), ...cleanMeta(value.meta) });
      }
      return records;
    },

    async prune(pruneOptions?: PruneOptions) {
      const pruned = await pruneSnapshots(store, pruneOptions);
      await sweepAbandonedParts();
      return pruned;
    },
  };
  return store;
}
