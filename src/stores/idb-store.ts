/**
 * idbStore(): a SnapshotStore in IndexedDB (via idb-keyval), one database per store (idb-keyval
 * cannot add a second object store to an existing database). Each record is written with its
 * metadata in one transaction, so a put is atomic; compareAndSet reads, compares and writes in one
 * readwrite transaction, which IndexedDB runs alone against every other tab of the origin.
 */
import { createStore, delMany, getMany, keys, get, promisifyRequest, setMany, type UseStore } from "idb-keyval";
import type { AtomicSnapshotStore, PruneOptions, StoreRecord, StoreRecordMeta } from "../types.js";
import { sameBytes } from "./same-bytes.js";
import { pruneSnapshots } from "./store-contract.js";

export interface IdbStoreOptions {
  /** Database name; default "quickbox". */
  dbName?: string;
}

const META = "meta|";
const VALUE = "value|";

export function idbStore(options: IdbStoreOptions = {}): AtomicSnapshotStore {
  const database: UseStore = createStore(options.dbName ?? "quickbox", "records");
  const store: AtomicSnapshotStore = {
    async get(key) {
      const value = await get<Uint8Array>(VALUE + key, database);
      return value === undefined ? undefined : new Uint8Array(value);
    },
    async put(key, value, meta) {
      await setMany(
        [
          [VALUE + key, value.slice()],
          [META + key, { ...meta } satisfies StoreRecordMeta],
        ],
        database,
      );
    },
    async delete(key) {
      await delMany([VALUE + key, META + key], database);
    },
    async list(prefix = "") {
      const metaKeys = (await keys<string>(database)).filter((key) => typeof key === "string" && key.startsWith(META + prefix));
      const metas = await getMany<StoreRecordMeta>(metaKeys, database);
      return metaKeys.flatMap((key, index): StoreRecord[] => (metas[index] ? [{ key: key.slice(META.length), ...metas[index]! }] : []));
    },
    compareAndSet(key, expected, next) {
      return database("readwrite", (records) => {
        let written = false;
        // Every request is made from the previous one's callback: the transaction stays open
        // from the read to the write, and no other transaction on the store runs in between.
        const read = records.get(VALUE + key);
        read.onsuccess = () => {
          const current = read.result === undefined ? undefined : new Uint8Array(read.result as Uint8Array);
          if (!sameBytes(current, expected)) return;
          written = true;
          if (next) {
            records.put(next.value.slice(), VALUE + key);
            records.put({ ...next.meta } satisfies StoreRecordMeta, META + key);
          } else {
            records.delete(VALUE + key);
            records.delete(META + key);
          }
        };
        return promisifyRequest(records.transaction).then(() => written);
      });
    },
    prune: (pruneOptions?: PruneOptions) => pruneSnapshots(store, pruneOptions),
  };
  return store;
}

/** Deletes a whole idbStore database's contents (for tests and "forget everything" buttons). */
export async function clearIdbStore(options: IdbStoreOptions = {}): Promise<void> {
  const database = createStore(options.dbName ?? "quickbox", "records");
  await delMany(await keys(database), database);
}
