import { s as pruneSnapshots } from "./store-contract-KEkTIkJy.js";
import { createStore, delMany, get, getMany, keys, setMany } from "idb-keyval";
// src/stores/idb-store.ts
/**
* idbStore(): a SnapshotStore in IndexedDB (via idb-keyval), one database per store (idb-keyval
* cannot add a second object store to an existing database). Each record is written with its
* metadata in one transaction, so a put is atomic.
*/
var META = "meta|";
var VALUE = "value|";
function idbStore(options = {}) {
	const database = createStore(options.dbName ?? "quickbox", "records");
	const store = {
		async get(key) {
			const value = await get(VALUE + key, database);
			return value === void 0 ? void 0 : new Uint8Array(value);
		},
		async put(key, value, meta) {
			await setMany([[VALUE + key, value.slice()], [META + key, { ...meta }]], database);
		},
		async delete(key) {
			await delMany([VALUE + key, META + key], database);
		},
		async list(prefix = "") {
			const metaKeys = (await keys(database)).filter((key) => typeof key === "string" && key.startsWith(META + prefix));
			const metas = await getMany(metaKeys, database);
			return metaKeys.flatMap((key, index) => metas[index] ? [{
				key: key.slice(5),
				...metas[index]
			}] : []);
		},
		prune: (pruneOptions) => pruneSnapshots(store, pruneOptions)
	};
	return store;
}
/** Deletes a whole idbStore database's contents (for tests and "forget everything" buttons). */
async function clearIdbStore(options = {}) {
	const database = createStore(options.dbName ?? "quickbox", "records");
	await delMany(await keys(database), database);
}
export { clearIdbStore, idbStore };
