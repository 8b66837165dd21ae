/**
 * Taking and restoring thread snapshots on the engine side. A snapshot is a full one (the
 * chunks that differ from the base image) or a delta (the chunks changed since the thread's
 * previous snapshot); a full one is taken every `maxDeltas` deltas, when the host's stored head
 * is not the thread's last snapshot, or when the delta would not be smaller.
 */
import type { EncodedSnapshot, ThreadConfig, ThreadStateExport } from "../engine-contract.js";
import type { BaseImage } from "../engine/base-image.js";
import type { InstanceSource } from "../engine/instance-pool.js";
import type { JournalSection } from "../engine/journal.js";
import { QuickJSThread } from "../engine/quickjs-thread.js";
import { QuickboxError } from "../errors.js";
import {
  applyChunks,
  CHUNK_BYTES,
  changedChunks,
  collectChunks,
  hashAppliedChunks,
  hashChunks,
  resizeHashes,
  usedChunks,
  type ChunkGap,
  type ChunkHashes,
} from "./memory-chunks.js";
import { checkRestoredChain } from "./manifest-check.js";
import { joinJournal } from "./journal-sections.js";
import { decodeRemembered, decodeSnapshot, encodeSnapshotBody, readSnapshotHeader, snapshotId, snapshotIds, type DecodedSnapshot, type RecentBodies } from "./snapshot-codec.js";
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
  /** Memory chunks the snapshot accounts for; those past the image it does not hold are zeros. */
  memoryChunks: number;
  /** The thread's journal: all of it in a full snapshot, the entries since the parent in a delta. */
  journal: JournalSection;
}

export interface SnapshotContext {
  image: BaseImage;
  keys: SnapshotKeys;
  maxDeltas: number;
  /** Where restored threads get their instances. */
  instances: InstanceSource;
  /** The raw bodies of snapshots taken lately (a wake of one of them skips decoding it). */
  recent?: RecentBodies;
}

/** A live thread's last snapshot (taken of it, or restored into it): what the next delta is against. */
export interface SnapshotBaseline {
  id: string;
  hashes: ChunkHashes;
  /** Deltas taken since the last full snapshot. */
  deltas: number;
  /** Journal entries the snapshot holds with its parents (a delta's section starts there). */
  journalLength: number;
}

const imageHashCache = new WeakMap<BaseImage, ChunkHashes>();
const imageGapCache = new WeakMap<BaseImage, ChunkGap>();

/**
 * The chunks wholly inside the dead stack region: never hashed, compared or stored (what a
 * thread leaves there between runs is dead; a restore leaves the image's bytes there).
 */
function deadStackGap(image: BaseImage): ChunkGap {
  let gap = imageGapCache.get(image);
  if (!gap) {
    const [start, end] = image.deadStackRange ?? [0, 0];
    const first = Math.ceil(start / CHUNK_BYTES);
    gap = { first, end: Math.max(first, Math.min(Math.floor(end / CHUNK_BYTES), Math.ceil(image.bytes.length / CHUNK_BYTES))) };
    imageGapCache.set(image, gap);
  }
  return gap;
}

/** Chunk hashes of the base image (but its dead stack), computed once per image. */
function imageHashes(image: BaseImage): ChunkHashes {
  let hashes = imageHashCache.get(image);
  if (!hashes) {
    hashes = hashChunks(image.bytes, Math.ceil(image.bytes.length / CHUNK_BYTES), deadStackGap(image));
    imageHashCache.set(image, hashes);
  }
  return hashes;
}

/** Chunks in use: up to the allocator's break (or the last non-zero byte), at least the image. */
function memoryChunkCount(image: BaseImage, memory: Uint8Array): number {
  const address = image.breakPointerAddress;
  if (address !== null) {
    const top = new Uint32Array(memory.buffer, address, 1)[0]!;
    if (top > 0 && top <= memory.length) return Math.max(Math.ceil(top / CHUNK_BYTES), Math.ceil(image.bytes.length / CHUNK_BYTES));
  }
  return usedChunks(memory);
}

function brokenChain(): never {
  throw new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): the chain of deltas is broken", { reason: "truncated" });
}

/**
 * `storedHead`: the id the host holds as this thread's latest stored snapshot. A delta is only
 * made on top of it (when it is the thread's `baseline`), so a failed store write can never leave
 * a delta without its parent. Returns the snapshot and the baseline it makes for the next one.
 */
