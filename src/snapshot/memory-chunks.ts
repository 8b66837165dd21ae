/**
 * A thread's memory as small chunks. A full snapshot holds the chunks that differ from the base
 * image; a delta holds those that changed since the thread's previous snapshot. Both are found by
 * comparing per-chunk hashes (two independent 32-bit hashes per chunk), so no second copy of the
 * memory is kept. Chunks are small (128 bytes) because one eval touches a few bytes in many
 * places: at 4 KiB, a one-line eval dirtied ~30 chunks (120 KB); at 128 bytes, ~6 KB.
 *
 * A chunk set is stored as runs of consecutive chunks, so a 10 MB array is one run, not 80,000.
 */
export const CHUNK_BYTES = 128;
const WORDS_PER_CHUNK = CHUNK_BYTES / 4;

/** Memory chunks as runs: `runs` is [firstChunk, chunkCount, …]; `data` their bytes in order. */
export interface ChunkSet {
  runs: Uint32Array;
  data: Uint8Array;
}

/**
 * Two hashes per chunk, [h1, h2, h1, h2, …], for the chunks outside the gap (if any): the chunk
 * after the gap takes the slot after the chunk before it.
 */
export type ChunkHashes = Uint32Array;

/**
 * Chunks [first, end) that are neither hashed nor compared nor stored (the dead stack: 5 MiB of a
 * small thread's ~6 MB). Leaving them out of the hash arrays, rather than filling them with the
 * image's hashes, keeps a live thread's baseline ~30 KB instead of ~350 KB and every scan short.
 */
export interface ChunkGap {
  first: number;
  end: number;
}

const NO_GAP: ChunkGap = { first: 0, end: 0 };

/** Slots (hash pairs) of the first `chunkCount` chunks: those outside the gap. */
export function slotCount(chunkCount: number, gap: ChunkGap = NO_GAP): number {
  return chunkCount - Math.min(Math.max(chunkCount - gap.first, 0), gap.end - gap.first);
}

/** The chunk a slot holds. */
function chunkOfSlot(slot: number, gap: ChunkGap): number {
  return slot < gap.first ? slot : slot + (gap.end - gap.first);
}

/** Number of chunks up to the last non-zero byte (the rest of the memory is zero). */
export function usedChunks(memory: Uint8Array): number {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0) end--;
  return Math.ceil(end / WORDS_PER_CHUNK);
}

function hashInto(words: Uint32Array, start: number, hashes: Uint32Array, slot: number): void {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = start, end = start + WORDS_PER_CHUNK; i < end; i++) {
    const word = words[i]!;
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul((b ^ word) + ((b << 5) | (b >>> 27)), 0x85ebca6b);
  }
  hashes[slot * 2] = a >>> 0;
  hashes[slot * 2 + 1] = b >>> 0;
}

/** Hashes of the first `chunkCount` chunks but the gap's; bytes past the end of `memory` count as zeros. */
export function hashChunks(memory: Uint8Array, chunkCount: number, gap: ChunkGap = NO_GAP): ChunkHashes {
  const hashes = new Uint32Array(slotCount(chunkCount, gap) * 2);
  const whole = Math.min(chunkCount, Math.floor(memory.byteLength / CHUNK_BYTES));
  const words = new Uint32Array(memory.buffer, memory.byteOffset, whole * WORDS_PER_CHUNK);
  const gapFirst = Math.min(gap.first, whole);
  const gapEnd = Math.max(gapFirst, Math.min(gap.end, whole));
  for (let chunk = 0; chunk < gapFirst; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk);
  const shift = gap.end - gap.first;
  for (let chunk = gapEnd; chunk < whole; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk - shift);
  if (whole < chunkCount) {
    // A partial last chunk is hashed as if padded with zeros; chunks past the memory are zeros.
    const padded = new Uint8Array(CHUNK_BYTES);
    padded.set(memory.subarray(whole * CHUNK_BYTES));
    const zero = zeroChunkHashes();
    for (let slot = slotCount(whole, gap); slot < hashes.length / 2; slot++) {
      if (chunkOfSlot(slot, gap) === whole) hashInto(new Uint32Array(padded.buffer), 0, hashes, slot);
      else hashes.set(zero, slot * 2);
    }
  }
  return hashes;
}

