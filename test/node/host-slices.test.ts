/**
 * Inline, quickbox's own work on a program's values goes in slices (DESIGN §8: nothing a program
 * does may hold the host's loop for more than ~50 ms at a time): a value big enough to need several
 * slices gives the same result as in one piece, and the host's loop turns between the slices.
 * Counted here as turns of the loop (a setImmediate chain) while the eval runs, against a worker
 * interpreter's result for the same program (where the host does none of this work).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createInterpreter, type Interpreter, type InterpreterOptions } from "../../src/index.js";

const open: Interpreter[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((qb) => qb.dispose().catch(() => {})));
});

async function make(options: InterpreterOptions): Promise<Interpreter> {
  const qb = await createInterpreter(options);
  open.push(qb);
  return qb;
}

/** `work`'s value and how many times the host's loop turned while it ran. */
async function countingTurns<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}

describe("host slices (inline)", () => {
  it("an eval's result copied in steps (12,000 objects, ~700 KB): the same value as the worker's, the loop turning between steps", async () => {
    const program = "Array.from({ length: 12000 }, (_, i) => ({ id: i, name: 'row ' + i, tags: ['a', 'b'], at: i % 7 ? null : [i, { deep: [i] }] }))";
    const inline = await make({ isolation: "inline", timeoutMs: 60_000 });
    expect((await inline.eval("1", { threadId: "t" })).value).toBe(1);
    const { value: result, turns } = await countingTurns(() => inline.eval(program, { threadId: "t" }));
    expect(result.status, result.text.slice(0, 300)).toBe("ok");
    const rows = result.value as { id: number; name: string; tags: string[]; at: unknown }[];
    expect(rows).toHaveLength(12000);
    expect(rows[11999]).toEqual({ id: 11999, name: "row 11999", tags: ["a", "b"], at: null });
    expect(rows[7]).toEqual({ id: 7, name: "row 7", tags: ["a", "b"], at: [7, { deep: [7] }] });
    // One piece (before): the loop turned once, before the copy.
    expect(turns).toBeGreaterThanOrEqual(5);
    const worker = await make({ isolation: "worker", timeoutMs: 60_000 });
    expect((await worker.eval(program, { threadId: "t" })).value).toEqual(result.value);
  });

  it("a result refused only late in its copy (~1 MiB of distinct objects) is refused as before, the loop turning between steps", async () => {
    const program = "Array.from({ length: 24000 }, (_, i) => ({ id: i, name: 'item ' + i, tags: ['a', 'b'] }))";
    const inline = await make({ isolation: "inline", timeoutMs: 60_000 });
    expect((await inline.eval("1", { threadId: "t" })).value).toBe(1);
    const { value: result, turns } = await countingTurns(() => inline.eval(program, { threadId: "t" }));
    expect(result.status).toBe("ok");
    expect(result.value).toBeUndefined();
    expect(result.warnings?.join("\n") ?? result.text).toMatch(/value not copied: larger than 1048576 characters/);
    expect(turns).toBeGreaterThanOrEqual(5);
    // The thread goes on (the copy's session was closed with its last step).
    expect((await inline.eval("[1, 2].length", { threadId: "t" })).value).toBe(2);
    expect((await inline.eval("({ a: [1, 2] })", { threadId: "t" })).value).toEqual({ a: [1, 2] });
  });

  it("calls made at once go out over several polls (~512 K characters of arguments each), in order, and every progress event with them", async () => {
    const events: string[] = [];
    const inline = await make({
      isolation: "inline",
      timeoutMs: 60_000,
      maxConcurrentToolCalls: 32,
      tools: [{ name: "take", execute: (input: unknown) => (input as { i: number; big: string }).big.length + (input as { i: number }).i }],
      onEvent: (event) => {
        if (event.type === "tool-call" && event.phase === "start") events.push(`call ${(event.args as { i: number }).i}`);
        if (event.type === "progress") events.push(`progress ${String(event.value)}`);
      },
    });
    expect((await inline.eval("1", { threadId: "t" })).value).toBe(1);
    const program = "const big = 'x'.repeat(200000); const calls = []; for (let i = 0; i < 24; i++) { calls.push(tools.take({ i, big })); progress(i); } (await Promise.all(calls)).reduce((a, b) => a + b, 0)";
    const { value: result, turns } = await countingTurns(() => inline.eval(program, { threadId: "t" }));
    expect(result.value, result.text.slice(0, 300)).toBe(24 * 200000 + (23 * 24) / 2);
    // Calls in the order made, events in the order sent (a call's start event comes when the host
    // starts it, in its own slices: it is not ordered against progress events, here as before).
    expect(events.filter((event) => event.startsWith("call"))).toEqual(Array.from({ length: 24 }, (_, i) => `call ${i}`));
    expect(events.filter((event) => event.startsWith("progress"))).toEqual(Array.from({ length: 24 }, (_, i) => `progress ${i}`));
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it("a batch of 16 tool results of 1 MiB settles in pieces: every result arrives whole and in its place, the loop turning between pieces", async () => {
    const payload = (n: number) => `${n}:`.padEnd(2 ** 20 - 16, String.fromCharCode(97 + (n % 26)));
    const inline = await make({ isolation: "inline", memoryLimitBytes: 256 * 2 ** 20, tools: [{ name: "big", execute: (input: unknown) => payload((input as { n: number }).n) }] });
    expect((await inline.eval("1", { threadId: "t" })).value).toBe(1);
    const program = "const got = await Promise.all(Array.from({ length: 16 }, (_, n) => tools.big({ n }))); got.map((text, n) => text === `${n}:`.padEnd(2 ** 20 - 16, String.fromCharCode(97 + (n % 26))) ? 1 : 0).join('')";
    const { value: result, turns } = await countingTurns(() => inline.eval(program, { threadId: "t" }));
    expect(result.value, result.text.slice(0, 300)).toBe("1".repeat(16));
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
