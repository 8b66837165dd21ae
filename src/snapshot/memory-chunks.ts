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

/** Two hashes per chunk, [h1, h2, h1, h2, …]. */
export type ChunkHashes = Uint32Array;

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

/** Chunks [firstChunk, endChunk) are not read; their hashes are copied from `fill`. */
export interface SkippedChunks {
  firstChunk: number;
  endChunk: number;
  fill: ChunkHashes;
}

/** Hashes of the first `chunkCount` chunks; bytes past the end of `memory` count as zeros. */
export function hashChunks(memory: Uint8Array, chunkCount: number, skip?: SkippedChunks): ChunkHashes {
  const hashes = new Uint32Array(chunkCount * 2);
  const whole = Math.min(chunkCount, Math.floor(memory.byteLength / CHUNK_BYTES));
  const words = new Uint32Array(memory.buffer, memory.byteOffset, whole * WORDS_PER_CHUNK);
  const skipFrom = Math.min(skip?.firstChunk ?? whole, whole);
  const skipTo = Math.max(skipFrom, Math.min(skip?.endChunk ?? whole, whole));
  for (let chunk = 0; chunk < skipFrom; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk);
  if (skip && skipTo > skipFrom) hashes.set(skip.fill.subarray(skipFrom * 2, skipTo * 2), skipFrom * 2);
  for (let chunk = skipTo; chunk < whole; chunk++) hashInto(words, chunk * WORDS_PER_CHUNK, hashes, chunk);
  if (whole < chunkCount) {
    // A partial last chunk is hashed as if padded with zeros; chunks past the memory are zeros.
    const padded = new Uint8Array(CHUNK_BYTES);
    padded.set(memory.subarray(whole * CHUNK_BYTES));
    hashInto(new Uint32Array(padded.buffer), 0, hashes, whole);
    const zero = zeroChunkHashes();
    for (let chunk = whole + 1; chunk < chunkCount; chunk++) hashes.set(zero, chunk * 2);
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

/** `hashes` resized to `chunkCount` entries; new entries are hashes of zero chunks. */
export function resizeHashes(hashes: ChunkHashes, chunkCount: number): ChunkHashes {
  if (hashes.length === chunkCount * 2) return hashes.slice();
  const resized = new Uint32Array(chunkCount * 2);
  resized.set(hashes.subarray(0, Math.min(hashes.length, resized.length)));
  const zero = zeroChunkHashes();
  for (let chunk = hashes.length / 2; chunk < chunkCount; chunk++) resized.set(zero, chunk * 2);
  return resized;
}

/** Indices of the chunks whose hashes differ (a chunk past the end of `previous` counts as zeros). */
export function changedChunks(current: ChunkHashes, previous: ChunkHashes): number[] {
  const changed: number[] = [];
  const zero = zeroChunkHashes();
  const shared = Math.min(current.length, previous.length) / 2;
  for (let chunk = 0; chunk < shared; chunk++) {
    const i = chunk * 2;
    if (current[i] !== previous[i] || current[i + 1] !== previous[i + 1]) changed.push(chunk);
  }
  for (let chunk = shared; chunk < current.length / 2; chunk++) {
    if (current[chunk * 2] !== zero[0] || current[chunk * 2 + 1] !== zero[1]) changed.push(chunk);
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

/** Updates `hashes` for the chunks in `chunks` from their bytes (what applying them would give). */
export function hashAppliedChunks(hashes: ChunkHashes, chunks: ChunkSet): void {
  const aligned = chunks.data.byteOffset % 4 === 0 ? chunks.data : chunks.data.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  let slot = 0;
  for (let i = 0; i < chunks.runs.length; i += 2) {
    for (let chunk = chunks.runs[i]!, end = chunk + chunks.runs[i + 1]!; chunk < end; chunk++, slot++) {
      hashInto(words, slot * WORDS_PER_CHUNK, hashes, chunk);
    }
  }
}
