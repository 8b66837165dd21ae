/**
 * A snapshot's header, read without the codec (the host reads headers of stored records; encoding
 * and decoding snapshots happen in the engine): magic, format version, header length, header JSON.
 */
import type { SnapshotHeader } from "../engine-contract.js";
import { QuickboxError, type SnapshotRejectionReason } from "../errors.js";

export const SNAPSHOT_MAGIC = "QBSNAP";
/** 2: the manifest carries the thread's journal, and the held calls' records live in the head. */
export const SNAPSHOT_FORMAT_VERSION = 2;
/** Magic (6 bytes), version (u16), header length (u32). */
export const PREFIX_BYTES = 12;

function reject(reason: SnapshotRejectionReason, message: string): never {
  throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (${reason}): ${message}`, { reason });
}

export function readSnapshotHeader(bytes: Uint8Array): SnapshotHeader {
  if (bytes.length < PREFIX_BYTES || new TextDecoder().decode(bytes.subarray(0, 6)) !== SNAPSHOT_MAGIC) reject("bad-magic", "not a quickbox snapshot");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(6, true);
  if (version !== SNAPSHOT_FORMAT_VERSION) reject("version", `format version ${version}; this quickbox reads version ${SNAPSHOT_FORMAT_VERSION}`);
  const headerLength = view.getUint32(8, true);
  if (PREFIX_BYTES + headerLength > bytes.length) reject("truncated", "the header is cut short");
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength))) as SnapshotHeader;
  } catch {
    return reject("truncated", "the header is not readable");
  }
}

