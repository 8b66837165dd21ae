import { s as pruneSnapshots } from "./store-contract-KEkTIkJy.js";
import { a as QuickboxError } from "./snapshot-codec-CMGbdmR3.js";
import { t as createInterpreter } from "./interpreter-DHUjrGnj.js";
import { DurableObject } from "cloudflare:workers";
// src/adapters/cloudflare/value-parts.ts
/**
* Splitting a store value into parts that fit a backend's value limit, and joining them back.
* Each record's parts carry a fresh generation id, so a new value never overwrites the parts the
* current index points at: the index is switched in one write, then the old parts are deleted.
*/
/** Each part is its own copy: a view over a larger buffer would be stored with the whole buffer. */
function splitValue(value, maxPartBytes) {
	if (value.length === 0) return [/* @__PURE__ */ new Uint8Array(0)];
	const parts = [];
	for (let offset = 0; offset < value.length; offset += maxPartBytes) parts.push(value.slice(offset, offset + maxPartBytes));
	return parts;
}
function joinParts(parts, sizeBytes) {
	const joined = new Uint8Array(sizeBytes);
	let offset = 0;
	for (const part of parts) {
		if (offset + part.length > sizeBytes) throw incomplete("its parts are longer than recorded");
		joined.set(part, offset);
		offset += part.length;
	}
	if (offset !== sizeBytes) throw incomplete("its parts are shorter than recorded");
	return joined;
}
/** 16 random hex digits: names one write of one record's parts. */
function newGeneration() {
	return Array.from(crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
function incomplete(why) {
	return new QuickboxError("STORE_FAILED", `a stored record is incomplete: ${why}`);
}
/** The metadata a store keeps with a record, without undefined fields. */
function cleanMeta(meta) {
	const clean = {
		sizeBytes: meta.sizeBytes,
		createdAt: meta.createdAt
	};
	if (meta.threadId !== void 0) clean.threadId = meta.threadId;
	if (meta.kind !== void 0) clean.kind = meta.kind;
	return clean;
}
/** Checks a number option: a positive integer at most `max`. */
function partBytesOption(value, fallback, max, name) {
	if (value === void 0) return fallback;
	if (!Number.isInteger(value) || value < 1 || value > max) throw new QuickboxError("INVALID_OPTIONS", `${name} must be an integer between 1 and ${max}`);
	return value;
}
/** Runs `work` on consecutive slices of at most `size` items. */
async function inBatches(items, size, work) {
	for (let start = 0; start < items.length; start += size) await work(items.slice(start, start + size));
}
// src/adapters/cloudflare/kv-store.ts
var DEFAULT_KV_PART_BYTES = 24 * 2 ** 20;
var MAX_KV_PART_BYTES = 25 * 2 ** 20;
function isRecordMetadata(value) {
	if (typeof value !== "object" || value === null) return false;
	const metadata = value;
	return typeof metadata.sizeBytes === "number" && typeof metadata.createdAt === "number" && typeof metadata.valueBytes === "number" && typeof metadata.parts === "number";
}
function kvStore(namespace, options = {}) {
	const prefix = options.keyPrefix ?? "quickbox:";
	const maxPartBytes = partBytesOption(options.maxPartBytes, DEFAULT_KV_PART_BYTES, MAX_KV_PART_BYTES, "maxPartBytes");
	const recordKey = (key) => `${prefix}r:${key}`;
	const partKeys = (metadata) => metadata.generation === void 0 || metadata.parts < 2 ? [] : Array.from({ length: metadata.parts }, (_, n) => `${prefix}p:${metadata.generation}:${n}`);
	async function read(key) {
		const { value, metadata } = await namespace.getWithMetadata(recordKey(key), "arrayBuffer");
		if (value === null) return void 0;
		if (!isRecordMetadata(metadata)) throw incomplete(`${key}: its metadata is missing`);
		return {
			value,
			metadata
		};
	}
	/** Best effort: once no record names them, parts are never read again, only left over. */
	async function deleteParts(metadata) {
		await Promise.all(partKeys(metadata).map((partKey) => namespace.delete(partKey))).catch(() => {});
	}
	const store = {
		async get(key) {
			const record = await read(key);
			if (!record) return void 0;
			const keys = partKeys(record.metadata);
			if (!keys.length) return joinParts([new Uint8Array(record.value)], record.metadata.valueBytes);
			return joinParts(await Promise.all(keys.map(async (partKey) => {
				const part = await namespace.get(partKey, "arrayBuffer");
				if (part === null) throw incomplete(`${key}: part ${partKey} is missing (KV may not have caught up yet)`);
				return new Uint8Array(part);
			})), record.metadata.valueBytes);
		},
		async put(key, value, meta) {
			const previous = await read(key);
			const parts = splitValue(value, maxPartBytes);
			const metadata = {
				...cleanMeta(meta),
				valueBytes: value.length,
				parts: parts.length
			};
			if (parts.length === 1) await namespace.put(recordKey(key), parts[0], { metadata });
			else {
				metadata.generation = newGeneration();
				const keys = partKeys(metadata);
				await Promise.all(keys.map((partKey, n) => namespace.put(partKey, parts[n])));
				await namespace.put(recordKey(key), /* @__PURE__ */ new Uint8Array(0), { metadata });
			}
			if (previous) await deleteParts(previous.metadata);
		},
		async delete(key) {
			const record = await read(key);
			if (!record) return;
			await namespace.delete(recordKey(key));
			await deleteParts(record.metadata);
		},
		async list(keyPrefix = "") {
			const records = [];
			const start = recordKey("").length;
			for (let cursor;;) {
				const page = await namespace.list({
					prefix: recordKey(keyPrefix),
					...cursor === void 0 ? {} : { cursor }
				});
				for (const { name, metadata } of page.keys) if (isRecordMetadata(metadata)) records.push({
					key: name.slice(start),
					...cleanMeta(metadata)
				});
				if (page.list_complete || !page.cursor) return records;
				cursor = page.cursor;
			}
		},
		prune: (pruneOptions) => pruneSnapshots(store, pruneOptions)
	};
	return store;
}
// src/adapters/cloudflare/durable-object-store.ts
/** storage.get/put/delete take at most 128 keys at a time. */
var MAX_KEYS_PER_CALL = 128;
var LIST_PAGE = 1e3;
var DEFAULT_DO_PART_BYTES = 130048;
var MAX_DO_PART_BYTES = 2e6;
function isIndexRecord(value) {
	if (typeof value !== "object" || value === null) return false;
	const record = value;
	return typeof record.meta === "object" && typeof record.valueBytes === "number" && typeof record.parts === "number" && typeof record.generation === "string";
}
function durableObjectStore(storage, options = {}) {
	const prefix = options.keyPrefix ?? "quickbox:";
	const maxPartBytes = partBytesOption(options.maxPartBytes, DEFAULT_DO_PART_BYTES, MAX_DO_PART_BYTES, "maxPartBytes");
	const indexKey = (key) => `${prefix}i:${key}`;
	const partKeys = (record) => Array.from({ length: record.parts }, (_, n) => `${prefix}p:${record.generation}:${n}`);
	async function readIndex(key) {
		const value = (await storage.get([indexKey(key)])).get(indexKey(key));
		return isIndexRecord(value) ? value : void 0;
	}
	/** Best effort: once no index names them, parts are never read again, only left over. */
	async function deleteParts(record) {
		await inBatches(partKeys(record), MAX_KEYS_PER_CALL, (batch) => storage.delete(batch)).catch(() => {});
	}
	const store = {
		async get(key) {
			const record = await readIndex(key);
			if (!record) return void 0;
			const keys = partKeys(record);
			const parts = [];
			await inBatches(keys, MAX_KEYS_PER_CALL, async (batch) => {
				const found = await storage.get(batch);
				for (const partKey of batch) {
					const part = found.get(partKey);
					if (!(part instanceof Uint8Array)) throw incomplete(`${key}: part ${partKey} is missing`);
					parts.push(part);
				}
			});
			return joinParts(parts, record.valueBytes);
		},
		async put(key, value, meta) {
			const previous = await readIndex(key);
			const parts = splitValue(value, maxPartBytes);
			const record = {
				meta: cleanMeta(meta),
				valueBytes: value.length,
				parts: parts.length,
				generation: newGeneration()
			};
			const entries = Object.fromEntries(partKeys(record).map((partKey, n) => [partKey, parts[n]]));
			if (parts.length < MAX_KEYS_PER_CALL) await storage.put({
				...entries,
				[indexKey(key)]: record
			});
			else {
				await inBatches(Object.entries(entries), MAX_KEYS_PER_CALL, (batch) => storage.put(Object.fromEntries(batch)));
				await storage.put({ [indexKey(key)]: record });
			}
			if (previous) await deleteParts(previous);
		},
		async delete(key) {
			const record = await readIndex(key);
			if (!record) return;
			await storage.delete([indexKey(key)]);
			await deleteParts(record);
		},
		async list(keyPrefix = "") {
			const records = [];
			const listPrefix = indexKey(keyPrefix);
			for (let startAfter;;) {
				const page = await storage.list({
					prefix: listPrefix,
					limit: LIST_PAGE,
					...startAfter === void 0 ? {} : { startAfter }
				});
				for (const [storageKey, value] of page) {
					if (isIndexRecord(value)) records.push({
						key: storageKey.slice(indexKey("").length),
						...cleanMeta(value.meta)
					});
					startAfter = storageKey;
				}
				if (page.size < LIST_PAGE) return records;
			}
		},
		prune: (pruneOptions) => pruneSnapshots(store, pruneOptions)
	};
	return store;
}
// src/adapters/cloudflare/interpreter-durable-object.ts
/**
* InterpreterDurableObject: one Durable Object per agent thread. Users subclass it in their
* worker, say which options (tools, interruptOn, limits, the imported wasm) the interpreter has,
* export the class and bind it; callers reach a thread through `namespace.get(idFromName(name))`
* and call its RPC methods. The interpreter runs inside the object (isolation "inline") and keeps
* the thread in the object's storage (durableObjectStore), so the thread, paused or not, survives
* eviction and restarts: the next call restores it from its last snapshot.
*
* Tools run inside the object, so `execute` can use `this.env` (KV, D1, service bindings: an RPC
* back to the calling worker is a service binding). Their definitions live in the worker module;
* a resume after eviction needs nothing from the caller but the decisions.
*/
/** The one thread an object owns. */
var DURABLE_OBJECT_THREAD_ID = "default";
var InterpreterDurableObject = class extends DurableObject {
	#interpreter;
	/** The object's interpreter, created on first use. */
	interpreter() {
		this.#interpreter ??= (async () => {
			const { storage, ...options } = await this.interpreterOptions();
			const store = durableObjectStore(this.ctx.storage, storage);
			return createInterpreter({
				...options,
				isolation: "inline",
				store
			});
		})().catch((error) => {
			this.#interpreter = void 0;
			throw error;
		});
		return this.#interpreter;
	}
	/** Runs a program in the thread (RPC). A paused thread throws THREAD_PAUSED: resume it first. */
	async eval(code) {
		return (await this.interpreter()).eval(code, { threadId: DURABLE_OBJECT_THREAD_ID });
	}
	/** Decides some or all of the paused thread's interrupts, by id, and continues the program (RPC). */
	async resume(decisions) {
		return (await this.interpreter()).resume(DURABLE_OBJECT_THREAD_ID, decisions);
	}
	/** Writes a snapshot of the thread now (RPC). */
	async snapshot() {
		return (await this.interpreter()).snapshot(DURABLE_OBJECT_THREAD_ID);
	}
	/** The thread's state and, when paused, its pending interrupts (RPC). A thread never run is "idle". */
	async thread() {
		return (await (await this.interpreter()).threads()).find((info) => info.threadId === "default") ?? {
			threadId: "default",
			state: "idle",
			pendingInterrupts: 0
		};
	}
	/** Forgets the thread (RPC); its snapshots go with the next prune. */
	async reset() {
		await (await this.interpreter()).reset(DURABLE_OBJECT_THREAD_ID);
	}
};
export { DEFAULT_DO_PART_BYTES, DEFAULT_KV_PART_BYTES, DURABLE_OBJECT_THREAD_ID, InterpreterDurableObject, durableObjectStore, kvStore };
