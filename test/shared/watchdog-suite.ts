/**
 * The watchdog, with a real stuck builtin: BigInt-to-string never polls QuickJS's interrupt
 * handler, so only terminating the worker stops it.
 */
import { expect, it } from "vitest";
import { memoryStore, type InterpreterEvent } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export function defineWatchdogSuite(create: InterpreterFactory): void {
  it("a cancel reaches a program that computes: Cancelled within about a second, the thread keeps its state", async () => {
    const qb = await create({ timeoutMs: 20_000, store: memoryStore() });
    try {
      await qb.eval("const keep = 'state'", { threadId: "busy" });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = performance.now();
      const result = await qb.eval("while (true) {}", { threadId: "busy", signal: controller.signal });
      const elapsed = performance.now() - started;
      expect(result.error?.type).toBe("Cancelled");
      // Shared memory (Node) stops it at once; elsewhere the worker is replaced after a grace period.
      expect(elapsed).toBeLessThan(200 + 1000 + 1500);
      if (typeof SharedArrayBuffer === "function") expect(elapsed).toBeLessThan(200 + 500);
      const after = await qb.eval("keep", { threadId: "busy" });
      expect(after.value).toBe("state");
    } finally {
      await qb.dispose();
    }
  }, 30_000);

  it("restarts a worker stuck in a builtin: Timeout with a note, neighbours reported, host responsive", async () => {
    const events: InterpreterEvent[] = [];
    const qb = await create({ timeoutMs: 200, onEvent: (event) => events.push(event) });
    try {
      await qb.eval("const keep = 'state'", { threadId: "neighbour" });
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 20);
      const started = performance.now();
      const stuck = await qb.eval("Array(4).fill(3n ** 600000n).join().length", { threadId: "stuck" });
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      expect(stuck.error?.type).toBe("Timeout");
      expect(stuck.warnings?.join("\n")).toMatch(/thread was restarted/);
      // The host thread kept running while the worker was stuck.
      expect(ticks).toBeGreaterThan(elapsed / 20 / 4);
      const neighbour = await qb.eval("typeof keep", { threadId: "neighbour" });
      expect(neighbour.value).toBe("undefined");
      expect(neighbour.warnings?.join("\n")).toMatch(/thread was restarted with a fresh state/);
      const restarted = events.filter((event) => event.type === "restart").map((event) => (event as { threadId: string }).threadId);
      expect(restarted).toEqual(expect.arrayContaining(["neighbour", "stuck"]));
      expect((await qb.eval("6 * 7", { threadId: "stuck" })).value).toBe(42);
    } finally {
      await qb.dispose();
    }
  }, 30_000);

  it("with a store, the stuck thread's neighbours come back from their last snapshot", async () => {
    const qb = await create({ timeoutMs: 200, store: memoryStore() });
    try {
      await qb.eval("const keep = 'state'; let visits = 1", { threadId: "neighbour" });
      const stuck = await qb.eval("Array(4).fill(3n ** 600000n).join().length", { threadId: "stuck" });
      expect(stuck.error?.type).toBe("Timeout");
      const neighbour = await qb.eval("visits++; keep", { threadId: "neighbour" });
      expect(neighbour.value).toBe("state");
      expect(neighbour.warnings?.join("\n")).toMatch(/thread was restarted from its last snapshot/);
    } finally {
      await qb.dispose();
    }
  }, 30_000);
}
