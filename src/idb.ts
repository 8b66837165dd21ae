/** quickbox/idb: snapshots in IndexedDB (browsers). */
export { clearIdbStore, idbStore, type IdbStoreOptions } from "./stores/idb-store.js";
