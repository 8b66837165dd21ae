/**
 * Errors read as Node writes them (issue 31, README "What the model reads"). Each program of
 * test/fixtures/node-errors.json fails in Node 20; its `name: message` in quickbox must be Node's,
 * computed here by the oracle (Node itself, see node-error-oracle.ts), never written down. A
 * program marked `differs` says why quickbox cannot match it, and the test holds it to that (a
 * program that starts to match must lose its note). Shared by Node and Chromium, inline and worker.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Interpreter } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import fixture from "../fixtures/node-errors.json";

export interface ErrorProgram {
  id: string;
  code: string;
  /** Why quickbox's message is not Node's. */
  differs?: string;
}

export const ERROR_PROGRAMS = fixture as ErrorProgram[];

export function defineNodeErrorsSuite(create: InterpreterFactory, nodeMessages: (codes: string[]) => Promise<(string | null)[]>, label: string): void {
  let qb: Interpreter;
  const expected = new Map<string, string | null>();
  const matched = new Set<string>();

  beforeAll(async () => {
    qb = await create({ mode: "call", timeoutMs: 5000, wallTimeoutMs: 30_000 });
    const messages = await nodeMessages(ERROR_PROGRAMS.map((program) => program.code));
    ERROR_PROGRAMS.forEach((program, index) => expected.set(program.id, messages[index] ?? null));
  });

  afterAll(async () => {
    await qb?.dispose();
    const differing = ERROR_PROGRAMS.filter((program) => !matched.has(program.id)).map((program) => program.id);
    console.log(`node errors (${label}): ${matched.size} of ${ERROR_PROGRAMS.length} programs read as Node's; differing: ${differing.join(", ")}`);
  });

  it("has at least 100 programs with distinct ids, each of them an error in Node", () => {
    expect(ERROR_PROGRAMS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ERROR_PROGRAMS.map((program) => program.id)).size).toBe(ERROR_PROGRAMS.length);
    expect(ERROR_PROGRAMS.filter((program) => expected.get(program.id) === null).map((program) => program.id)).toEqual([]);
  });

  for (const program of ERROR_PROGRAMS) {
    it(program.id, async () => {
      const node = expected.get(program.id);
      const result = await qb.eval(program.code, { threadId: program.id });
      expect(result.status).toBe("error");
      const actual = `${result.error?.type}: ${result.error?.message}`;
      if (actual === node) matched.add(program.id);
      if (program.differs) expect(actual, `listed as differing: ${program.differs}`).not.toBe(node);
      else expect(actual).toBe(node);
    });
  }
}
