/**
 * Guest failures are results, also while the engine collects the program's report (issue 24 §3):
 * after a stop (close), at a pause (takeOutput), when an object result is copied (copyValue) and
 * when the prelude encodes its poll report. A program may plant an inherited toJSON, make the
 * prototype methods the prelude uses loop forever, or leave no memory: `eval` still answers with
 * a result, within a bounded time (a hang is a failure here, not a test timeout), keeps what the
 * program printed when it can, and the thread keeps its state unless it had to restart (and says
 * so). Before, the first program made `eval()` reject with a raw `GuestException: InternalError:
 * out of memory`, and the join/clear one hung an inline host for good.
 */
import { expect, it } from "vitest";
import type { EvalResult, InterpreterOptions } from "../../src/index.js";
import { CLOSING_CALL_BUDGET_MS } from "../../src/engine/closing-calls.js";
import { settleAsQuickbox, within } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** The program: every object the prelude encodes would become a bigger one, forever. */
const GROWING_TOJSON = `Object.prototype.toJSON = () => ({ a: [1], s: "x".repeat(70000) }); Array.prototype.toJSON = Object.prototype.toJSON;`;
const LOOP = "() { for (;;) {} }";

const OPTIONS: InterpreterOptions = {
  timeoutMs: 300,
  wallTimeoutMs: 5000,
  memoryLimitBytes: 32 * 2 ** 20,
  tools: [{ name: "echo", execute: (input: unknown) => input }, { name: "send", execute: () => "sent" }],
  interruptOn: { send: true },
};

/** [name, program, expected status and error type, stdout it must keep (null: may be lost, then the thread restarts)] */
const CASES: [string, string, string, string | null][] = [
  ["a growing inherited toJSON, then a Timeout", `${GROWING_TOJSON} console.log("printed"); for (;;) {}`, "Timeout", "printed"],
  ["a growing inherited toJSON, then a primitive", `${GROWING_TOJSON} console.log("printed"); 42`, "ok", "printed"],
  ["a growing inherited toJSON, then an object", `${GROWING_TOJSON} console.log("printed"); ({ a: 1, b: [2, 3] })`, "ok", "printed"],
  ["a growing inherited toJSON, then a thrown error", `${GROWING_TOJSON} console.log("printed"); throw new RangeError("boom")`, "RangeError", "printed"],
  ["a growing inherited toJSON, then a Deadlock", `${GROWING_TOJSON} console.log("printed"); await new Promise(() => {})`, "Deadlock", "printed"],
  [
    "Array.prototype.join and Map.prototype.clear that never return, then a Timeout with a timer pending",
    `console.log("printed"); Array.prototype.join = function ${LOOP}; Map.prototype.clear = function ${LOOP}; Array.prototype.push = function ${LOOP}; setTimeout(() => {}, 1e6); for (;;) {}`,
    "Timeout",
    "printed",
  ],
  [
    "Error.prototype.toString, name and message that never return, then a Timeout",
    `console.log("printed"); Error.prototype.toString = function ${LOOP}; for (const key of ["name", "message"]) Object.defineProperty(Error.prototype, key, { get${LOOP} }); for (;;) {}`,
    "Timeout",
    "printed",
  ],
  ["all memory filled and held, then a Timeout", `console.log("printed"); globalThis.keep = []; try { for (;;) keep.push("m".repeat(65536) + keep.length) } catch {} for (;;) {}`, "Timeout", null],
];

/** The status, or the error's type. */
const outcomeOf = (result: EvalResult) => (result.status === "error" ? (result.error?.type ?? "?") : result.status);

export function defineClosingReportsSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  it.each(CASES)("%s: a result, what was printed kept, the thread answers next", async (name, program, expected, printed) => {
    const qb = await make(OPTIONS);
    const threadId = "closing";
    await qb.eval("const kept = 'state'", { threadId });
    const settled = await within(settleAsQuickbox(qb.eval(program, { threadId })), 15_000, name);
    expect(settled.error, JSON.stringify(settled.error)).toBeUndefined();
    const result = settled.value!;
    expect(outcomeOf(result), result.text.slice(0, 300)).toBe(expected);
    if (/then an object/.test(name)) expect(result.value).toEqual({ a: 1, b: [2, 3] });
    if (/then a primitive/.test(name)) expect(result.value).toBe(42);
    const restarted = /restart/.test(result.warnings?.join(" ") ?? "");
    if (printed !== null) expect(result.stdout).toBe(printed);
    else if (!restarted) expect(result.stdout).toBe("printed");
    const next = await within(qb.eval("typeof kept === 'string' ? kept : 'fresh'", { threadId }), 15_000, `${name}: next eval`);
    expect(next.value).toBe(restarted ? "fresh" : "state");
    if (printed !== null) expect(restarted, result.warnings?.join(" ")).toBe(false);
  });

  it(`a getter the prelude meets while opening the next session never returns: each closing call stops at its own budget (${CLOSING_CALL_BUDGET_MS} ms), the eval is a Timeout and the thread restarts, saying so`, async () => {
    const qb = await make(OPTIONS);
    const threadId = "budget";
    await qb.eval("const kept = 'state'", { threadId });
    // The session's limits object has no own streamConsole when it is off: the lookup reaches Object.prototype.
    const program = `console.log("printed"); Object.defineProperty(Object.prototype, "streamConsole", { get${LOOP} }); for (;;) {}`;
    const result = await within(qb.eval(program, { threadId }), 15_000, "closing budget");
    expect(outcomeOf(result), result.text.slice(0, 300)).toBe("Timeout");
    expect(result.warnings?.join(" ")).toMatch(/could not be closed .*interrupted.*restarted/);
    const next = await within(qb.eval("[typeof kept, typeof Object.getOwnPropertyDescriptor(Object.prototype, 'streamConsole'), 1 + 1]", { threadId }), 15_000, "next");
    expect(next.value).toEqual(["undefined", "undefined", 2]);
  });

  it("a growing inherited toJSON, then a pause: the pause and what was printed reach the host, and it resumes", async () => {
    const qb = await make(OPTIONS);
    // The call's own arguments are serialized first (the toJSON of a program's arguments is its own business).
    const program = `const call = tools.send({}); ${GROWING_TOJSON} console.log("asking"); const sent = await call; [sent, "after"]`;
    const paused = await within(qb.eval(program, { threadId: "pause" }), 15_000, "pause");
    expect(paused.status, paused.text.slice(0, 300)).toBe("paused");
    expect(paused.stdout).toBe("asking");
    const resumed = await within(qb.resume("pause", { [paused.interrupts![0]!.id]: { type: "approve" } }), 15_000, "resume");
    expect(resumed.status, resumed.text.slice(0, 300)).toBe("ok");
    expect(resumed.value).toEqual(["sent", "after"]);
  });

  it("the same guest failures leave neighbouring threads alone", async () => {
    const qb = await make(OPTIONS);
    await qb.eval("const mine = 'neighbour'", { threadId: "neighbour" });
    for (const [, program] of CASES) await within(qb.eval(program, { threadId: "attacker" }), 15_000, "attacker");
    expect((await qb.eval("[mine, typeof Object.prototype.toJSON, [1, 2].join('-')]", { threadId: "neighbour" })).value).toEqual(["neighbour", "undefined", "1-2"]);
  });
}
