/**
 * A snapshot's manifest and chunk table are checked before anything of them is used: without a
 * signing key they are whatever the store holds, so every field is checked for type and range,
 * and the memory a thread needs must fit the CURRENT interpreter's memoryLimitBytes — a stored
 * number never raises a limit. Anything else is SNAPSHOT_REJECTED (reason "truncated": the bytes
 * are not a snapshot quickbox could have written), never a raw exception.
 */
import { QuickboxError } from "../errors.js";
import { CHUNK_BYTES, type ChunkSet } from "./memory-chunks.js";
import type { SnapshotManifest } from "./thread-snapshots.js";

const WASM_PAGE_BYTES = 65536;
const MAX_MEMORY_BYTES = 2 ** 31;

function malformed(what: string): never {
  throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): ${what}`, { reason: "truncated" });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function checkThreadState(state: unknown): void {
  if (!isRecord(state)) malformed("the manifest has no thread state");
  if (typeof state.clockMs !== "number" || !Number.isFinite(state.clockMs) || state.clockMs < 0) malformed("the thread's clock is not a time");
  if (typeof state.configurationJson !== "string") malformed("the thread's configuration is not text");
  if (!isRecord(state.skills) || !Object.values(state.skills).every((files) => isRecord(files) && Object.values(files).every((source) => typeof source === "string"))) {
    malformed("the thread's skills are not files");
  }
  const memoryBytes = state.memoryBytes;
  if (!isCount(memoryBytes) || memoryBytes === 0 || memoryBytes % WASM_PAGE_BYTES !== 0 || memoryBytes > MAX_MEMORY_BYTES) malformed("the thread's memory size is impossible");
  if (state.guestKeys !== undefined && !(isRecord(state.guestKeys) && Object.values(state.guestKeys).every((key) => typeof key === "string"))) malformed("the thread's call keys are not text");
  const pause = state.pause;
  if (pause === null) return;
  if (!isRecord(pause) || !isCount(pause.held) || pause.held === 0) malformed("the thread's pause holds no calls");
  if (!isRecord(pause.issued) || !isCount(pause.issued.tool) || !isCount(pause.issued.task)) malformed("the thread's call counts are not counts");
}

/**
 * Checks a restored chain's last manifest and every chunk table against the memory this
 * interpreter gives a thread (`memoryLimitBytes`); returns the memory the chain accounts for.
 */
export function checkRestoredChain(manifests: unknown[], chunkSets: ChunkSet[], memoryLimitBytes: number): { manifest: SnapshotManifest; memoryChunks: number } {
  const last = manifests[manifests.length - 1];
  if (!isRecord(last)) malformed("the manifest is not an object");
  checkThreadState(last.thread);
  if (!isRecord(last.core) || !isCount(last.core.cells)) malformed("the manifest's cell count is not a count");
  const limitChunks = Math.floor(memoryLimitBytes / CHUNK_BYTES);
  let memoryChunks = 0;
  for (const manifest of manifests) {
    const chunks = isRecord(manifest) ? manifest.memoryChunks : undefined;
    if (chunks !== undefined && !isCount(chunks)) malformed("the manifest's memory size is not a count");
    memoryChunks = Math.max(memoryChunks, chunks ?? 0);
  }
  for (const { runs } of chunkSets) {
    for (let i = 0; i < runs.length; i += 2) memoryChunks = Math.max(memoryChunks, runs[i]! + runs[i + 1]!);
  }
  if (memoryChunks > limitChunks) {
    throw new QuickboxError(
      "SNAPSHOT_REJECTED",
      `snapshot rejected (truncated): the thread uses ${memoryChunks * CHUNK_BYTES} bytes of memory; this interpreter's memoryLimitBytes is ${memoryLimitBytes}`,
      { reason: "truncated" },
    );
  }
  return { manifest: last as unknown as SnapshotManifest, memoryChunks };
}
