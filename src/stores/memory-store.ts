/** memoryStore(): the default SnapshotStore, in this process's memory (lost with it). */
import type { AtomicSnapshotStore, PruneOptions, StoreRecord, StoreRecordMeta } from "../types.js";
import { sameBytes } from "./same-bytes.js";
import { pruneSnapshots } from "./store-contract.js";

export function memoryStore(): AtomicSnapshotStore {
  const records = new Map<string, { value: Uint8Array; meta: StoreRecordMeta }>();
  const store: AtomicSnapshotStore = {
    async get(key) {
      const record = records.get(key);
      return record ? record.value.slice() : undefined;
    },
    async put(key, value, meta) {
      records.set(key, { value: value.slice(), meta: { ...meta } });
    },
    async delete(key) {
      records.delete(key);
    },
    async list(prefix = "") {
      const out: StoreRecord[] = [];
      for (const [key, record] of records) if (key.startsWith(prefix)) out.push({ key, ...record.meta });
      return out;
    },
    // One synchronous step between the read and the write: nothing else runs in between.
    async compareAndSet(key, expected, next) {
      if (!sameBytes(records.get(key)?.value, expected)) return false;
      if (next) records.set(key, { value: next.value.slice(), meta: { ...next.meta } });
      else records.delete(key);
      return true;
    },
    prune: (options?: PruneOptions) => pruneSnapshots(store, options),
  };
  return store;
}
