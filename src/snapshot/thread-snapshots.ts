/**
 * Taking and restoring thread snapshots on the engine side. A snapshot is a full one (the
 * chunks that differ from the base image) or a delta (the chunks changed since the thread's
 * previous snapshot); a full one is taken every `maxDeltas` deltas, when the host's stored head
 * is not the thread's last snapshot, or when the delta would not be smaller.
 */
import type { BaseImage } from "../engine/base-image.js";
import { QuickboxError } from "../errors.js";
import { QuickJSThread, type ThreadConfig, type ThreadStateExport } from "../engine/quickjs-thread.js";
import { CHUNK_BYTES, diffAgainstHashes, diffAgainstImage, hashChunks, usedChunks, type ChunkSet } from "./memory-chunks.js";
import { decodeSnapshot, encodeSnapshot, readSnapshotHeader, snapshotId, type SnapshotHeader } from "./snapshot-codec.js";
import type { SnapshotKeys } from "./snapshot-keys.js";

export const QUICKBOX_VERSION = "0.1.0";
export const DEFAULT_MAX_DELTAS = 16;

/** Engine-side extras stored with the thread (the core's own per-thread state). */
export interface CoreThreadState {
  cells: number;
}

export interface SnapshotManifest {
  thread: ThreadStateExport;
  core: CoreThreadState;
}

export interface EncodedSnapshot {
  id: string;
  bytes: Uint8Array;
  header: SnapshotHeader;
}

export interface SnapshotContext {
  image: BaseImage;
  keys: SnapshotKeys;
  maxDeltas: number;
}

function memoryChunkCount(thread: QuickJSThread, image: BaseImage, memory: Uint8Array): number {
  const address = image.breakPointerAddress;
  if (address !== null) {
    const top = new Uint32Array(memory.buffer, address, 1)[0]!;
    if (top > 0 && top <= memory.length) return Math.max(Math.ceil(top / CHUNK_BYTES), Math.ceil(image.bytes.length / CHUNK_BYTES));
  }
  return usedChunks(memory);
}

/**
 * `storedHead`: the id the host holds as this thread's latest stored snapshot. A delta is only
 * made on top of it, so a failed store write can never leave a delta without its parent.
 */
export async function takeSnapshot(
  thread: QuickJSThread,
  threadId: string,
  core: CoreThreadState,
  context: SnapshotContext,
  options: { storedHead: string | null; full?: boolean; keepBaseline?: boolean },
): Promise<EncodedSnapshot> {
  const { memory, state } = thread.exportState();
  const count = memoryChunkCount(thread, context.image, memory);
  const hashes = hashChunks(memory, count);
  const baseline = thread.snapshotBaseline;
  let chunks: ChunkSet;
  let kind: "full" | "delta" = "full";
  const canDelta = !options.full && baseline !== null && baseline.id === options.storedHead && baseline.deltas < context.maxDeltas;
  const full = () => diffAgainstImage(memory, context.image.bytes, count);
  if (canDelta) {
    const delta = diffAgainstHashes(memory, hashes, baseline.hashes);
    chunks = delta;
    kind = "delta";
    if (delta.indices.length > 8) {
      // A delta that is not smaller than a full snapshot is not worth a longer chain.
      const fullChunks = full();
      if (fullChunks.indices.length <= delta.indices.length) {
        chunks = fullChunks;
        kind = "full";
      }
    }
  } else {
    chunks = full();
  }
  const manifest: SnapshotManifest = { thread: state, core };
  const bytes = await encodeSnapshot(
    {
      quickbox: QUICKBOX_VERSION,
      wasmBuild: context.image.profile.id,
      baseImage: context.image.hash,
      threadId,
      kind,
      ...(kind === "delta" ? { parent: baseline!.id } : {}),
      createdAt: Date.now(),
      memoryBytes: state.memoryBytes,
      paused: state.pause !== null,
    },
    manifest,
    chunks,
    context.keys,
  );
  const id = await snapshotId(bytes);
  if (!options.keepBaseline) thread.snapshotBaseline = { id, hashes, deltas: kind === "delta" ? baseline!.deltas + 1 : 0 };
  const header = readSnapshotHeader(bytes);
  return { id, bytes, header };
}

/** Restores a thread from its chain: a full snapshot first, then its deltas in order. */
export async function restoreSnapshotChain(
  chain: Uint8Array[],
  threadId: string,
  config: ThreadConfig,
  context: SnapshotContext,
): Promise<{ thread: QuickJSThread; core: CoreThreadState; paused: boolean }> {
  if (!chain.length) throw new Error("quickbox: empty snapshot chain");
  const expected = { wasmBuild: context.image.profile.id, baseImage: context.image.hash, threadId };
  const decoded = [];
  let previousId: string | null = null;
  for (const [position, bytes] of chain.entries()) {
    const snapshot = await decodeSnapshot<SnapshotManifest>(bytes, expected, context.keys);
    const wanted = position === 0 ? "full" : "delta";
    if (snapshot.header.kind !== wanted || (position > 0 && snapshot.header.parent !== previousId)) {
      throw new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): the chain of deltas is broken", { reason: "truncated" });
    }
    previousId = await snapshotId(bytes);
    decoded.push(snapshot);
  }
  const last = decoded[decoded.length - 1]!;
  const thread = await QuickJSThread.restore(
    context.image,
    config,
    last.manifest.thread,
    decoded.map((snapshot) => snapshot.chunks),
  );
  const { memory } = thread.exportState();
  const lastId = previousId!;
  const deltas = decoded.length - 1;
  thread.snapshotBaseline = { id: lastId, hashes: hashChunks(memory, memoryChunkCount(thread, context.image, memory)), deltas };
  return { thread, core: last.manifest.core, paused: last.header.paused };
}
