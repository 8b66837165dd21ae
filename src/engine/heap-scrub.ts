/**
 * Zeroing the free memory of the allocator in a base image (DESIGN.md §6). Compiling the guest
 * prelude leaves ~1 MB of freed parser and bytecode temporaries in the heap; their bytes are dead
 * but differ from a fresh memory, so every new thread would copy (and keep resident) those pages.
 * Zeroed, the pages a thread's image needs are only the ones holding live data.
 *
 * The allocator is emscripten's dlmalloc (32-bit, 8-byte alignment): every chunk starts with
 * `prev_foot` and `head` (size | PINUSE 1 | CINUSE 2); a free chunk keeps its bin links in its
 * first payload words (fd, bk; chunks of 256 bytes and more also two children, parent and index:
 * up to byte 32) and its size as the next chunk's `prev_foot`; the top chunk is followed by a
 * fencepost whose head is TOP_FOOT_SIZE (40) with no flags. Nothing else of a free chunk is ever
 * read: malloc hands out uninitialised memory and calloc clears it itself.
 *
 * The heap is walked from its base and the scrub is made only if every invariant dlmalloc keeps
 * holds (sizes, flags, footers, no two adjacent free chunks, each free chunk linked in its bin, a
 * top chunk with nothing past its fencepost); otherwise nothing is touched. A free chunk whose
 * links do not check out (dlmalloc's "designated victim", kept outside the bins) is left as is.
 */

const MIN_CHUNK = 16;
const PINUSE = 1;
const CINUSE = 2;
const FLAG_BITS = 7;
const TOP_FOOT_SIZE = 40;
/** Payload bytes of a free chunk the allocator uses (fd, bk, child[2], parent, index). */
const FREE_HEADER_BYTES = 32;
/** Free chunks whose links do not check out, at most: the designated victim. */
const MAX_UNLINKED = 1;

export interface HeapScrub {
  /** The top chunk's address. */
  top: number;
  /** Bytes set to zero (some already were). */
  zeroedBytes: number;
  /** Chunks walked, free chunks among them (top excluded), and free ones left alone. */
  chunks: number;
  freeChunks: number;
  skippedFree: number;
}

/** The free ranges [start, end) that may be zeroed, or null if the heap does not look like dlmalloc's. */
export function freeHeapRanges(memory: Uint8Array, heapBase: number): { ranges: [number, number][]; scrub: Omit<HeapScrub, "zeroedBytes"> } | null {
  const length = memory.length - (memory.length % 4);
  const u32 = new Uint32Array(memory.buffer, memory.byteOffset, length >>> 2);
  const word = (address: number): number | null => (address % 4 === 0 && address >= 0 && address + 4 <= length ? u32[address >>> 2]! : null);
  if (heapBase % 8 !== 0) return null;
  const ranges: [number, number][] = [];
  let chunk = heapBase;
  let previousInUse = true;
  let chunks = 0;
  let freeChunks = 0;
  let skippedFree = 0;
  for (;;) {
    const head = word(chunk + 4);
    if (head === null) return null;
    const size = head & ~FLAG_BITS;
    const inUse = (head & CINUSE) !== 0;
    // Each chunk's PINUSE says whether the one before it is in use.
    if (size < MIN_CHUNK || size % 8 !== 0 || ((head & PINUSE) !== 0) !== previousInUse) return null;
    const next = chunk + size;
    const nextHead = word(next + 4);
    if (nextHead === null) return null;
    chunks++;
    if (!inUse) {
      if (nextHead === TOP_FOOT_SIZE) {
        // The top chunk, then the fencepost, then nothing in use: all zero to the memory's end.
        const end = next + 8;
        for (let i = end >>> 2; i < u32.length; i++) if (u32[i] !== 0) return null;
        ranges.push([chunk + 8, next]);
        return { ranges, scrub: { top: chunk, chunks, freeChunks, skippedFree } };
      }
      // A free chunk: never next to another one, its size repeated as the next chunk's prev_foot.
      if (!previousInUse || (nextHead & CINUSE) === 0 || (nextHead & PINUSE) !== 0 || word(next) !== size) return null;
      freeChunks++;
      const fd = word(chunk + 8);
      const bk = word(chunk + 12);
      const linked = fd !== null && bk !== null && word(fd + 12) === chunk && word(bk + 8) === chunk;
      if (linked) {
        if (size > FREE_HEADER_BYTES) ranges.push([chunk + FREE_HEADER_BYTES, next]);
      } else if (++skippedFree > MAX_UNLINKED) {
        return null;
      }
    }
    previousInUse = inUse;
    chunk = next;
  }
}

/** Zeroes the allocator's free memory in place; null (memory untouched) if the heap is not as expected. */
export function scrubFreeHeap(memory: Uint8Array, heapBase: number): HeapScrub | null {
  const found = freeHeapRanges(memory, heapBase);
  if (!found) return null;
  let zeroedBytes = 0;
  for (const [start, end] of found.ranges) {
    memory.fill(0, start, end);
    zeroedBytes += end - start;
  }
  return { ...found.scrub, zeroedBytes };
}
