import { r as readSnapshotHeader } from "./snapshot-codec-CMGbdmR3.js";
// src/stores/store-contract.ts
/**
* The SnapshotStore key layout and the operations every store shares (prune), built on the
* four primitive methods so that any store — memory, IndexedDB, files, KV — behaves the same.
*
*   snap:<sha256>   a snapshot (immutable, content-addressed)
*   head:<thread>   JSON: the thread's chain of snapshot ids (full, then deltas), paused state
*   log:<thread>    JSON: calls being executed on resume (for exactly-once effects)
*/
var SNAPSHOT_PREFIX = "snap:";
var HEAD_PREFIX = "head:";
var LOG_PREFIX = "log:";
function isSnapshotStore(value) {
	if (typeof value !== "object" || value === null) return false;
	const store = value;
	return [
		"get",
		"put",
		"delete",
		"list"
	].every((method) => typeof store[method] === "function");
}
function encodeJson(value) {
	return new TextEncoder().encode(JSON.stringify(value));
}
function decodeJson(bytes) {
	if (!bytes) return void 0;
	return JSON.parse(new TextDecoder().decode(bytes));
}
async function readHeads(store) {
	const records = await store.list(HEAD_PREFIX);
	return (await Promise.all(records.map(async (record) => decodeJson(await store.get(record.key))))).filter((head) => head !== void 0);
}
/** Adds `id` and the snapshots it is a delta of (its parents, up to a full snapshot) to `needed`. */
async function addWithParents(store, id, needed) {
	for (let current = id; current !== void 0 && !needed.has(current);) {
		needed.add(current);
		const bytes = await store.get(SNAPSHOT_PREFIX + current);
		if (!bytes) return;
		let header;
		try {
			header = readSnapshotHeader(bytes);
		} catch {
			return;
		}
		current = header.kind === "delta" ? header.parent : void 0;
	}
}
/**
* Removes snapshots that no head chain and no `keep` id needs, by age and/or count per thread.
* A kept delta keeps its parents (a delta cannot be restored without them).
*/
async function pruneSnapshots(store, options = {}) {
	const needed = /* @__PURE__ */ new Set();
	for (const head of await readHeads(store)) for (const id of head.chain) needed.add(id);
	for (const id of options.keep ?? []) await addWithParents(store, id, needed);
	const snapshots = (await store.list(SNAPSHOT_PREFIX)).filter((record) => !needed.has(record.key.slice(5)));
	const byThread = /* @__PURE__ */ new Map();
	for (const record of snapshots) {
		const list = byThread.get(record.threadId ?? "") ?? [];
		list.push(record);
		byThread.set(record.threadId ?? "", list);
	}
	const now = Date.now();
	const removed = [];
	for (const records of byThread.values()) {
		records.sort((a, b) => b.createdAt - a.createdAt);
		for (const [rank, record] of records.entries()) {
			const tooOld = options.olderThanMs !== void 0 && now - record.createdAt > options.olderThanMs;
			const beyondKeep = options.keepLast !== void 0 && rank >= options.keepLast;
			const noRule = options.olderThanMs === void 0 && options.keepLast === void 0;
			if (tooOld || beyondKeep || noRule) {
				await store.delete(record.key);
				removed.push(record.key.slice(5));
			}
		}
	}
	return { removed };
}
export { encodeJson as a, readHeads as c, decodeJson as i, LOG_PREFIX as n, isSnapshotStore as o, SNAPSHOT_PREFIX as r, pruneSnapshots as s, HEAD_PREFIX as t };
