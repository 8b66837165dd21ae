/** memoryStore(): the default SnapshotStore, in this process's memory (lost with it). */
import type { PruneOptions, PrunableSnapshotStore, StoreRecord, StoreRecordMeta } from "../types.js";
import { pruneSnapshots } from "./store-contract.js";

export function memoryStore(): PrunableSnapshotStore {
  const records = new Map<string, { value: Uint8Array; meta: StoreRecordMeta }>();
  const store: PrunableSnapshotStore = {
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
    prune: (options?: PruneOptions) => pruneSnapshots(store, options),
  };
  return store;
}
