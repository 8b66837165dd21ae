/**
 * The thread bundle's format (signing is thread-bundle.ts's): a thread as one self-contained value
 * (DESIGN.md §3 `exportThread` / `importThread`): its head's pause state (the held calls' records), and the snapshot chain its head names, bytes included —
 * to move a thread, paused or not, to another store or runtime. Plain data (structured-clone-able),
 * and also bytes:
 *
 *   "QBTHRD" | u16 version | u32 header length | header JSON | snapshot bytes, in chain order | [32-byte HMAC]
 *
 * With a snapshotSigningKey the bundle carries an HMAC-SHA256 over everything before it (the
 * snapshots inside are signed by themselves too): an importing interpreter with the same key
 * refuses a bundle that was edited. A bundle is checked field by field before anything of it is used.
 */
import { QuickboxError } from "../errors.js";
import type { ThreadBundle } from "../types.js";

const MAGIC = "QBTHRD";
export const VERSION = 1;
const PREFIX_BYTES = 12;
const HMAC_BYTES = 32;
const SNAPSHOT_ID = /^[0-9a-f]{64}$/;

interface BundleHeader {
  threadId: string;
  paused: boolean;
  interrupts: unknown[];
  notReplayable?: string;
  snapshots: { id: string; bytes: number }[];
}

export function rejected(message: string, reason: "truncated" | "signature" | "bad-magic" | "version" = "truncated"): QuickboxError {
  return new QuickboxError("SNAPSHOT_REJECTED", `thread bundle rejected (${reason}): ${message}`, { reason });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export function checkBundle(value: unknown): ThreadBundle {
  if (!isRecord(value) || value.format !== "quickbox.thread") throw rejected("not a thread bundle (exportThread makes one)", "bad-magic");
  if (value.version !== VERSION) throw rejected(`bundle version ${String(value.version)}; this quickbox reads version ${VERSION}`, "version");
  const ok =
    typeof value.threadId === "string" &&
    typeof value.paused === "boolean" &&
    Array.isArray(value.interrupts) &&
    (value.notReplayable === undefined || typeof value.notReplayable === "string") &&
    Array.isArray(value.snapshots) &&
    value.snapshots.length > 0 &&
    value.snapshots.every((snapshot) => isRecord(snapshot) && typeof snapshot.id === "string" && SNAPSHOT_ID.test(snapshot.id) && snapshot.bytes instanceof Uint8Array) &&
    (value.mac === undefined || value.mac instanceof Uint8Array);
  if (!ok) throw rejected("its fields are not those of a thread bundle");
  return value as unknown as ThreadBundle;
}

/** The bytes a bundle is signed over (and its byte form, without the HMAC). */
export function unsignedBytes(bundle: Omit<ThreadBundle, "mac">): Uint8Array<ArrayBuffer> {
  const header: BundleHeader = {
    threadId: bundle.threadId,
    paused: bundle.paused,
    interrupts: bundle.interrupts,
    ...(bundle.notReplayable !== undefined ? { notReplayable: bundle.notReplayable } : {}),
    snapshots: bundle.snapshots.map((snapshot) => ({ id: snapshot.id, bytes: snapshot.bytes.length })),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const total = bundle.snapshots.reduce((sum, snapshot) => sum + snapshot.bytes.length, PREFIX_BYTES + headerBytes.length);
  const out = new Uint8Array(total);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint16(6, VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, PREFIX_BYTES);
  let offset = PREFIX_BYTES + headerBytes.length;
  for (const snapshot of bundle.snapshots) {
    out.set(snapshot.bytes, offset);
    offset += snapshot.bytes.length;
  }
  return out;
}

/** The bundle as bytes (to store or send anywhere bytes go). */
export function bundleBytes(bundle: ThreadBundle): Uint8Array {
  const checked = checkBundle(bundle);
  const body = unsignedBytes(checked);
  if (!checked.mac) return body;
  const out = new Uint8Array(body.length + HMAC_BYTES);
  out.set(body, 0);
  out.set(checked.mac, body.length);
  return out;
}

/** A bundle from its bytes, checked for shape (its signature is checked on import). */
export function bundleFromBytes(bytes: Uint8Array): ThreadBundle {
  if (bytes.length < PREFIX_BYTES || new TextDecoder().decode(bytes.subarray(0, 6)) !== MAGIC) throw rejected("not a thread bundle", "bad-magic");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(6, true);
  if (version !== VERSION) throw rejected(`bundle version ${version}; this quickbox reads version ${VERSION}`, "version");
  const headerLength = view.getUint32(8, true);
  if (PREFIX_BYTES + headerLength > bytes.length) throw rejected("the header is cut short");
  let header: BundleHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength))) as BundleHeader;
  } catch {
    throw rejected("the header is not readable");
  }
  if (!isRecord(header) || !Array.isArray(header.snapshots) || !header.snapshots.every((entry) => isRecord(entry) && Number.isSafeInteger(entry.bytes) && entry.bytes >= 0)) throw rejected("the header is not a bundle's");
  let offset = PREFIX_BYTES + headerLength;
  const snapshots = header.snapshots.map((entry) => {
    const slice = bytes.slice(offset, offset + entry.bytes);
    offset += entry.bytes;
    return { id: entry.id, bytes: slice };
  });
  if (offset > bytes.length) throw rejected("the snapshots are cut short");
  const rest = bytes.length - offset;
  if (rest !== 0 && rest !== HMAC_BYTES) throw rejected(`${rest} bytes after the snapshots`);
  return checkBundle({
    format: "quickbox.thread",
    version,
    threadId: header.threadId,
    paused: header.paused,
    interrupts: header.interrupts,
    ...(header.notReplayable !== undefined ? { notReplayable: header.notReplayable } : {}),
    snapshots,
    ...(rest ? { mac: bytes.slice(offset) } : {}),
  });
}

