/**
 * A thread's memory as 4 KiB chunks. A full snapshot holds the chunks that differ from the base
 * image; a delta holds those that changed since the thread's previous snapshot, found by comparing
 * per-chunk hashes (two independent 32-bit hashes per chunk) rather than keeping a second copy
 * of the memory.
 */
export const CHUNK_BYTES = 4096;
const WORDS_PER_CHUNK = CHUNK_BYTES / 4;

/** Memory chunks: indices and their bytes (concatenated, CHUNK_BYTES each). */
export interface ChunkSet {
  indices: Uint32Array;
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

export function hashChunks(memory: Uint8Array, chunkCount: number): ChunkHashes {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, chunkCount * WORDS_PER_CHUNK);
  const hashes = new Uint32Array(chunkCount * 2);
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    let a = 0x811c9dc5;
    let b = 0x9e3779b9;
    const start = chunk * WORDS_PER_CHUNK;
    for (let i = start, end = start + WORDS_PER_CHUNK; i < end; i++) {
      const word = words[i]!;
      a = Math.imul(a ^ word, 0x01000193);
      b = Math.imul((b ^ word) + ((b << 5) | (b >>> 27)), 0x85ebca6b);
    }
    hashes[chunk * 2] = a >>> 0;
    hashes[chunk * 2 + 1] = b >>> 0;
  }
  return hashes;
}

function collect(memory: Uint8Array, indices: number[]): ChunkSet {
  const data = new Uint8Array(indices.length * CHUNK_BYTES);
  indices.forEach((chunk, slot) => data.set(memory.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES), slot * CHUNK_BYTES));
  return { indices: Uint32Array.from(indices), data };
}

/** Chunks of `memory` (first `chunkCount`) that differ from `base` (shorter base = zeros beyond). */
export function diffAgainstImage(memory: Uint8Array, base: Uint8Array, chunkCount: number): ChunkSet {
  const current = new Uint32Array(memory.buffer, memory.byteOffset, chunkCount * WORDS_PER_CHUNK);
  const baseWords = new Uint32Array(base.buffer, base.byteOffset, base.byteLength >>> 2);
  const changed: number[] = [];
  const limit = Math.max(chunkCount, Math.ceil(baseWords.length / WORDS_PER_CHUNK));
  for (let chunk = 0; chunk < limit; chunk++) {
    const start = chunk * WORDS_PER_CHUNK;
    for (let i = start, end = start + WORDS_PER_CHUNK; i < end; i++) {
      if ((i < current.length ? current[i]! : 0) !== (i < baseWords.length ? baseWords[i]! : 0)) {
        changed.push(chunk);
        break;
      }
    }
  }
  return collect(memory, changed);
}

/** Chunks whose hashes differ from `previous` (chunks past either end count as changed). */
export function diffAgainstHashes(memory: Uint8Array, current: ChunkHashes, previous: ChunkHashes): ChunkSet {
  const changed: number[] = [];
  const count = Math.max(current.length, previous.length) / 2;
  for (let chunk = 0; chunk < count; chunk++) {
    const i = chunk * 2;
    if (current[i] !== previous[i] || current[i + 1] !== previous[i + 1]) changed.push(chunk);
  }
  return collect(memory, changed.filter((chunk) => chunk * 2 < current.length || chunk * CHUNK_BYTES < memory.length));
}

export function applyChunks(memory: Uint8Array, chunks: ChunkSet): void {
  chunks.indices.forEach((chunk, slot) => {
    memory.set(chunks.data.subarray(slot * CHUNK_BYTES, (slot + 1) * CHUNK_BYTES), chunk * CHUNK_BYTES);
  });
}
