import { gunzipSync, gzipSync } from "fflate";
var WORDS_PER_CHUNK = 32;
/** Number of chunks up to the last non-zero byte (the rest of the memory is zero). */
function usedChunks(memory) {
	const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
	let end = words.length;
	while (end > 0 && words[end - 1] === 0) end--;
	return Math.ceil(end / WORDS_PER_CHUNK);
}
function hashInto(words, start, hashes, slot) {
	let a = 2166136261;
	let b = 2654435769;
	for (let i = start, end = start + WORDS_PER_CHUNK; i < end; i++) {
		const word = words[i];
		a = Math.imul(a ^ word, 16777619);
		b = Math.imul((b ^ word) + (b << 5 | b >>> 27), 2246822507);
	}
	hashes[slot * 2] = a >>> 0;
	hashes[slot * 2 + 1] = b >>> 0;
}
/** Hashes of the first `chunkCount` chunks; bytes past the end of `memory` count as zeros. */
function hashChunks(memory, chunkCount, skip) {
	const hashes = new Uint32Array(chunkCount * 2);
	const whole = Math.min(chunkCount, Math.floor(memory.byteLength / 128));
	const words = new Uint32Array(memory.buffer, memory.byteOffset, whole * WORDS_PER_CHUNK);
	const skipFrom = Math.min(skip?.firstChunk ?? whole, whole);
	const skipTo = Math.max(skipFrom, Math.min(skip?.endChunk ?? whole, whole));
	for (let chunk = 0; chunk < skipFrom; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk);
	if (skip && skipTo > skipFrom) hashes.set(skip.fill.subarray(skipFrom * 2, skipTo * 2), skipFrom * 2);
	for (let chunk = skipTo; chunk < whole; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk);
	if (whole < chunkCount) {
		const padded = /* @__PURE__ */ new Uint8Array(128);
		padded.set(memory.subarray(whole * 128));
		hashInto(new Uint32Array(padded.buffer), 0, hashes, whole);
		const zero = zeroChunkHashes();
		for (let chunk = whole + 1; chunk < chunkCount; chunk++) hashes.set(zero, chunk * 2);
	}
	return hashes;
}
var zeroHashes = null;
function zeroChunkHashes() {
	if (!zeroHashes) {
		zeroHashes = /* @__PURE__ */ new Uint32Array(2);
		hashInto(new Uint32Array(WORDS_PER_CHUNK), 0, zeroHashes, 0);
	}
	return zeroHashes;
}
/** `hashes` resized to `chunkCount` entries; new entries are hashes of zero chunks. */
function resizeHashes(hashes, chunkCount) {
	if (hashes.length === chunkCount * 2) return hashes.slice();
	const resized = new Uint32Array(chunkCount * 2);
	resized.set(hashes.subarray(0, Math.min(hashes.length, resized.length)));
	const zero = zeroChunkHashes();
	for (let chunk = hashes.length / 2; chunk < chunkCount; chunk++) resized.set(zero, chunk * 2);
	return resized;
}
/** Indices of the chunks whose hashes differ (a chunk past the end of `previous` counts as zeros). */
function changedChunks(current, previous) {
	const changed = [];
	const zero = zeroChunkHashes();
	const shared = Math.min(current.length, previous.length) / 2;
	for (let chunk = 0; chunk < shared; chunk++) {
		const i = chunk * 2;
		if (current[i] !== previous[i] || current[i + 1] !== previous[i + 1]) changed.push(chunk);
	}
	for (let chunk = shared; chunk < current.length / 2; chunk++) if (current[chunk * 2] !== zero[0] || current[chunk * 2 + 1] !== zero[1]) changed.push(chunk);
	return changed;
}
/** The bytes of `chunks` (ascending indices) from `memory`, grouped into runs. */
function collectChunks(memory, chunks) {
	const runs = [];
	for (const chunk of chunks) {
		const last = runs.length - 2;
		if (last >= 0 && runs[last] + runs[last + 1] === chunk) runs[last + 1]++;
		else runs.push(chunk, 1);
	}
	const data = new Uint8Array(chunks.length * 128);
	let offset = 0;
	for (let i = 0; i < runs.length; i += 2) {
		const bytes = runs[i + 1] * 128;
		data.set(memory.subarray(runs[i] * 128, runs[i] * 128 + bytes), offset);
		offset += bytes;
	}
	return {
		runs: Uint32Array.from(runs),
		data
	};
}
/** Writes the chunks into `memory`. */
function applyChunks(memory, chunks) {
	let offset = 0;
	for (let i = 0; i < chunks.runs.length; i += 2) {
		const bytes = chunks.runs[i + 1] * 128;
		memory.set(chunks.data.subarray(offset, offset + bytes), chunks.runs[i] * 128);
		offset += bytes;
	}
}
/** Updates `hashes` for the chunks in `chunks` from their bytes (what applying them would give). */
function hashAppliedChunks(hashes, chunks) {
	const aligned = chunks.data.byteOffset % 4 === 0 ? chunks.data : chunks.data.slice();
	const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
	let slot = 0;
	for (let i = 0; i < chunks.runs.length; i += 2) for (let chunk = chunks.runs[i], end = chunk + chunks.runs[i + 1]; chunk < end; chunk++, slot++) hashInto(words, slot * WORDS_PER_CHUNK, hashes, chunk);
}
// src/errors.ts
var MARKER = Symbol.for("quickbox.error");
var QuickboxError = class extends Error {
	name = "QuickboxError";
	code;
	/** For SNAPSHOT_REJECTED: which check failed. */
	reason;
	details;
	[MARKER] = true;
	constructor(code, message, options = {}) {
		super(message, options.cause === void 0 ? void 0 : { cause: options.cause });
		this.code = code;
		if (options.reason) this.reason = options.reason;
		if (options.details) this.details = options.details;
	}
};
/** True for a QuickboxError from any realm, worker or copy of this package. */
function isQuickboxError(error) {
	if (typeof error !== "object" || error === null) return false;
	const candidate = error;
	return candidate.name === "QuickboxError" && typeof candidate.code === "string";
}
// src/snapshot/snapshot-codec.ts
/**
* The snapshot format (documented in docs/snapshot-format.md):
*
*   "QBSNAP" | u16 format version | u32 header length | header JSON | body | [32-byte HMAC-SHA256]
*
* The body is the manifest and the memory chunks, compressed (gzip, synchronous fflate: for
* bodies of a few KB, CompressionStream's stream setup cost more than the compression) and,
* with an encryption key, AES-GCM encrypted. The HMAC covers everything before it (the header
* names the thread). Decoding fails closed, in a fixed order: magic → version → wasm build →
* base image → length → signature → decrypt, each with its own SnapshotRejectionReason.
*/
var SNAPSHOT_MAGIC = "QBSNAP";
var PREFIX_BYTES = 12;
var HMAC_BYTES = 32;
function reject(reason, message) {
	throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (${reason}): ${message}`, { reason });
}
/** Inflates into exactly `rawBytes` (the gzip trailer must agree), so a forged body cannot balloon. */
function gunzipBounded(body, rawBytes) {
	if (body.length < 18) throw new Error("the gzip stream is short");
	const trailerSize = new DataView(body.buffer, body.byteOffset + body.length - 4, 4).getUint32(0, true);
	if (!Number.isSafeInteger(rawBytes) || rawBytes < 0 || trailerSize !== rawBytes % 2 ** 32) throw new Error("size mismatch");
	return gunzipSync(body, { out: new Uint8Array(rawBytes) });
}
function toBase64(bytes) {
	let text = "";
	for (const byte of bytes) text += String.fromCharCode(byte);
	return btoa(text);
}
function fromBase64(text) {
	return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
/** Body: u32 manifest length | manifest JSON | u32 run count | runs (u32 first, u32 count)… | chunk bytes. */
function encodeBody(manifest, chunks) {
	const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
	const runCount = chunks.runs.length / 2;
	const body = new Uint8Array(4 + manifestBytes.length + 4 + runCount * 8 + chunks.data.byteLength);
	const view = new DataView(body.buffer);
	view.setUint32(0, manifestBytes.length, true);
	body.set(manifestBytes, 4);
	let offset = 4 + manifestBytes.length;
	view.setUint32(offset, runCount, true);
	offset += 4;
	for (const value of chunks.runs) {
		view.setUint32(offset, value, true);
		offset += 4;
	}
	body.set(chunks.data, offset);
	return body;
}
function decodeBody(body, chunkBytes) {
	const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
	const manifestLength = view.getUint32(0, true);
	const manifest = JSON.parse(new TextDecoder().decode(body.subarray(4, 4 + manifestLength)));
	let offset = 4 + manifestLength;
	const runCount = view.getUint32(offset, true);
	offset += 4;
	if (offset + runCount * 8 > body.length) throw new Error("the chunk table is short");
	const runs = new Uint32Array(runCount * 2);
	let total = 0;
	for (let i = 0; i < runs.length; i++, offset += 4) {
		runs[i] = view.getUint32(offset, true);
		if (i % 2 === 1) total += runs[i];
	}
	const data = body.slice(offset, offset + total * chunkBytes);
	if (data.length !== total * chunkBytes || offset + data.length !== body.length) throw new Error("the chunk data does not match the chunk table");
	return {
		manifest,
		chunks: {
			runs,
			data
		}
	};
}
async function encodeSnapshot(header, manifest, chunks, keys) {
	const raw = encodeBody(manifest, chunks);
	let body = gzipSync(raw, {
		level: 6,
		mtime: 0
	});
	let iv;
	if (keys.encryption) {
		const ivBytes = crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(12));
		body = new Uint8Array(await crypto.subtle.encrypt({
			name: "AES-GCM",
			iv: ivBytes
		}, keys.encryption, body));
		iv = toBase64(ivBytes);
	}
	const fullHeader = {
		...header,
		chunkBytes: 128,
		rawBytes: raw.length,
		bodyBytes: body.length,
		compression: "gzip",
		...iv ? { iv } : {},
		signed: Boolean(keys.signing)
	};
	const headerBytes = new TextEncoder().encode(JSON.stringify(fullHeader));
	const unsignedLength = PREFIX_BYTES + headerBytes.length + body.length;
	const out = new Uint8Array(unsignedLength + (keys.signing ? HMAC_BYTES : 0));
	out.set(new TextEncoder().encode(SNAPSHOT_MAGIC), 0);
	const view = new DataView(out.buffer);
	view.setUint16(6, 1, true);
	view.setUint32(8, headerBytes.length, true);
	out.set(headerBytes, PREFIX_BYTES);
	out.set(body, PREFIX_BYTES + headerBytes.length);
	if (keys.signing) {
		const mac = await crypto.subtle.sign("HMAC", keys.signing, out.subarray(0, unsignedLength));
		out.set(new Uint8Array(mac), unsignedLength);
	}
	return out;
}
/** Reads only the header (no verification beyond magic and version): for listings. */
function readSnapshotHeader(bytes) {
	if (bytes.length < PREFIX_BYTES || new TextDecoder().decode(bytes.subarray(0, 6)) !== "QBSNAP") reject("bad-magic", "not a quickbox snapshot");
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const version = view.getUint16(6, true);
	if (version !== 1) reject("version", `format version ${version}; this quickbox reads version 1`);
	const headerLength = view.getUint32(8, true);
	if (PREFIX_BYTES + headerLength > bytes.length) reject("truncated", "the header is cut short");
	try {
		return JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength)));
	} catch {
		return reject("truncated", "the header is not readable");
	}
}
async function decodeSnapshot(bytes, expected, keys) {
	const header = readSnapshotHeader(bytes);
	if (header.chunkBytes !== 128) reject("version", `memory chunks of ${header.chunkBytes} bytes; this quickbox uses 128`);
	if (header.wasmBuild !== expected.wasmBuild) reject("wasm-build", `made by QuickJS build ${header.wasmBuild}; this interpreter runs ${expected.wasmBuild}`);
	if (header.baseImage !== expected.baseImage) reject("base-image", `made from base image ${header.baseImage.slice(0, 12)}…; this interpreter's is ${expected.baseImage.slice(0, 12)}…`);
	const bodyStart = PREFIX_BYTES + new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
	const signatureBytes = header.signed ? HMAC_BYTES : 0;
	if (bytes.length !== bodyStart + header.bodyBytes + signatureBytes) reject("truncated", `expected ${bodyStart + header.bodyBytes + signatureBytes} bytes, got ${bytes.length}`);
	if (keys.signing) {
		if (!header.signed) reject("signature", "the snapshot is not signed, but a snapshotSigningKey is set");
		const signed = bytes.subarray(0, bodyStart + header.bodyBytes);
		const mac = bytes.subarray(bodyStart + header.bodyBytes);
		if (!await crypto.subtle.verify("HMAC", keys.signing, mac, signed)) reject("signature", "the HMAC does not match (tampered, or another key)");
		if (expected.threadId !== void 0 && header.threadId !== expected.threadId) reject("signature", `the snapshot belongs to thread "${header.threadId}"`);
	}
	let body = bytes.subarray(bodyStart, bodyStart + header.bodyBytes);
	if (header.iv) {
		if (!keys.encryption) reject("decrypt", "the snapshot is encrypted and no encryptionKey is set");
		try {
			body = new Uint8Array(await crypto.subtle.decrypt({
				name: "AES-GCM",
				iv: fromBase64(header.iv)
			}, keys.encryption, body));
		} catch {
			reject("decrypt", "AES-GCM decryption failed (another key, or tampered)");
		}
	}
	try {
		const raw = header.compression === "gzip" ? gunzipBounded(body, header.rawBytes) : body;
		if (raw.length !== header.rawBytes) throw new Error("size mismatch");
		return {
			header,
			...decodeBody(raw, header.chunkBytes)
		};
	} catch (error) {
		return reject("truncated", `the body is damaged: ${error.message}`);
	}
}
async function snapshotId(bytes) {
	const digest = await crypto.subtle.digest("SHA-256", bytes);
	return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
export { QuickboxError as a, changedChunks as c, hashChunks as d, resizeHashes as f, snapshotId as i, collectChunks as l, encodeSnapshot as n, isQuickboxError as o, usedChunks as p, readSnapshotHeader as r, applyChunks as s, decodeSnapshot as t, hashAppliedChunks as u };
