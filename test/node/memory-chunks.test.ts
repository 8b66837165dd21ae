import { describe, expect, it } from "vitest";
import {
  applyChunks,
  CHUNK_BYTES,
  changedChunks,
  chunkCount,
  collectChunks,
  hashAppliedChunks,
  hashChunks,
  resizeHashes,
} from "../../src/snapshot/memory-chunks.js";

function randomMemory(chunks: number, seed: number): Uint8Array {
  const memory = new Uint8Array(chunks * CHUNK_BYTES);
  let state = seed;
  for (let i = 0; i < memory.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    memory[i] = state >>> 24;
  }
  return memory;
}

describe("memory chunks", () => {
  it("finds exactly the chunks that changed, even a single flipped bit", () => {
    const memory = randomMemory(64, 7);
    const before = hashChunks(memory, 64);
    memory[5 * CHUNK_BYTES + 17] = memory[5 * CHUNK_BYTES + 17]! ^ 1;
    memory[6 * CHUNK_BYTES] = memory[6 * CHUNK_BYTES]! ^ 0x80;
    memory[41 * CHUNK_BYTES - 1] = memory[41 * CHUNK_BYTES - 1]! ^ 0xff;
    expect(changedChunks(hashChunks(memory, 64), before)).toEqual([5, 6, 40]);
  });

  it("leaves the gap's chunks out: not hashed, never changed, not updated by applied chunks", () => {
    const memory = randomMemory(16, 5);
    const gap = { first: 4, end: 10 };
    const zeros = hashChunks(new Uint8Array(16 * CHUNK_BYTES), 16, gap);
    const hashes = hashChunks(memory, 16, gap);
    expect(hashes.length).toBe(2 * 10);
    expect(changedChunks(hashes, zeros, gap)).toEqual([0, 1, 2, 3, 10, 11, 12, 13, 14, 15]);
    // The same as hashing without a gap, slot for slot, outside it.
    const whole = hashChunks(memory, 16);
    expect(Array.from(hashes)).toEqual([...whole.subarray(0, 8), ...whole.subarray(20)]);
    const changed = memory.slice();
    for (const chunk of [3, 4, 9, 10]) changed[chunk * CHUNK_BYTES + 1]! ^= 1;
    expect(changedChunks(hashChunks(changed, 16, gap), hashes, gap)).toEqual([3, 10]);
    const predicted = hashes.slice();
    hashAppliedChunks(predicted, collectChunks(changed, [3, 4, 9, 10]), gap);
    expect(Array.from(predicted)).toEqual(Array.from(hashChunks(changed, 16, gap)));
    // Resized past the gap: the new chunks hash as zeros.
    expect(Array.from(resizeHashes(zeros, 20, gap))).toEqual(Array.from(hashChunks(new Uint8Array(20 * CHUNK_BYTES), 20, gap)));
    // A memory ending in a partial chunk after the gap.
    const short = memory.slice(0, 12 * CHUNK_BYTES + 7);
    expect(Array.from(hashChunks(short, 14, gap))).toEqual([...hashChunks(short, 14).subarray(0, 8), ...hashChunks(short, 14).subarray(20)]);
  });

  it("groups consecutive chunks into runs and applies them back byte for byte", () => {
    const source = randomMemory(32, 1);
    const set = collectChunks(source, [0, 1, 2, 9, 20, 21]);
    expect(Array.from(set.runs)).toEqual([0, 3, 9, 1, 20, 2]);
    expect(chunkCount(set)).toBe(6);
    const target = new Uint8Array(source.length);
    applyChunks(target, set);
    for (const chunk of [0, 1, 2, 9, 20, 21]) {
      expect(target.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES)).toEqual(source.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES));
    }
    expect(target.subarray(3 * CHUNK_BYTES, 9 * CHUNK_BYTES).every((byte) => byte === 0)).toBe(true);
  });

  it("hashes chunks past the end of the memory, or of a shorter baseline, as zeros", () => {
    const memory = new Uint8Array(4 * CHUNK_BYTES + 10).fill(0);
    memory[4 * CHUNK_BYTES + 3] = 9;
    const hashes = hashChunks(memory, 8);
    const zeros = hashChunks(new Uint8Array(8 * CHUNK_BYTES), 8);
    expect(changedChunks(hashes, zeros)).toEqual([4]);
    // A baseline with fewer chunks: the extra chunks count as changed only if they are not zero.
    expect(changedChunks(hashes, zeros.subarray(0, 4))).toEqual([4]);
    expect(Array.from(resizeHashes(zeros.subarray(0, 4), 8))).toEqual(Array.from(zeros));
  });

  it("hashing applied chunk data gives the same hashes as hashing the memory after applying", () => {
    const base = randomMemory(48, 3);
    const changed = randomMemory(48, 4);
    const set = collectChunks(changed, [2, 3, 4, 30, 47]);
    const memory = base.slice();
    applyChunks(memory, set);
    const predicted = hashChunks(base, 48);
    hashAppliedChunks(predicted, set);
    expect(Array.from(predicted)).toEqual(Array.from(hashChunks(memory, 48)));
  });
});
