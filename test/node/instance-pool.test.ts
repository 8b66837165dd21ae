/**
 * The spare and recycled instances of the engine belong to the interpreters that use them: while
 * one lives they speed up new threads; when the last one is disposed nothing is left behind
 * (before, an inline interpreter could leave about three times memoryLimitBytes after dispose()).
 */
import { describe, expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { InstancePool } from "../../src/engine/instance-pool.js";

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
