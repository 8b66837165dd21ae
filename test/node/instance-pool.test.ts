/**
 * The spare and recycled instances of the engine belong to the interpreters that use them: while
 * one lives they speed up new threads; when the last one is disposed nothing is left behind
 * (before, an inline interpreter could leave about three times memoryLimitBytes after dispose()).
 */
import { describe, expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { InstancePool } from "../../src/engine/instance-pool.js";
import { baseImageSeed, getBaseImage } from "../../src/engine/base-image.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { createEngine } from "../../src/core/engine-bootstrap.js";
import { resolveOptions } from "../../src/options.js";
import { engineCapabilities, hostRuntime } from "../../src/runtime/host-runtime.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("instance pool ownership (inline)", () => {
  it("keeps spare and recycled instances while an interpreter lives, and none after the last one is disposed", async () => {
    expect(InstancePool.keptInProcess()).toBe(0);
    const first = await createInterpreter({ isolation: "inline" });
    const second = await createInterpreter({ isolation: "inline" });
    for (const threadId of ["a", "b", "c"]) {
      expect((await first.eval("1 + 1", { threadId })).value).toBe(2);
      await first.reset(threadId);
    }
    await settle();
    expect(InstancePool.keptInProcess()).toBeGreaterThan(0);
    await first.dispose();
    // The second interpreter still shares the pool.
    expect(InstancePool.keptInProcess()).toBeGreaterThan(0);
    expect((await second.eval("40 + 2")).value).toBe(42);
    await second.dispose();
    await settle();
    expect(InstancePool.keptInProcess()).toBe(0);
    // A new interpreter starts a new pool and works.
    const third = await createInterpreter({ isolation: "inline" });
    expect((await third.eval("'again'")).value).toBe("again");
    await third.dispose();
    expect(InstancePool.keptInProcess()).toBe(0);
  });
});

describe("a released pool boots nothing more", () => {
  it("the spare an acquire scheduled is not booted once the pool is cleared (a disposed interpreter's process exits at once)", async () => {
    const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
    const memoryBytes = 16 * 2 ** 20;
    // Every boot makes a wasm instance: count them.
    const OriginalInstance = WebAssembly.Instance;
    let booted = 0;
    WebAssembly.Instance = new Proxy(OriginalInstance, {
      construct(target, args: ConstructorParameters<typeof WebAssembly.Instance>) {
        booted++;
        return Reflect.construct(target, args) as WebAssembly.Instance;
      },
    });
    try {
      // Control: a pool that stays in use boots its spare after the acquire.
      const kept = new InstancePool(image, { keepSpare: true });
      await kept.acquire(memoryBytes);
      booted = 0;
      await settle();
      expect(booted).toBe(1);
      kept.clear();
      // A pool cleared right after the acquire (its interpreter disposed): the scheduled spare never boots.
      const released = new InstancePool(image, { keepSpare: true });
      await released.acquire(memoryBytes);
      booted = 0;
      released.clear();
      await settle();
      expect(booted).toBe(0);
      expect(released.keptInstances).toBe(0);
      // The pool still works after a clear: the next acquire boots an instance holding the image.
      const again = await released.acquire(memoryBytes);
      expect(Buffer.from(new Uint8Array(again.memory.buffer, 0, image.bytes.length)).equals(Buffer.from(image.bytes))).toBe(true);
      released.clear();
    } finally {
      WebAssembly.Instance = OriginalInstance;
    }
  });
});

describe("a new engine's first thread (cold start)", () => {
  it("an image from a seed is written into the instance it is made on, which holds it exactly: the first thread's, taken once and only at its size", async () => {
    const built = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
    const seed = await baseImageSeed(built);
    const memoryBytes = 32 * 2 ** 20;
    const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD), seed, memoryBytes);
    expect(image.takeInstance(16 * 2 ** 20)).toBeNull();
    const instance = image.takeInstance(memoryBytes)!;
    expect(instance.memory.buffer.byteLength).toBe(memoryBytes);
    const memory = new Uint8Array(instance.memory.buffer);
    expect(Buffer.from(memory.subarray(0, image.bytes.length)).equals(Buffer.from(image.bytes))).toBe(true);
    expect(memory.subarray(image.bytes.length).every((byte) => byte === 0)).toBe(true);
    expect(image.takeInstance(memoryBytes)).toBeNull();
    // A built image's instance held the probing's allocation: never handed on.
    expect(built.takeInstance(16 * 2 ** 20)).toBeNull();
  });

  it("createEngine hands that instance to the pool: the first thread boots none", async () => {
    const module = await compileBuildWasm(RELEASE_BUILD);
    const seed = await baseImageSeed(await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD)));
    const options = resolveOptions({ isolation: "inline" }).engine;
    const { core, image } = await createEngine(options, { tools: [], subagents: { enabled: false, types: [] } }, module, engineCapabilities(hostRuntime()), seed);
    const pool = InstancePool.shared(image, { keepSpare: true });
    try {
      // The adopted instance, there at once (a spare would still be a pending timer here).
      expect(pool.keptInstances).toBe(1);
      const first = await pool.acquire(options.memoryLimitBytes);
      expect(Buffer.from(new Uint8Array(first.memory.buffer, 0, image.bytes.length)).equals(Buffer.from(image.bytes))).toBe(true);
      expect(image.takeInstance(options.memoryLimitBytes)).toBeNull();
    } finally {
      core.dispose();
      pool.release();
    }
  });
});