export async function takeSnapshot(
  thread: QuickJSThread,
  threadId: string,
  core: CoreThreadState,
  context: SnapshotContext,
  options: { storedHead: string | null; baseline: SnapshotBaseline | null; full?: boolean },
): Promise<{ snapshot: EncodedSnapshot; baseline: SnapshotBaseline }> {
  const { memory, state } = thread.exportState();
  const memoryChunks = memoryChunkCount(context.image, memory);
  const gap = deadStackGap(context.image);
  const hashes = hashChunks(memory, memoryChunks, gap);
  const baseline = options.baseline;
  const fromImage = changedChunks(hashes, imageHashes(context.image), gap);
  let changed = fromImage;
  let kind: "full" | "delta" = "full";
  const canDelta = !options.full && baseline !== null && baseline.id === options.storedHead && baseline.deltas < context.maxDeltas;
  if (canDelta) {
    const sinceBaseline = changedChunks(hashes, baseline.hashes, gap);
    // A delta that is not smaller than a full snapshot is not worth a longer chain.
    if (sinceBaseline.length < fromImage.length) {
      changed = sinceBaseline;
      kind = "delta";
    }
  }
  const chunks = collectChunks(memory, changed);
  const journal = thread.journal.journal;
  const manifest: SnapshotManifest = { thread: state, core, memoryChunks, journal: journal.section(kind === "delta" ? baseline!.journalLength : 0) };
  const { bytes, raw } = await encodeSnapshotBody(
    {
      quickbox: QUICKBOX_VERSION,
      wasmBuild: context.image.profile.id,
      baseImage: await context.image.hash,
      threadId,
      kind,
      ...(kind === "delta" ? { parent: baseline!.id } : {}),
      createdAt: Date.now(),
      memoryBytes: state.memoryBytes,
      paused: state.pause !== null,
      ...(journal.notReplayable !== undefined ? { notReplayable: journal.notReplayable } : {}),
    },
    manifest,
    chunks,
    context.keys,
  );
  const id = await snapshotId(bytes);
  context.recent?.remember(bytes, id, raw);
  return { snapshot: { id, bytes, header: readSnapshotHeader(bytes) }, baseline: { id, hashes, deltas: kind === "delta" ? baseline!.deltas + 1 : 0, journalLength: journal.length } };
}

/**
 * Restores a thread from its chain: a full snapshot first, then its deltas in order.
 * `expectedLastId`, the id the host's head names for the last snapshot, is checked once the
 * snapshots passed every check of the codec: each delta's parent id covers the snapshots before
 * it, this covers the last one, so that bytes damaged in the store are refused, not restored.
 */
export async function restoreSnapshotChain(
  chain: Uint8Array[],
  threadId: string,
  config: ThreadConfig,
  context: SnapshotContext,
  expectedLastId?: string | null,
): Promise<{ thread: QuickJSThread; core: CoreThreadState; paused: boolean; baseline: SnapshotBaseline }> {
  if (!chain.length) throw new Error("quickbox: empty snapshot chain");
  const expected = { wasmBuild: context.image.profile.id, baseImage: await context.image.hash, threadId };
  const decoded: DecodedSnapshot<SnapshotManifest>[] = [];
  // A snapshot taken here lately, stored and read back unchanged, is read from its remembered
  // body and id; any other is decoded in full (and digested, in parallel).
  const remembered = chain.map((bytes) => context.recent?.find(bytes));
  const ids = remembered.every(Boolean) ? Promise.resolve(remembered.map((entry) => entry!.id)) : snapshotIds(chain);
  for (const [position, bytes] of chain.entries()) {
    const entry = remembered[position];
    const snapshot = entry ? decodeRemembered<SnapshotManifest>(bytes, entry.raw, expected, context.keys) : await decodeSnapshot<SnapshotManifest>(bytes, expected, context.keys);
    if (snapshot.header.kind !== (position === 0 ? "full" : "delta")) brokenChain();
    decoded.push(snapshot);
  }
  const chainIds = await ids;
  for (let position = 1; position < chain.length; position++) if (decoded[position]!.header.parent !== chainIds[position - 1]) brokenChain();
  const previousId = chainIds[chainIds.length - 1]!;
  if (expectedLastId && previousId !== expectedLastId) {
    throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the bytes of snapshot ${expectedLastId.slice(0, 12)}… do not match its id (damaged in the store)`, { reason: "truncated" });
  }
  const last = decoded[decoded.length - 1]!;
  // Stored data never raises a limit: the thread gets this interpreter's memory, if what it uses fits.
  const { manifest, memoryChunks } = checkRestoredChain(
    decoded.map((snapshot) => snapshot.manifest),
    decoded.map((snapshot) => snapshot.chunks),
    config.memoryLimitBytes,
  );
  const journal = joinJournal(decoded.map((snapshot) => snapshot.manifest.journal));
  const thread = await QuickJSThread.restore(
    context.image,
    config,
    manifest.thread,
    (memory) => {
      for (const { chunks } of decoded) applyChunks(memory, chunks);
    },
    memoryChunks * CHUNK_BYTES,
    context.instances,
    journal,
  );
  // The baseline is what the chain holds: the image's hashes updated with each applied chunk.
  // (Hashing the chunk data, not the memory, keeps restore cheap and ignores any write the
  // restore itself makes, which the next delta then carries.)
  const gap = deadStackGap(context.image);
  let count = Math.ceil(context.image.bytes.length / CHUNK_BYTES);
  for (const { chunks } of decoded) {
    for (let i = 0; i < chunks.runs.length; i += 2) count = Math.max(count, chunks.runs[i]! + chunks.runs[i + 1]!);
  }
  const hashes = resizeHashes(imageHashes(context.image), count, gap);
  for (const { chunks } of decoded) hashAppliedChunks(hashes, chunks, gap);
  return { thread, core: manifest.core, paused: last.header.paused, baseline: { id: previousId!, hashes, deltas: decoded.length - 1, journalLength: journal.entries.length } };
}
