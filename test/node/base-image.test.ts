import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundlePrelude, CHUNKS_OUTPUT_PATH, OUTPUT_PATH, renderChunksModule, renderModule } from "../../scripts/build-prelude.mjs";
import { baseImageSeed, getBaseImage, sha256Hex } from "../../src/engine/base-image.js";
import { EVAL_GLOBAL, GuestCalls } from "../../src/engine/guest-calls.js";
import { bootInstance } from "../../src/engine/instance-pool.js";
import { QuickJSThread } from "../../src/engine/quickjs-thread.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { releaseWasmBytes } from "../../scripts/seeded-wasm.js";
import { BASE_IMAGE_HASH_MODULE, baseImageHashModule, freshBaseImageRecord } from "../shared/base-image-check.js";

/** A fresh compile of QuickJS's own .wasm (no image inside: the image is built; each module object gets its own). */
const plainModule = () => WebAssembly.compile(new Uint8Array(releaseWasmBytes()));

describe("base image", () => {
  it("the committed guest prelude is what src/guest builds to (run `npm run build:prelude`)", async () => {
    const prelude = await bundlePrelude();
    expect(readFileSync(OUTPUT_PATH, "utf8")).toBe(renderModule(prelude));
    expect(readFileSync(CHUNKS_OUTPUT_PATH, "utf8")).toBe(renderChunksModule(prelude));
  }, 60_000);

  it("is byte-identical for every build of it, and matches the recorded hash shared with Chromium", async () => {
    const first = await freshBaseImageRecord(await plainModule());
    const second = await getBaseImage(RELEASE_BUILD, await plainModule());
    expect(await second.hash).toBe(first.hash);
    await expect(baseImageHashModule(first)).toMatchFileSnapshot(BASE_IMAGE_HASH_MODULE);
  });

  it("a new thread's memory equals the image, whatever memory size the thread has", async () => {
    const image = await getBaseImage(RELEASE_BUILD, await plainModule());
    for (const memoryLimitBytes of [16 * 2 ** 20, 64 * 2 ** 20]) {
      const thread = await QuickJSThread.create(image, { maxJournalBytes: 2 ** 20, memoryLimitBytes, maxStackSizeBytes: 256 * 1024, clock: "virtual", randomSeed: 1 });
      const memory = new Uint8Array(thread.memory.buffer);
      expect(memory.length).toBe(memoryLimitBytes);
      // Setting the stack limit and seeding Math.random touch a few hundred heap bytes; the rest is the image.
      let differing = 0;
      for (let i = 0; i < image.bytes.length; i++) if (memory[i] !== image.bytes[i]) differing++;
      expect(differing).toBeLessThan(2048);
      expect(memory.subarray(image.bytes.length).every((byte) => byte === 0)).toBe(true);
    }
  });

  it("an instance booted before the image's changed ranges are known (whole image) equals one booted after (ranges only)", async () => {
    const image = await getBaseImage(RELEASE_BUILD, await plainModule());
    expect(image.changedRangesKnown).toBe(false);
    const whole = new Uint8Array((await bootInstance(image, 16 * 2 ** 20)).memory.buffer);
    expect(image.changedRanges.length).toBeGreaterThan(0);
    expect(image.changedRangesKnown).toBe(true);
    const ranges = new Uint8Array((await bootInstance(image, 16 * 2 ** 20)).memory.buffer);
    expect(Buffer.from(ranges).equals(Buffer.from(whole))).toBe(true);
  });

  it("only an image's first instance gets the whole copy: the next boot finds the changed ranges itself (nothing else may ask for them, e.g. inline)", async () => {
    // Another module object: an image of its own, its ranges not computed yet.
    const image = await getBaseImage(RELEASE_BUILD, await plainModule());
    expect(image.changedRangesKnown).toBe(false);
    const first = new Uint8Array((await bootInstance(image, 16 * 2 ** 20)).memory.buffer);
    expect(image.changedRangesKnown).toBe(false);
    const second = new Uint8Array((await bootInstance(image, 16 * 2 ** 20)).memory.buffer);
    // A whole copy for every thread wrote (and kept resident) ~7 MB per thread instead of ~1.2 MB.
    expect(image.changedRangesKnown).toBe(true);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });
});

describe("base image seeds (a worker hands its image to the next one)", () => {
  it("an image taken from a seed is the built image, byte for byte, and threads run on it", async () => {
    const built = await getBaseImage(RELEASE_BUILD, await plainModule());
    const seed = structuredClone(await baseImageSeed(built));
    expect(seed.changedBytes.length).toBeLessThan(built.bytes.length / 2);
    // Another module object: no cached image, so the seed is used.
    const seeded = await getBaseImage(RELEASE_BUILD, await plainModule(), seed);
    expect(seeded === built).toBe(false);
    expect(Buffer.from(seeded.bytes).equals(Buffer.from(built.bytes))).toBe(true);
    expect(await sha256Hex(seeded.bytes)).toBe(await built.hash);
    expect(seeded.pointers).toEqual(built.pointers);
    const thread = await QuickJSThread.create(seeded, { maxJournalBytes: 2 ** 20, memoryLimitBytes: 16 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual", randomSeed: 1 });
    expect(thread.memory.buffer.byteLength).toBe(16 * 2 ** 20);
  });

  it("a seed whose bytes do not match its ranges, or of another build, is refused", async () => {
    const built = await getBaseImage(RELEASE_BUILD, await plainModule());
    const seed = await baseImageSeed(built);
    await expect(getBaseImage(RELEASE_BUILD, await plainModule(), { ...seed, changedBytes: seed.changedBytes.subarray(1) })).rejects.toThrow(/do not match its ranges/);
    await expect(getBaseImage(RELEASE_BUILD, await plainModule(), { ...seed, profileId: "debug-sync" })).rejects.toThrow(/cannot serve build/);
  });
});

describe("the shadow stack", () => {
  it("the stack pointer export is the stack pointer: lower inside a deep call, back at rest after, between static data and heap", async () => {
    const image = await getBaseImage(RELEASE_BUILD, await plainModule());
    expect(image.deadStackRange).not.toBeNull();
    const [start, end] = image.deadStackRange!;
    expect(end - start).toBe(5 * 2 ** 20);
    expect(start).toBeGreaterThan(image.breakPointerAddress!);
    const instance = await bootInstance(image, 16 * 2 ** 20);
    expect(instance.stackPointer()).toBe(end);
    const inside: number[] = [];
    instance.bindings.callbacks.shouldInterrupt = () => {
      inside.push(instance.stackPointer()!);
      return false;
    };
    const calls = new GuestCalls(instance, image.pointers.rt, image.pointers.ctx);
    const result = calls.evalScript("function deep(n) { return n === 0 ? 0 : 1 + deep(n - 1) } let s = 0; for (let i = 0; i < 20000; i++) s += deep(200); s", "stack.js", EVAL_GLOBAL);
    calls.freeValue(result);
    expect(inside.length).toBeGreaterThan(0);
    const deepest = Math.min(...inside);
    expect(deepest).toBeLessThan(end - 4096);
    expect(deepest).toBeGreaterThan(start);
    expect(instance.stackPointer()).toBe(end);
  });
});
