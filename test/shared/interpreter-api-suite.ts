/** The public Interpreter API around evals: options, threads, disposal, determinism. */
import { describe, expect, it } from "vitest";
import { isQuickboxError } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

async function expectQuickboxError(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect(isQuickboxError(error), String(error)).toBe(true);
    expect((error as { code: string }).code).toBe(code);
    expect((error as Error).name).toBe("QuickboxError");
    return;
  }
  throw new Error(`expected a QuickboxError ${code}`);
}

export function defineInterpreterApiSuite(create: InterpreterFactory): void {
  describe("options", () => {
    it("rejects bad options with INVALID_OPTIONS and a clear message", async () => {
      await expectQuickboxError(create({ timeoutMs: -1 }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ memoryLimitBytes: 1024 }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ clock: "sundial" as never }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ timeout: 5 } as never), "INVALID_OPTIONS");
      await expectQuickboxError(create({ maxStackSizeBytes: 64 * 2 ** 20 }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ workers: 1.5 }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ maxToolCalls: 2.5 }), "INVALID_OPTIONS");
      await expectQuickboxError(create({ encryptionKey: new Uint8Array(3) }), "INVALID_OPTIONS");
      // A number given as a string says so.
      await expect(create({ timeoutMs: "1000" as never })).rejects.toThrow('got "1000" (a string)');
    });

    it("rejects bad eval arguments", async () => {
      const qb = await create();
      try {
        await expectQuickboxError(qb.eval(42 as never), "INVALID_OPTIONS");
        await expectQuickboxError(qb.eval("1", { threadId: "" }), "INVALID_OPTIONS");
        // A misspelt option is refused, not ignored (it would run on another thread).
        await expectQuickboxError(qb.eval("1", { thread: "t1" } as never), "INVALID_OPTIONS");
        await expectQuickboxError(qb.resume("default", {}, { sginal: null } as never), "INVALID_OPTIONS");
        await expect(qb.resume("default", [{ type: "approve" }] as never)).rejects.toThrow(/keyed by interrupt id/);
      } finally {
        await qb.dispose();
      }
    });

    it("captureConsole: false drops console output", async () => {
      const qb = await create({ captureConsole: false });
      try {
        const result = await qb.eval("console.log('hidden'); 1");
        expect(result.text).toBe("<result>1</result>");
        expect(result.stdout).toBe("");
      } finally {
        await qb.dispose();
      }
    });

    it("maxResultChars bounds stdout and the result", async () => {
      const qb = await create({ maxResultChars: 10 });
      try {
        const result = await qb.eval("console.log('abcdefghijklmnop'); 'ABCDEFGHIJKLMNOP'");
        expect(result.text).toBe("<stdout>\nabcdefghij… [truncated 6 chars]\n</stdout>\n<result>ABCDEFGHIJ… [truncated 6 chars]</result>");
      } finally {
        await qb.dispose();
      }
    });

    it("randomSeed makes Math.random deterministic; without it threads differ", async () => {
      const draw = "Array.from({ length: 3 }, () => Math.random())";
      const a = await create({ randomSeed: 42 });
      const b = await create({ randomSeed: 42 });
      const c = await create();
      try {
        const first = (await a.eval(draw)).value as number[];
        expect((await b.eval(draw)).value).toEqual(first);
        expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
        const one = (await c.eval(draw, { threadId: "one" })).value;
        const two = (await c.eval(draw, { threadId: "two" })).value;
        expect(one).not.toEqual(two);
      } finally {
        await Promise.all([a.dispose(), b.dispose(), c.dispose()]);
      }
    });

    it('clock: "real" uses the host clock and timers wait real time', async () => {
      const qb = await create({ clock: "real" });
      try {
        const before = Date.now();
        const result = await qb.eval("const t0 = Date.now(); await new Promise((r) => setTimeout(r, 50)); [t0, Date.now() - t0]");
        const [t0, waited] = result.value as [number, number];
        expect(t0).toBeGreaterThanOrEqual(before - 5);
        expect(waited).toBeGreaterThanOrEqual(45);
      } finally {
        await qb.dispose();
      }
    });

    it("wallTimeoutMs bounds a real-clock wait", async () => {
      const qb = await create({ clock: "real", wallTimeoutMs: 200 });
      try {
        const result = await qb.eval("await new Promise((r) => setTimeout(r, 5000)); 'late'");
        expect(result.error?.type).toBe("Timeout");
        expect(result.error?.details).toEqual({ kind: "wall" });
        expect(result.durationMs).toBeLessThan(2000);
      } finally {
        await qb.dispose();
      }
    });
  });

  describe("threads", () => {
    it("isolates globals between threads", async () => {
      const qb = await create();
      try {
        await qb.eval("globalThis.secret = 'a'; Object.prototype.leak = 1; const mine = 1", { threadId: "a" });
        const other = await qb.eval("[typeof secret, ({}).leak, typeof mine]", { threadId: "b" });
        expect(other.value).toEqual(["undefined", undefined, "undefined"]);
      } finally {
        await qb.dispose();
      }
    });

    it("lists threads, and reset gives a fresh state", async () => {
      const qb = await create();
      try {
        await qb.eval("const x = 1", { threadId: "r" });
        expect((await qb.threads()).map((t) => t.threadId)).toContain("r");
        await qb.reset("r");
        expect((await qb.threads()).map((t) => t.threadId)).not.toContain("r");
        expect((await qb.eval("typeof x", { threadId: "r" })).value).toBe("undefined");
        await qb.reset("never-existed");
      } finally {
        await qb.dispose();
      }
    });

    it("runs one thread's evals in call order", async () => {
      const qb = await create();
      try {
        const results = await Promise.all(
          Array.from({ length: 5 }, (_, i) => qb.eval(`globalThis.log = (globalThis.log ?? []).concat(${i}); log.length`, { threadId: "q" })),
        );
        expect(results.map((r) => r.value)).toEqual([1, 2, 3, 4, 5]);
      } finally {
        await qb.dispose();
      }
    });
  });

  describe("disposal", () => {
    it("refuses use after dispose with DISPOSED", async () => {
      const qb = await create();
      await qb.eval("1");
      await qb.dispose();
      await expectQuickboxError(qb.eval("1"), "DISPOSED");
      await expectQuickboxError(qb.threads(), "DISPOSED");
      await qb.dispose();
    });

    it("an eval whose signal is already aborted runs nothing at all", async () => {
      const qb = await create();
      try {
        const result = await qb.eval("globalThis.ran = true; await 0", { signal: AbortSignal.abort() });
        expect(result.error?.type).toBe("Cancelled");
        expect((await qb.eval("typeof ran")).value).toBe("undefined");
      } finally {
        await qb.dispose();
      }
    });

    it("an eval running when dispose() is called resolves as Cancelled (a result, not a rejection)", async () => {
      const qb = await create({ clock: "real" });
      await qb.eval("1");
      const running = qb.eval("await new Promise((resolve) => setTimeout(resolve, 5000)); 'finished'");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await qb.dispose();
      const result = await running;
      expect(result.status).toBe("error");
      expect(result.error?.type).toBe("Cancelled");
    });

    it("supports Symbol.asyncDispose", async () => {
      const qb = await create();
      await qb[Symbol.asyncDispose]();
      await expectQuickboxError(qb.eval("1"), "DISPOSED");
    });

    it("systemPrompt states the rules and the configured limits", async () => {
      const qb = await create({ timeoutMs: 1234, maxResultChars: 999 });
      try {
        const prompt = qb.systemPrompt();
        expect(prompt).toContain("1234 ms");
        expect(prompt).toContain("999 characters");
        expect(prompt).toMatch(/no fetch/i);
      } finally {
        await qb.dispose();
      }
    });
  });
}
