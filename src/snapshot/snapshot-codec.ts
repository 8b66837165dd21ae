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
import type { SnapshotHeader } from "../engine-contract.js";
import { QuickboxError, type SnapshotRejectionReason } from "../errors.js";
import type { ChunkSet } from "./memory-chunks.js";
import { CHUNK_BYTES } from "./memory-chunks.js";
import type { SnapshotKeys } from "./snapshot-keys.js";

import { PREFIX_BYTES, readSnapshotHeader, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_MAGIC } from "./snapshot-header.js";

export { readSnapshotHeader, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_MAGIC };
const HMAC_BYTES = 32;


export interface DecodedSnapshot<M> {
  header: SnapshotHeader;
  manifest: M;
  chunks: ChunkSet;
}

export interface Expectations {
  wasmBuild: string;
  baseImage: string;
  /** When signing, the thread the snapshot must belong to. */
  threadId?: string;
  /** Another build's snapshot is read too (for its journal: its memory is of no use here). */
  anyBuild?: true;
}

let compression: Promise<typeof import("./compression.js")> | null = null;

/** fflate, loaded with the first snapshot: building its tables cost ~10 ms of every engine worker's start. */
function loadCompression(): Promise<typeof import("./compression.js")> {
  compression ??= import("./compression.js");
  return compression;
}

function reject(reason: SnapshotRejectionReason, message: string): never {
  throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (${reason}): ${message}`, { reason });
}

/** Inflates into exactly `rawBytes` (the gzip trailer must agree), so a forged body cannot balloon. */
function gunzipBounded(gunzipSync: typeof import("./compression.js").gunzipSync, body: Uint8Array, rawBytes: number): Uint8Array {
  if (body.length < 18) throw new Error("the gzip stream is short");
  const trailerSize = new DataView(body.buffer, body.byteOffset + body.length - 4, 4).getUint32(0, true);
  if (!Number.isSafeInteger(rawBytes) || rawBytes < 0 || trailerSize !== rawBytes % 2 ** 32) throw new Error("size mismatch");
  return gunzipSync(body, { out: new Uint8Array(rawBytes) });
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0)) as Uint8Array<ArrayBuffer>;
}

/** Body: u32 manifest length | manifest JSON | u32 run count | runs (u32 first, u32 count)… | chunk bytes. */
function encodeBody(manifest: unknown, chunks: ChunkSet): Uint8Array {
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

function decodeBody<M>(body: Uint8Array, chunkBytes: number): { manifest: M; chunks: ChunkSet } {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const manifestLength = view.getUint32(0, true);
  const manifest = JSON.parse(new TextDecoder().decode(body.subarray(4, 4 + manifestLength))) as M;
  let offset = 4 + manifestLength;
  const runCount = view.getUint32(offset, true);
  offset += 4;
  if (offset + runCount * 8 > body.length) throw new Error("the chunk table is short");
  const runs = new Uint32Array(runCount * 2);
  let total = 0;
  for (let i = 0; i < runs.length; i++, offset += 4) {
    runs[i] = view.getUint32(offset, true);
    if (i % 2 === 1) total += runs[i]!;
  }
  const data = body.slice(offset, offset + total * chunkBytes);
  if (data.length !== total * chunkBytes || offset + data.length !== body.length) throw new Error("the chunk data does not match the chunk table");
  return { manifest, chunks: { runs, data } };
}

export async function encodeSnapshot(
  header: Omit<SnapshotHeader, "rawBytes" | "bodyBytes" | "compression" | "iv" | "signed" | "chunkBytes">,
  manifest: unknown,
  chunks: ChunkSet,
  keys: SnapshotKeys,
): Promise<Uint8Array> {
  return (await encodeSnapshotBody(header, manifest, chunks, keys)).bytes;
}

/** `encodeSnapshot`, with the raw body (before compression and encryption) too. */
export async function encodeSnapshotBody(
  header: Omit<SnapshotHeader, "rawBytes" | "bodyBytes" | "compression" | "iv" | "signed" | "chunkBytes">,
  manifest: unknown,
  chunks: ChunkSet,
  keys: SnapshotKeys,
): Promise<{ bytes: Uint8Array; raw: Uint8Array }> {
  const raw = encodeBody(manifest, chunks);
  const { gzipSync } = await loadCompression();
  // Level 1: about half of level 6's time (0.3 vs 0.7 ms for a 5 KB delta, 2.4 vs 4.9 ms for a
  // 35 KB full snapshot, on a loaded machine), 2–4 % larger. Every eval with a store pays it.
  let body: Uint8Array = gzipSync(raw, { level: 1, mtime: 0 });
  let iv: string | undefined;
  if (keys.encryption) {
    const ivBytes = crypto.getRandomValues(new Uint8Array(12));
    body = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: ivBytes }, keys.encryption, body as Uint8Array<ArrayBuffer>));
    iv = toBase64(ivBytes);
  }
  const fullHeader: SnapshotHeader = {
    ...header,
    chunkBytes: CHUNK_BYTES,
    rawBytes: raw.length,
    bodyBytes: body.length,
    compression: "gzip",
    ...(iv ? { iv } : {}),
    signed: Boolean(keys.signing),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(fullHeader));
  const unsignedLength = PREFIX_BYTES + headerBytes.length + body.length;
  const out = new Uint8Array(unsignedLength + (keys.signing ? HMAC_BYTES : 0));
  out.set(new TextEncoder().encode(SNAPSHOT_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint16(6, SNAPSHOT_FORMAT_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, PREFIX_BYTES);
  out.set(body, PREFIX_BYTES + headerBytes.length);
  if (keys.signing) {
    const mac = await crypto.subtle.sign("HMAC", keys.signing, out.subarray(0, unsignedLength) as Uint8Array<ArrayBuffer>);
    out.set(new Uint8Array(mac), unsignedLength);
  }
  return { bytes: out, raw };
}

/** The checks of `decodeSnapshot` that the header alone answers (in its order). */
function checkHeader(header: SnapshotHeader, expected: Expectations, keys: SnapshotKeys): void {
  if (header.chunkBytes !== CHUNK_BYTES) reject("version", `memory chunks of ${header.chunkBytes} bytes; this quickbox uses ${CHUNK_BYTES}`);
  if (!expected.anyBuild && header.wasmBuild !== expected.wasmBuild) reject("wasm-build", `made by QuickJS build ${header.wasmBuild}; this interpreter runs ${expected.wasmBuild}`);
  if (!expected.anyBuild && header.baseImage !== expected.baseImage) reject("base-image", `made from base image ${String(header.baseImage).slice(0, 12)}…; this interpreter's is ${expected.baseImage.slice(0, 12)}…`);
  if (keys.signing) {
    if (!header.signed) reject("signature", "the snapshot is not signed, but a snapshotSigningKey is set");
    if (expected.threadId !== undefined && header.threadId !== expected.threadId) reject("signature", `the snapshot belongs to thread "${header.threadId}"`);
  }
}

