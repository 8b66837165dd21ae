/**
 * The hostile-program corpus (test/hostile/): one program per file, headed by
 *   // expect: <error type>|ok  (alternatives separated by |)
 *   // expect-text: <regular expression the wire text must match>   (optional)
 *   // requires: watchdog   (a builtin that never polls the interrupt: only a worker can stop it)
 *   // next-eval: any       (the program deliberately breaks its own thread's built-ins; the next
 *                            eval must still return a result, whatever it is)
 * Every program must be contained with the expected outcome, the thread's next eval must work,
 * and a sentinel thread must be unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Interpreter } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

const programs = import.meta.glob("../hostile/*.{js,ts}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

export interface HostileProgram {
  name: string;
  requiresWatchdog: boolean;
  breaksOwnThread: boolean;
  source: string;
  expect: string[];
  expectText?: RegExp;
}

export function loadHostilePrograms(): HostileProgram[] {
  return Object.entries(programs)
    .map(([path, source]) => {
      const expectLine = /^\/\/ expect: (.+)$/m.exec(source);
      if (!expectLine) throw new Error(`${path} has no "// expect:" header`);
      const textLine = /^\/\/ expect-text: (.+)$/m.exec(source);
      return {
        name: path.replace(/^.*\//, ""),
        source,
        expect: expectLine[1]!.split("|").map((s) => s.trim()),
        requiresWatchdog: /^\/\/ requires: watchdog$/m.test(source),
        breaksOwnThread: /^\/\/ next-eval: any$/m.test(source),
        ...(textLine ? { expectText: new RegExp(textLine[1]!) } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function defineHostileCorpus(create: InterpreterFactory, options: { timeoutMs?: number; watchdog?: boolean } = {}): void {
  let qb: Interpreter;
  beforeAll(async () => {
    qb = await create({ timeoutMs: options.timeoutMs ?? 800, wallTimeoutMs: 10_000, memoryLimitBytes: 32 * 2 ** 20 });
    await qb.eval("const sentinel = 'safe'", { threadId: "sentinel" });
  });
  afterAll(async () => {
    await qb.dispose();
  });

  // Inline mode cannot stop a builtin that never polls the interrupt (see README): those
  // programs run in the worker corpus, where the watchdog terminates the worker.
  const corpus = loadHostilePrograms().filter((program) => options.watchdog || !program.requiresWatchdog);
  it("has programs", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(35);
  });
  describe.each(corpus)("$name", (program) => {
    it("is contained with the expected outcome, and the thread and its neighbours keep working", async () => {
      const threadId = `hostile-${program.name}`;
      const result = await qb.eval(program.source, { threadId });
      const outcome = result.status === "ok" ? "ok" : (result.error?.type ?? "?");
      expect(program.expect, `${program.name} gave ${outcome}: ${result.text.slice(0, 300)}`).toContain(outcome);
      if (program.expectText) expect(result.text).toMatch(program.expectText);
      expect(result.text.length).toBeLessThan(20_000);
      const next = await qb.eval("1 + 1", { threadId });
      if (program.breaksOwnThread) expect(["ok", "error"]).toContain(next.status);
      else expect(next.text).toBe("<result>2</result>");
      const check = "[typeof sentinel === 'string' ? sentinel : undefined, ({}).polluted, typeof [].push, Object.prototype.then]";
      const sentinel = await qb.eval(check, { threadId: "sentinel" });
      if (program.requiresWatchdog) {
        // The watchdog replaced the worker: its other threads start fresh, and say so.
        expect(sentinel.warnings?.join("\n")).toMatch(/thread was restarted/);
        await qb.eval("const sentinel = 'safe'", { threadId: "sentinel" });
      } else {
        expect(sentinel.value).toEqual(["safe", undefined, "function", undefined]);
      }
    });
  });
}
