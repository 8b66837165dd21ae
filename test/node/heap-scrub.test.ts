import { describe, expect, it } from "vitest";
import { getBaseImage } from "../../src/engine/base-image.js";
import { EVAL_GLOBAL, GuestCalls } from "../../src/engine/guest-calls.js";
import { freeHeapRanges, scrubFreeHeap } from "../../src/engine/heap-scrub.js";
import { bootInstance } from "../../src/engine/instance-pool.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";

const image = async () => getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
const heapBase = (built: Awaited<ReturnType<typeof image>>) => built.deadStackRange![1];
const isZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

describe("the base image's free heap", () => {
  it("is zero: the allocator's free chunks and top hold no compile temporaries, and its top is the probed break", async () => {
    const built = await image();
    const found = freeHeapRanges(built.bytes, heapBase(built));
    expect(found).not.toBeNull();
    expect(found!.scrub.freeChunks).toBeGreaterThan(10);
    for (const [start, end] of found!.ranges) expect(isZero(built.bytes.subarray(start, end))).toBe(true);
    const probedTop = new DataView(built.bytes.buffer, built.bytes.byteOffset).getUint32(built.breakPointerAddress!, true);
    expect(found!.scrub.top).toBe(probedTop);
    // What a new thread copies: was ~1.9 MB with the temporaries.
    const changed = built.changedRanges.reduce((sum, [start, end]) => sum + end - start, 0);
    expect(changed).toBeLessThan(1.3 * 2 ** 20);
    // The dead stack region is zero too.
    expect(isZero(built.bytes.subarray(...built.deadStackRange!))).toBe(true);
  });

  it("stays a valid dlmalloc heap in a thread that allocates and frees a lot, and programs read back what they wrote", async () => {
    const built = await image();
    const instance = await bootInstance(built, 32 * 2 ** 20);
    const calls = new GuestCalls(instance, built.pointers.rt, built.pointers.ctx);
    const program = `
      let kept = [];
      for (let round = 0; round < 40; round++) {
        const junk = Array.from({ length: 500 + round * 37 }, (_, i) => ({ i, s: 'x'.repeat(i % 97) + round, a: new Array(i % 13).fill(round) }));
        kept.push(junk[round * 7 % junk.length]);
        new Function('a', 'return a + ' + round)(1);
      }
      kept.map((o) => o.i + ':' + o.s.length + ':' + o.a.join('')).join(',')`;
    const expected = eval(program) as string;
    const result = calls.evalScript(program, "churn.js", EVAL_GLOBAL);
    expect(calls.takeException(result)).toBeNull();
    expect(calls.readString(result)).toBe(expected);
    calls.freeValue(result);
    expect(freeHeapRanges(new Uint8Array(instance.memory.buffer), heapBase(built))).not.toBeNull();
  });

  it("is left alone when the heap does not look like dlmalloc's", async () => {
    const built = await image();
    const bytes = built.bytes.slice();
    const found = freeHeapRanges(bytes, heapBase(built))!;
    // Break one free chunk's footer (the next chunk's prev_foot): the walk refuses the heap.
    const [, freeEnd] = found.ranges[0]!;
    new DataView(bytes.buffer).setUint32(freeEnd, 12345, true);
    const copy = bytes.slice();
    expect(scrubFreeHeap(bytes, heapBase(built))).toBeNull();
    expect(Buffer.from(bytes).equals(Buffer.from(copy))).toBe(true);
    // Not the heap's start: refused too.
    expect(scrubFreeHeap(built.bytes.slice(), heapBase(built) + 8)).toBeNull();
  });
});