/** The header's JSON text, as stored (a key for RecentBodies); "" when the bytes are too short to hold one. */
function headerText(bytes: Uint8Array): string {
  if (bytes.length < PREFIX_BYTES) return "";
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (PREFIX_BYTES + length > bytes.length) return "";
  return new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + length));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface RememberedSnapshot {
  id: string;
  /** The snapshot as encoded (compressed, encrypted, signed): what the store was given. */
  bytes: Uint8Array;
  /** Its body before compression and encryption. */
  raw: Uint8Array;
}

/**
 * The snapshots this engine encoded lately, with their raw bodies (at most `maxBytes` of both,
 * the least recently used dropped first). Restoring one of them — a thread hibernated here and
 * woken again, what an interpreter with more threads than live slots does all the time — then
 * skips its digest, signature check, decryption and gunzip (most of a small thread's wake). Only
 * bytes equal to the ones encoded are taken for them; any others are decoded in full.
 */
export class RecentBodies {
  readonly #byHeader = new Map<string, RememberedSnapshot>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  remember(bytes: Uint8Array, id: string, raw: Uint8Array): void {
    if (raw.length + bytes.length > this.maxBytes / 8) return;
    const key = headerText(bytes);
    this.#drop(key);
    // A copy: a worker engine transfers the bytes it made to the host (they are detached here then).
    this.#byHeader.set(key, { id, bytes: bytes.slice(), raw });
    this.#bytes += raw.length + bytes.length;
    for (const oldest of this.#byHeader.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  /** The snapshot remembered with exactly these bytes, if there is one. */
  find(bytes: Uint8Array): RememberedSnapshot | undefined {
    const key = headerText(bytes);
    const entry = this.#byHeader.get(key);
    if (!entry || !sameBytes(entry.bytes, bytes)) return undefined;
    this.#byHeader.delete(key);
    this.#byHeader.set(key, entry);
    return entry;
  }

  #drop(key: string): void {
    const entry = this.#byHeader.get(key);
    if (!entry) return;
    this.#byHeader.delete(key);
    this.#bytes -= entry.raw.length + entry.bytes.length;
  }
}