let zeroHashes: Uint32Array | null = null;
function zeroChunkHashes(): Uint32Array {
  if (!zeroHashes) {
    zeroHashes = new Uint32Array(2);
    hashInto(new Uint32Array(WORDS_PER_CHUNK), 0, zeroHashes, 0);
  }
  return zeroHashes;
}

/** `hashes` (with `gap`) resized to `chunkCount` chunks; new entries are hashes of zero chunks. */
export function resizeHashes(hashes: ChunkHashes, chunkCount: number, gap: ChunkGap = NO_GAP): ChunkHashes {
  const slots = slotCount(chunkCount, gap);
  if (hashes.length === slots * 2) return hashes.slice();
  const resized = new Uint32Array(slots * 2);
  resized.set(hashes.subarray(0, Math.min(hashes.length, resized.length)));
  const zero = zeroChunkHashes();
  for (let slot = hashes.length / 2; slot < slots; slot++) resized.set(zero, slot * 2);
  return resized;
}

/**
 * Indices of the chunks whose hashes differ (a chunk past the end of `previous` counts as zeros);
 * both arrays leave out the same `gap`, whose chunks never count as changed.
 */
export function changedChunks(current: ChunkHashes, previous: ChunkHashes, gap: ChunkGap = NO_GAP): number[] {
  const changed: number[] = [];
  const zero = zeroChunkHashes();
  const shared = Math.min(current.length, previous.length) / 2;
  for (let slot = 0; slot < shared; slot++) {
    const i = slot * 2;
    if (current[i] !== previous[i] || current[i + 1] !== previous[i + 1]) changed.push(chunkOfSlot(slot, gap));
  }
  for (let slot = shared; slot < current.length / 2; slot++) {
    if (current[slot * 2] !== zero[0] || current[slot * 2 + 1] !== zero[1]) changed.push(chunkOfSlot(slot, gap));
  }
  return changed;
}

/** The bytes of `chunks` (ascending indices) from `memory`, grouped into runs. */
export function collectChunks(memory: Uint8Array, chunks: number[]): ChunkSet {
  const runs: number[] = [];
  for (const chunk of chunks) {
    const last = runs.length - 2;
    if (last >= 0 && runs[last]! + runs[last + 1]! === chunk) runs[last + 1]!++;
    else runs.push(chunk, 1);
  }
  const data = new Uint8Array(chunks.length * CHUNK_BYTES);
  let offset = 0;
  for (let i = 0; i < runs.length; i += 2) {
    const bytes = runs[i + 1]! * CHUNK_BYTES;
    data.set(memory.subarray(runs[i]! * CHUNK_BYTES, runs[i]! * CHUNK_BYTES + bytes), offset);
    offset += bytes;
  }
  return { runs: Uint32Array.from(runs), data };
}

export function chunkCount(chunks: ChunkSet): number {
  let count = 0;
  for (let i = 1; i < chunks.runs.length; i += 2) count += chunks.runs[i]!;
  return count;
}

/** Writes the chunks into `memory`. */
export function applyChunks(memory: Uint8Array, chunks: ChunkSet): void {
  let offset = 0;
  for (let i = 0; i < chunks.runs.length; i += 2) {
    const bytes = chunks.runs[i + 1]! * CHUNK_BYTES;
    memory.set(chunks.data.subarray(offset, offset + bytes), chunks.runs[i]! * CHUNK_BYTES);
    offset += bytes;
  }
}

/**
 * Updates `hashes` (with `gap`) for the chunks in `chunks` from their bytes (what applying them
 * would give). A chunk inside the gap has no slot: it is left out (snapshots never hold one).
 */
export function hashAppliedChunks(hashes: ChunkHashes, chunks: ChunkSet, gap: ChunkGap = NO_GAP): void {
  const aligned = chunks.data.byteOffset % 4 === 0 ? chunks.data : chunks.data.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  let slot = 0;
  for (let i = 0; i < chunks.runs.length; i += 2) {
    for (let chunk = chunks.runs[i]!, end = chunk + chunks.runs[i + 1]!; chunk < end; chunk++, slot++) {
      if (chunk >= gap.first && chunk < gap.end) continue;
      hashInto(words, slot * WORDS_PER_CHUNK, hashes, chunk < gap.first ? chunk : chunk - (gap.end - gap.first));
    }
  }
}
