import { a as QuickboxError } from "./snapshot-codec-CMGbdmR3.js";
import { s as pruneSnapshots } from "./store-contract-KEkTIkJy.js";
// src/adapters/deno/kv-layout.ts
var KvLayout = class {
	root;
	constructor(root) {
		this.root = root;
	}
	index(key) {
		return [
			...this.root,
			"index",
			key
		];
	}
	indexes() {
		return [...this.root, "index"];
	}
	chunks(key, writeId) {
		return [
			...this.root,
			"chunk",
			key,
			writeId
		];
	}
	chunk(key, writeId, n) {
		return [
			...this.root,
			"chunk",
			key,
			writeId,
			n
		];
	}
	loose(writeId) {
		return [
			...this.root,
			"loose",
			writeId
		];
	}
	looseWrites() {
		return [...this.root, "loose"];
	}
	/** The store key of an index entry's KV key. */
	storeKeyOf(indexKey) {
		return String(indexKey[this.root.length + 1]);
	}
};
var utf8 = new TextEncoder();
/** An upper bound of a key's encoded size (Deno KV counts keys towards a commit's 800 KiB). */
function keyBytes(key) {
	let total = 0;
	for (const part of key) if (typeof part === "string") total += utf8.encode(part).length * 2 + 2;
	else if (part instanceof Uint8Array) total += part.length * 2 + 2;
	else total += 24;
	return total;
}
/** Only the fields StoreRecordMeta defines, without undefined ones. */
function cleanMeta(meta) {
	return {
		sizeBytes: meta.sizeBytes,
		createdAt: meta.createdAt,
		...meta.threadId !== void 0 ? { threadId: meta.threadId } : {},
		...meta.kind !== void 0 ? { kind: meta.kind } : {}
	};
}
// src/adapters/deno/deno-kv.ts
/** Deno KV's limits (denokv_proto, checked against Deno 2.9): per value, per atomic commit, per read. */
var KV_MAX_VALUE_BYTES = 65536;
var KV_MAX_LIST_BATCH = 1e3;
// src/adapters/deno/kv-commits.ts
/** Mutations grouped into atomic commits that stay inside Deno KV's per-commit limits. */
function valueBytes(value) {
	if (value instanceof Uint8Array) return value.length;
	return JSON.stringify(value).length * 2 + 64;
}
function setMutation(key, value) {
	return {
		key,
		value,
		sizeBytes: keyBytes(key) + valueBytes(value)
	};
}
function deleteMutation(key) {
	return {
		key,
		sizeBytes: keyBytes(key)
	};
}
function totalBytes(mutations) {
	return mutations.reduce((sum, mutation) => sum + mutation.sizeBytes, 0);
}
/** Whether the mutations fit one commit next to `reserved` (other mutations of that commit). */
function fitsOneCommit(mutations, reserved = []) {
	return mutations.length + reserved.length <= 1e3 && totalBytes(mutations) + totalBytes(reserved) <= 819200;
}
/** Splits mutations, in order, into groups that each fit one commit (the first next to `firstReserved`). */
function groupCommits(mutations, firstReserved = []) {
	const groups = [];
	let group = [];
	let reserved = firstReserved;
	for (const mutation of mutations) {
		if (group.length && !fitsOneCommit([...group, mutation], reserved)) {
			groups.push(group);
			group = [];
			reserved = [];
		}
		group.push(mutation);
	}
	if (group.length) groups.push(group);
	return groups;
}
function applyMutations(operation, mutations) {
	for (const mutation of mutations) if (mutation.value === void 0) operation.delete(mutation.key);
	else operation.set(mutation.key, mutation.value);
	return operation;
}
/** Commits each group in turn; the groups carry no checks, so each must succeed. */
async function commitGroups(kv, groups) {
	for (const group of groups) if (!(await applyMutations(kv.atomic(), group).commit()).ok) throw new QuickboxError("STORE_FAILED", "denoKvStore: Deno KV refused an unconditional commit");
}
// src/adapters/deno/loose-writes.ts
function looseMarker(layout, writeId, loose) {
	return setMutation(layout.loose(writeId), loose);
}
function chunkDeletes(layout, key, writeId, chunkCount) {
	return Array.from({ length: chunkCount }, (_, n) => deleteMutation(layout.chunk(key, writeId, n)));
}
/** Deletes a loose write's chunks, then its marker (last, so a cut cleanup is found again). */
async function deleteLooseWrite(kv, layout, writeId, loose) {
	await commitGroups(kv, groupCommits([...chunkDeletes(layout, loose.key, writeId, loose.chunkCount), deleteMutation(layout.loose(writeId))]));
}
/**
* Removes replaced chunks, and those of puts that started more than `abandonedWriteAgeMs` ago and
* never committed their index. Returns how many loose writes it removed.
*/
async function sweepLooseWrites(kv, layout, abandonedWriteAgeMs, nowMs = Date.now()) {
	const found = [];
	for await (const entry of kv.list({ prefix: layout.looseWrites() })) found.push({
		writeId: String(entry.key[entry.key.length - 1]),
		loose: entry.value
	});
	let removed = 0;
	for (const { writeId, loose } of found) {
		if (loose.state === "writing" && nowMs - loose.sinceMs < abandonedWriteAgeMs) continue;
		const named = (await kv.get(layout.index(loose.key))).value?.writeId === writeId;
		await deleteLooseWrite(kv, layout, writeId, {
			key: loose.key,
			chunkCount: named ? 0 : loose.chunkCount
		});
		if (!named) removed++;
	}
	return removed;
}
// src/adapters/deno/kv-records.ts
/**
* Reading and writing one record of any size in Deno KV (64 KiB per value, 800 KiB per atomic
* commit). A put writes its chunks first, under a fresh write id, then commits the index entry
* that names them, checked against the index it replaces. Until that last commit the previous
* value stays readable; a cut put leaves only loose chunks that prune() removes.
*/
/** Index commits retried when another writer changed the same key in between. */
var MAX_INDEX_ATTEMPTS = 8;
/** Reads retried when the record was replaced while its chunks were being read. */
var MAX_READ_ATTEMPTS = 4;
var LIST_BATCH = 500;
function storeFailed(message) {
	return new QuickboxError("STORE_FAILED", `denoKvStore: ${message}`);
}
function splitChunks(value) {
	const chunks = [];
	for (let offset = 0; offset < value.length; offset += KV_MAX_VALUE_BYTES) chunks.push(value.subarray(offset, offset + KV_MAX_VALUE_BYTES));
	return chunks;
}
/**
* The mutations that retire `replaced`'s chunks within the commit that replaces its index: the
* deletes themselves when they fit next to `others`, otherwise a "replaced" marker.
*/
function retire(layout, key, replaced, others) {
	if (!replaced?.chunkCount) return { mutations: others };
	const deletes = chunkDeletes(layout, key, replaced.writeId, replaced.chunkCount);
	if (fitsOneCommit(deletes, others)) return { mutations: [...others, ...deletes] };
	const loose = {
		key,
		chunkCount: replaced.chunkCount,
		state: "replaced",
		sinceMs: Date.now()
	};
	return {
		mutations: [...others, looseMarker(layout, replaced.writeId, loose)],
		replaced: {
			writeId: replaced.writeId,
			key,
			chunkCount: replaced.chunkCount
		}
	};
}
/**
* Commits a change of `key`'s index, checked against the index it read (null = nothing to do).
* Returns the replaced chunks still to delete.
*/
async function changeIndex(kv, layout, key, build) {
	for (let attempt = 0; attempt < MAX_INDEX_ATTEMPTS; attempt++) {
		const current = await kv.get(layout.index(key));
		const change = build(current.value);
		if (!change) return void 0;
		if ((await applyMutations(kv.atomic().check({
			key: layout.index(key),
			versionstamp: current.versionstamp
		}), change.mutations).commit()).ok) return change.replaced;
	}
	throw storeFailed(`"${key}" kept changing under concurrent writers; gave up after ${MAX_INDEX_ATTEMPTS} attempts`);
}
async function deleteReplaced(kv, layout, replaced) {
	if (replaced) await deleteLooseWrite(kv, layout, replaced.writeId, replaced);
}
/**
* Best effort after a failed put: removes its chunks, unless its index did commit (a commit can
* fail ambiguously on a remote KV). Without this, prune() removes them once the put is old enough.
*/
async function abandonWrite(kv, layout, key, writeId, writing) {
	if ((await kv.get(layout.index(key))).value?.writeId !== writeId) await deleteLooseWrite(kv, layout, writeId, writing);
}
async function writeRecord(kv, layout, key, value, meta) {
	const writeId = crypto.randomUUID();
	const chunks = splitChunks(value.slice()).map((bytes, n) => setMutation(layout.chunk(key, writeId, n), bytes));
	const index = {
		meta: cleanMeta(meta),
		writeId,
		chunkCount: chunks.length,
		byteLength: value.length
	};
	const indexSet = setMutation(layout.index(key), index);
	const writing = {
		key,
		chunkCount: chunks.length,
		state: "writing",
		sinceMs: Date.now()
	};
	const marker = looseMarker(layout, writeId, writing);
	if (fitsOneCommit(chunks, [indexSet, marker])) {
		await deleteReplaced(kv, layout, await changeIndex(kv, layout, key, (current) => retire(layout, key, current, [...chunks, indexSet])));
		return;
	}
	let replaced;
	try {
		const groups = groupCommits(chunks, [marker]);
		groups[0].unshift(marker);
		await commitGroups(kv, groups);
		replaced = await changeIndex(kv, layout, key, (current) => retire(layout, key, current, [indexSet, deleteMutation(layout.loose(writeId))]));
	} catch (error) {
		await abandonWrite(kv, layout, key, writeId, writing).catch(() => void 0);
		throw error;
	}
	await deleteReplaced(kv, layout, replaced);
}
async function deleteRecord(kv, layout, key) {
	await deleteReplaced(kv, layout, await changeIndex(kv, layout, key, (current) => current ? retire(layout, key, current, [deleteMutation(layout.index(key))]) : null));
}
/** The record's bytes, or undefined when its chunks are gone (it was replaced meanwhile). */
async function readChunks(kv, layout, key, index) {
	const out = new Uint8Array(index.byteLength);
	if (!index.chunkCount) return index.byteLength === 0 ? out : void 0;
	let offset = 0;
	let count = 0;
	const batchSize = Math.min(index.chunkCount, KV_MAX_LIST_BATCH);
	for await (const entry of kv.list({ prefix: layout.chunks(key, index.writeId) }, { batchSize })) {
		const bytes = entry.value;
		if (entry.key[entry.key.length - 1] !== count || !(bytes instanceof Uint8Array) || offset + bytes.length > out.length) return void 0;
		out.set(bytes, offset);
		offset += bytes.length;
		count++;
	}
	return count === index.chunkCount && offset === index.byteLength ? out : void 0;
}
async function readRecord(kv, layout, key) {
	for (let attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
		const index = await kv.get(layout.index(key));
		if (!index.value) return void 0;
		const bytes = await readChunks(kv, layout, key, index.value);
		if (bytes) return bytes;
		if ((await kv.get(layout.index(key))).versionstamp === index.versionstamp) throw storeFailed(`"${key}" names chunks that are missing or damaged`);
	}
	throw storeFailed(`"${key}" kept changing while it was read; gave up after ${MAX_READ_ATTEMPTS} attempts`);
}
async function listRecords(kv, layout, prefix) {
	const selector = prefix ? {
		prefix: layout.indexes(),
		start: layout.index(prefix)
	} : { prefix: layout.indexes() };
	const records = [];
	for await (const entry of kv.list(selector, { batchSize: LIST_BATCH })) {
		const key = layout.storeKeyOf(entry.key);
		if (!key.startsWith(prefix)) break;
		records.push({
			key,
			...cleanMeta(entry.value.meta)
		});
	}
	return records;
}
function isKv(value) {
	if (typeof value !== "object" || value === null) return false;
	const kv = value;
	return typeof kv.get === "function" && typeof kv.list === "function" && typeof kv.atomic === "function";
}
function invalid(message) {
	throw new QuickboxError("INVALID_OPTIONS", `denoKvStore: ${message}`);
}
function denoKvStore(kv, options = {}) {
	if (!isKv(kv)) invalid("kv must be a Deno.Kv (from `await Deno.openKv()`, with --unstable-kv)");
	const prefix = options.prefix ?? ["quickbox"];
	if (!Array.isArray(prefix)) invalid("prefix must be an array of Deno KV key parts");
	const abandonedWriteAgeMs = options.abandonedWriteAgeMs ?? 36e5;
	if (typeof abandonedWriteAgeMs !== "number" || !(abandonedWriteAgeMs >= 0)) invalid("abandonedWriteAgeMs must be a number ≥ 0");
	const layout = new KvLayout([...prefix]);
	const store = {
		get: (key) => readRecord(kv, layout, key),
		put: (key, value, meta) => writeRecord(kv, layout, key, value, meta),
		delete: (key) => deleteRecord(kv, layout, key),
		list: (keyPrefix = "") => listRecords(kv, layout, keyPrefix),
		async prune(pruneOptions) {
			const result = await pruneSnapshots(store, pruneOptions);
			await sweepLooseWrites(kv, layout, abandonedWriteAgeMs);
			return result;
		}
	};
	return store;
}
export { denoKvStore };
