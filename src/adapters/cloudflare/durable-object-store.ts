/**
 * durableObjectStore(storage): a SnapshotStore in a Durable Object's storage (`ctx.storage`), on
 * the parted-record layer (src/stores/parted/). A value is at most 128 KiB on KV-backed objects
 * and 2 MB on SQLite-backed ones, so records are stored in parts (default 127 KiB, fits both):
 *
 *   <prefix>i:<key>              index { meta, valueBytes, parts, generation }   (small; what list reads)
 *   <prefix>p:<generation>:<n>   part n of the value
 *   <prefix>w:<generation>       a loose write: parts no index names (yet, or any more)
 *
 * Writes of at most 128 keys are one storage.put (atomic); the index switch runs in a storage
 * transaction that first checks the index is still the one read, so compareAndSet is atomic.
 */
import { type AtomicSnapshotStore } from "../../index.js";
import { bytesOption, partedStore, type LooseWrite, type PartedIndex, type PartedWrite, type SmallValueBackend } from "../../adapter-support.js";
import type { DurableObjectKeyValueLike, DurableObjectStorageLike } from "./bindings.js";
import { inBatches } from "./batches.js";

export interface DurableObjectStoreOptions {
  /** Prefix of every key this store writes. Default "quickbox:". */
  keyPrefix?: string;
  /** Largest part. Default 127 KiB (KV-backed objects allow 128 KiB per value); up to 2,000,000 on SQLite-backed objects. */
  maxPartBytes?: number;
  /** prune() also removes parts of writes that never finished once they started this long ago. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

/** storage.get/put/delete take at most 128 keys at a time. */
const MAX_KEYS_PER_CALL = 128;
const LIST_PAGE = 1000;
export const DEFAULT_DO_PART_BYTES = 127 * 1024;
const MAX_DO_PART_BYTES = 2_000_000;

/** The index as stored (the format earlier versions wrote too). */
interface IndexRecord {
  meta: PartedIndex["meta"];
  valueBytes: number;
  parts: number;
  generation: string;
}

function isIndexRecord(value: unknown): value is IndexRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<IndexRecord>;
  return typeof record.meta === "object" && typeof record.valueBytes === "number" && typeof record.parts === "number" && typeof record.generation === "string";
}

const toIndex = (record: IndexRecord): PartedIndex => ({ meta: record.meta, generation: record.generation, byteLength: record.valueBytes, partCount: record.parts });

export function durableObjectStore(storage: DurableObjectStorageLike, options: DurableObjectStoreOptions = {}): AtomicSnapshotStore {
  const prefix = options.keyPrefix ?? "quickbox:";
  const maxPartBytes = bytesOption(options.maxPartBytes, DEFAULT_DO_PART_BYTES, MAX_DO_PART_BYTES, "maxPartBytes");
  const indexKey = (key: string) => `${prefix}i:${key}`;
  const partKey = (generation: string, n: number) => `${prefix}p:${generation}:${n}`;
  const looseKey = (generation: string) => `${prefix}w:${generation}`;

  async function readIndex(key: string, from: DurableObjectKeyValueLike = storage): Promise<IndexRecord | undefined> {
    const value = (await from.get([indexKey(key)])).get(indexKey(key));
    return isIndexRecord(value) ? value : undefined;
  }

  async function apply(write: PartedWrite, to: DurableObjectKeyValueLike): Promise<void> {
    const sets: [string, unknown][] = [...write.loose.map(({ generation, loose }) => [looseKey(generation), loose] as [string, unknown]), ...write.parts.map(({ slot, bytes }) => [partKey(slot.generation, slot.n), bytes] as [string, unknown])];
    const deletes = [...write.deleteParts.map((slot) => partKey(slot.generation, slot.n)), ...write.deleteLoose.map(looseKey)];
    if (write.index?.index) {
      const { meta, generation, byteLength, partCount } = write.index.index;
      sets.push([indexKey(write.index.key), { meta, valueBytes: byteLength, parts: partCount, generation } satisfies IndexRecord]);
    } else if (write.index) deletes.push(indexKey(write.index.key));
    await inBatches(sets, MAX_KEYS_PER_CALL, (batch) => to.put(Object.fromEntries(batch)));
    await inBatches(deletes, MAX_KEYS_PER_CALL, (batch) => to.delete(batch));
  }

  /** Every entry under `listPrefix`, page by page (DO storage lists values too). */
  async function* entriesUnder(listPrefix: string): AsyncGenerator<[string, unknown]> {
    for (let startAfter: string | undefined; ; ) {
      const page = await storage.list({ prefix: listPrefix, limit: LIST_PAGE, ...(startAfter === undefined ? {} : { startAfter }) });
      for (const entry of page) {
        yield entry;
        startAfter = entry[0];
      }
      if (page.size < LIST_PAGE) return;
    }
  }

  const backend: SmallValueBackend<string> & { atomic: true } = {
    maxPartBytes,
    maxInlineBytes: 0,
    atomic: true,
    fits: (write) => write.loose.length + write.parts.length + 1 <= MAX_KEYS_PER_CALL && write.deleteParts.length + write.deleteLoose.length + 1 <= MAX_KEYS_PER_CALL,
    async readIndex(key) {
      const record = await readIndex(key);
      return record ? { index: toIndex(record), version: record.generation } : undefined;
    },
    async readParts(_key, index) {
      const keys = Array.from({ length: index.partCount }, (_, n) => partKey(index.generation, n));
      const parts: Uint8Array[] = [];
      let missing = false;
      await inBatches(keys, MAX_KEYS_PER_CALL, async (batch) => {
        const found = await storage.get(batch);
        for (const key of batch) {
          const part = found.get(key);
          if (part instanceof Uint8Array) parts.push(part);
          else missing = true;
        }
      });
      return missing ? undefined : parts;
    },
    async write(write, check) {
      if (!check) return apply(write, storage).then(() => true);
      // One storage transaction: the check and the write see and change one state.
      const checked = async (txn: DurableObjectKeyValueLike) => {
        if (((await readIndex(check.key, txn))?.generation ?? null) !== check.version) return false;
        await apply(write, txn);
        return true;
      };
      return storage.transaction ? storage.transaction(checked) : checked(storage);
    },
    async *listIndexes(keyPrefix) {
      for await (const [key, value] of entriesUnder(indexKey(keyPrefix))) if (isIndexRecord(value)) yield { key: key.slice(indexKey("").length), index: toIndex(value) };
    },
    async *listLoose() {
      for await (const [key, value] of entriesUnder(looseKey(""))) yield { generation: key.slice(looseKey("").length), loose: value as LooseWrite };
    },
  };
  return partedStore(backend, { storeName: "durableObjectStore", abandonedWriteAgeMs: options.abandonedWriteAgeMs });
}