/**
 * A snapshot whose bytes are those encoded here with `raw` (RecentBodies.find): the header's
 * checks, then the body from `raw`. What `decodeSnapshot` would verify, decrypt and inflate is
 * what was encoded here under the same keys.
 */
export function decodeRemembered<M>(bytes: Uint8Array, raw: Uint8Array, expected: Expectations, keys: SnapshotKeys): DecodedSnapshot<M> {
  const header = readSnapshotHeader(bytes);
  checkHeader(header, expected, keys);
  return { header, ...decodeBody<M>(raw, header.chunkBytes) };
}

/** Reads only the header (no verification beyond magic and version): for listings. */
export async function decodeSnapshot<M>(bytes: Uint8Array, expected: Expectations, keys: SnapshotKeys): Promise<DecodedSnapshot<M>> {
  const header = readSnapshotHeader(bytes);
  if (header.chunkBytes !== CHUNK_BYTES) reject("version", `memory chunks of ${header.chunkBytes} bytes; this quickbox uses ${CHUNK_BYTES}`);
  if (!expected.anyBuild && header.wasmBuild !== expected.wasmBuild) reject("wasm-build", `made by QuickJS build ${header.wasmBuild}; this interpreter runs ${expected.wasmBuild}`);
  if (!expected.anyBuild && header.baseImage !== expected.baseImage) reject("base-image", `made from base image ${String(header.baseImage).slice(0, 12)}…; this interpreter's is ${expected.baseImage.slice(0, 12)}…`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  const bodyStart = PREFIX_BYTES + headerLength;
  const signatureBytes = header.signed ? HMAC_BYTES : 0;
  if (bytes.length !== bodyStart + header.bodyBytes + signatureBytes) reject("truncated", `expected ${bodyStart + header.bodyBytes + signatureBytes} bytes, got ${bytes.length}`);
  if (keys.signing) {
    if (!header.signed) reject("signature", "the snapshot is not signed, but a snapshotSigningKey is set");
    const signed = bytes.subarray(0, bodyStart + header.bodyBytes) as Uint8Array<ArrayBuffer>;
    const mac = bytes.subarray(bodyStart + header.bodyBytes) as Uint8Array<ArrayBuffer>;
    if (!(await crypto.subtle.verify("HMAC", keys.signing, mac, signed))) reject("signature", "the HMAC does not match (tampered, or another key)");
    if (expected.threadId !== undefined && header.threadId !== expected.threadId) reject("signature", `the snapshot belongs to thread "${header.threadId}"`);
  }
  let body: Uint8Array = bytes.subarray(bodyStart, bodyStart + header.bodyBytes);
  if (header.iv) {
    if (!keys.encryption) reject("decrypt", "the snapshot is encrypted and no encryptionKey is set");
    try {
      body = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(header.iv) }, keys.encryption, body as Uint8Array<ArrayBuffer>));
    } catch {
      reject("decrypt", "AES-GCM decryption failed (another key, or tampered)");
    }
  }
  const { gunzipSync } = await loadCompression();
  try {
    const raw = header.compression === "gzip" ? gunzipBounded(gunzipSync, body, header.rawBytes) : body;
    if (raw.length !== header.rawBytes) throw new Error("size mismatch");
    return { header, ...decodeBody<M>(raw, header.chunkBytes) };
  } catch (error) {
    return reject("truncated", `the body is damaged: ${(error as Error).message}`);
  }
}

export async function snapshotId(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The ids of a chain's snapshots, all digests started at once: WebCrypto answers each on another
 * thread (Node's thread pool), and one round trip per snapshot, taken in turn, was most of reading
 * a 10-snapshot chain on a loaded machine. Never rejects unhandled: a caller that stops early may drop it.
 */
export function snapshotIds(chain: readonly Uint8Array[]): Promise<string[]> {
  const ids = Promise.all(chain.map((bytes) => snapshotId(bytes)));
  ids.catch(() => {});
  return ids;
}
