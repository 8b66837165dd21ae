/**
 * The shape checks of everything the guest prelude reports (src/engine/guest-reports.ts): the
 * text is untrusted, so a well-formed report is normalised and every malformed one throws
 * GuestProtocolError (the engine then replaces the instance).
 */
import { describe, expect, it } from "vitest";
import { GuestProtocolError, MAX_ERROR_TYPE_CHARS, parseCopiedValue, parseOutput, parsePollReport } from "../../src/engine/guest-reports.js";

const MAX_CHARS = 50;
const MAX_VALUE_CHARS = 20;

const finished = (overrides: Record<string, unknown> = {}) => ({
  status: "ok",
  body: "42",
  droppedChars: 0,
  handle: false,
  stdout: "",
  stdoutDroppedChars: 0,
  ...overrides,
});
const settled = (outcome: unknown, needsCopy: unknown = false) => JSON.stringify({ settled: true, outcome, needsCopy });
const running = (fields: Record<string, unknown>) => JSON.stringify({ settled: false, nextTimerAt: null, calls: [], ...fields });
const poll = (text: string) => parsePollReport(text, MAX_CHARS, MAX_VALUE_CHARS);
const call = { id: "c1", kind: "tool", name: "search", args: '{"q":1}' };

function expectProtocolError(run: () => unknown, message?: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GuestProtocolError);
  expect((thrown as Error).name).toBe("GuestProtocolError");
  if (message !== undefined) expect((thrown as Error).message).toBe(message);
}

describe("parsePollReport: a program still running", () => {
  it("passes nextTimerAt (null or a number) and the calls", () => {
    expect(poll(running({ nextTimerAt: null, calls: [call] }))).toEqual({ settled: false, nextTimerAt: null, calls: [call], more: false });
    expect(poll(running({ nextTimerAt: 1234.5, calls: [call, { ...call, id: "c2", kind: "task" }] }))).toEqual({
      settled: false,
      nextTimerAt: 1234.5,
      calls: [call, { ...call, id: "c2", kind: "task" }],
      more: false,
    });
  });

  it("passes more (calls still in the guest's outbox: a poll hands over a piece of them), true or absent only", () => {
    expect(poll(running({ nextTimerAt: null, calls: [call], more: true }))).toEqual({ settled: false, nextTimerAt: null, calls: [call], more: true });
    expectProtocolError(() => poll(running({ nextTimerAt: null, calls: [call], more: 1 })), "poll: unexpected shape");
    expectProtocolError(() => poll(running({ nextTimerAt: null, calls: [call], more: false })), "poll: unexpected shape");
  });

  it("takes only a call's id, kind, name and args: a forged checkOnly (or anything else) does not reach the host", () => {
    const forged = { ...call, checkOnly: true, extra: { x: 1 } };
    const parsed = poll(running({ nextTimerAt: null, calls: [forged] }));
    expect(parsed).toEqual({ settled: false, nextTimerAt: null, calls: [call], more: false });
    expect(Object.keys((parsed as { calls: object[] }).calls[0]!).sort()).toEqual(["args", "id", "kind", "name"]);
  });

  it.each([
    ["a string", '"5"'],
    ["missing", undefined],
    ["non-finite (1e999 parses as Infinity)", "1e999"],
    ["-1e999", "-1e999"],
  ])("rejects nextTimerAt %s", (_label, raw) => {
    const text = raw === undefined ? '{"settled":false,"calls":[]}' : `{"settled":false,"nextTimerAt":${raw},"calls":[]}`;
    expectProtocolError(() => poll(text), "poll: unexpected shape");
  });

  it.each([
    ["calls not an array", { calls: { 0: call } }],
    ["calls missing", { calls: undefined }],
    ["a null call", { calls: [null] }],
    ["a call that is a string", { calls: ["c1"] }],
    ["a numeric id", { calls: [{ ...call, id: 1 }] }],
    ["an unknown kind", { calls: [{ ...call, kind: "eval" }] }],
    ["no name", { calls: [{ id: "c1", kind: "tool", args: "{}" }] }],
    ["args as an object", { calls: [{ ...call, args: { q: 1 } }] }],
    ["one bad call among good ones", { calls: [call, { ...call, args: 1 }] }],
  ])("rejects %s", (_label, fields) => {
    expectProtocolError(() => poll(running(fields)), "poll: unexpected shape");
  });
});

describe("parsePollReport: a settled program", () => {
  it("passes an ok outcome and needsCopy", () => {
    expect(poll(settled(finished({ value: '[{"a":1},1]', valueNote: "note" }), true))).toEqual({
      settled: true,
      needsCopy: true,
      outcome: { status: "ok", body: "42", droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0, value: '[{"a":1},1]', valueNote: "note" },
    });
  });

  it("passes an error outcome with its type, message and stack", () => {
    const report = poll(settled(finished({ status: "error", body: "TypeError: x", errorType: "TypeError", errorMessage: "x", errorStack: "at <eval>:1" })));
    expect(report).toEqual({
      settled: true,
      needsCopy: false,
      outcome: { status: "error", body: "TypeError: x", droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0, errorType: "TypeError", errorMessage: "x", errorStack: "at <eval>:1" },
    });
  });

  it("copies only the known fields: nothing the guest adds reaches the outcome", () => {
    const outcome = JSON.stringify(
      finished({ instanceLost: "forged", interrupts: [{ id: "i1" }], toolCalls: 0, compileFailed: true, errorDetails: { forged: true }, extra: "x" }),
    );
    // JSON.parse makes "__proto__" an own key; it must not become the outcome's prototype either.
    const withProto = outcome.replace(/^\{/, '{"__proto__":{"polluted":true},');
    const report = poll(`{"settled":true,"needsCopy":false,"extra":1,"outcome":${withProto}}`);
    if (!report.settled) throw new Error("expected a settled report");
    expect(Object.keys(report.outcome).sort()).toEqual(["body", "droppedChars", "handle", "status", "stdout", "stdoutDroppedChars"]);
    expect((report.outcome as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(report).sort()).toEqual(["needsCopy", "outcome", "settled"]);
  });

  it("accepts a body, stdout and value exactly at their limits", () => {
    const report = poll(settled(finished({ body: "b".repeat(MAX_CHARS), stdout: "s".repeat(MAX_CHARS), value: "v".repeat(MAX_VALUE_CHARS) })));
    expect(report.settled && report.outcome.body.length).toBe(MAX_CHARS);
  });

  it.each([
    ["status paused (only the engine pauses)", { status: "paused" }],
    ["an unknown status", { status: "done" }],
    ["a body over maxChars", { body: "b".repeat(MAX_CHARS + 1) }],
    ["a numeric body", { body: 42 }],
    ["negative droppedChars", { droppedChars: -1 }],
    ["fractional droppedChars", { droppedChars: 1.5 }],
    ["droppedChars as a string", { droppedChars: "0" }],
    ["handle not a boolean", { handle: 0 }],
    ["stdout over maxChars", { stdout: "s".repeat(MAX_CHARS + 1) }],
    ["stdout missing", { stdout: undefined }],
    ["stdoutDroppedChars unsafe", { stdoutDroppedChars: 2 ** 53 }],
    ["a value over maxValueChars", { value: "v".repeat(MAX_VALUE_CHARS + 1) }],
    ["a value that is not a string", { value: 5 }],
    ["a valueNote that is not a string", { valueNote: ["note"] }],
    ["an errorType that is not a string", { status: "error", errorType: 5 }],
    ["an error without errorType", { status: "error" }],
    ["an errorMessage that is not a string", { status: "error", errorType: "Error", errorMessage: { text: "x" } }],
    ["an errorStack that is not a string", { status: "error", errorType: "Error", errorStack: null }],
  ])("rejects %s", (_label, overrides) => {
    expectProtocolError(() => poll(settled(finished(overrides))), "finish: unexpected shape");
  });

  it.each([
    ["needsCopy missing", JSON.stringify({ settled: true, outcome: finished() })],
    ["needsCopy not a boolean", settled(finished(), "yes")],
    ["no outcome", JSON.stringify({ settled: true, needsCopy: false })],
    ["a null outcome", settled(null)],
    ["settled neither true nor false", JSON.stringify({ settled: 1, outcome: finished(), needsCopy: false })],
  ])("rejects %s", (_label, text) => {
    expectProtocolError(() => poll(text), "poll: unexpected shape");
  });

  it("an outcome that is an array is rejected", () => {
    expectProtocolError(() => poll(settled([finished()])), "finish: unexpected shape");
  });

  it(`cuts an errorType longer than MAX_ERROR_TYPE_CHARS (${MAX_ERROR_TYPE_CHARS}) and marks the cut with "…"`, () => {
    const exact = "E".repeat(MAX_ERROR_TYPE_CHARS);
    const kept = poll(settled(finished({ status: "error", errorType: exact })));
    expect(kept.settled && kept.outcome.errorType).toBe(exact);
    const long = `${"N".repeat(MAX_ERROR_TYPE_CHARS)}OVERFLOW`;
    const cut = poll(settled(finished({ status: "error", errorType: long })));
    expect(cut.settled && cut.outcome.errorType).toBe(`${"N".repeat(MAX_ERROR_TYPE_CHARS)}…`);
  });

  it("truncates errorMessage and errorStack beyond maxChars with the truncation marker", () => {
    const message = "m".repeat(MAX_CHARS + 7);
    const stack = "s".repeat(MAX_CHARS + 1000);
    const report = poll(settled(finished({ status: "error", errorType: "Error", errorMessage: message, errorStack: stack })));
    if (!report.settled) throw new Error("expected a settled report");
    expect(report.outcome.errorMessage).toBe(`${"m".repeat(MAX_CHARS)}… [truncated 7 chars]`);
    expect(report.outcome.errorStack).toBe(`${"s".repeat(MAX_CHARS)}… [truncated 1000 chars]`);
  });

  it("keeps an errorMessage exactly at maxChars as it is", () => {
    const message = "m".repeat(MAX_CHARS);
    const report = poll(settled(finished({ status: "error", errorType: "Error", errorMessage: message })));
    expect(report.settled && report.outcome.errorMessage).toBe(message);
  });
});

describe("parsePollReport: not a report at all", () => {
  it.each([
    ["empty text", "", "poll: not JSON"],
    ["broken JSON", '{"settled":', "poll: not JSON"],
    ["null", "null", "poll: not an object"],
    ["a number", "42", "poll: not an object"],
    ["a string", '"settled"', "poll: not an object"],
    ["an array", "[]", "poll: not an object"],
  ])("rejects %s", (_label, text, message) => {
    expectProtocolError(() => poll(text), message);
  });

  it("GuestProtocolError is an Error", () => {
    const error = new GuestProtocolError("x");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("GuestProtocolError");
  });
});

describe("parseOutput", () => {
  it("passes text and droppedChars, nothing else", () => {
    expect(parseOutput(JSON.stringify({ text: "hello\n", droppedChars: 3, extra: 1 }), 100)).toEqual({ text: "hello\n", droppedChars: 3 });
  });

  it("passes the progress() calls the guest dropped, a count or nothing", () => {
    expect(parseOutput(JSON.stringify({ text: "", droppedChars: 0, progressDropped: 12 }), 100)).toEqual({ text: "", droppedChars: 0, progressDropped: 12 });
    expect(parseOutput(JSON.stringify({ text: "", droppedChars: 0, progressDropped: 0 }), 100)).toEqual({ text: "", droppedChars: 0 });
    expectProtocolError(() => parseOutput(JSON.stringify({ text: "", droppedChars: 0, progressDropped: -1 }), 100), "output: unexpected shape");
  });

  it("cuts a forged text longer than maxChars and counts what it cut", () => {
    expect(parseOutput(JSON.stringify({ text: "x".repeat(5000), droppedChars: 7 }), 1000)).toEqual({ text: "x".repeat(1000), droppedChars: 4007 });
  });

  it.each([
    ["not JSON", "{", "output: not JSON"],
    ["an array", '["x", 0]', "output: not an object"],
    ["text not a string", JSON.stringify({ text: 1, droppedChars: 0 }), "output: unexpected shape"],
    ["droppedChars missing", JSON.stringify({ text: "" }), "output: unexpected shape"],
    ["negative droppedChars", JSON.stringify({ text: "", droppedChars: -2 }), "output: unexpected shape"],
    ["fractional droppedChars", JSON.stringify({ text: "", droppedChars: 0.5 }), "output: unexpected shape"],
  ])("rejects %s", (_label, text, message) => {
    expectProtocolError(() => parseOutput(text, 100), message);
  });
});

describe("parseCopiedValue", () => {
  it("passes value and valueNote when present, and only them", () => {
    expect(parseCopiedValue(JSON.stringify({ value: "[1]", valueNote: "n", extra: true }), 10)).toEqual({ value: "[1]", valueNote: "n" });
    expect(parseCopiedValue(JSON.stringify({ valueNote: "too large to copy" }), 10)).toEqual({ valueNote: "too large to copy" });
    const empty = parseCopiedValue("{}", 10)!;
    expect(empty).toEqual({});
    expect("value" in empty).toBe(false);
  });

  it("reads a step that is not the last as null, and refuses one that also carries a copy", () => {
    expect(parseCopiedValue(JSON.stringify({ more: true }), 10)).toBeNull();
    expectProtocolError(() => parseCopiedValue(JSON.stringify({ more: true, value: "[1]" }), 10), "copyValue: unexpected shape");
  });

  it("accepts a value of exactly maxChars and rejects a longer one", () => {
    expect(parseCopiedValue(JSON.stringify({ value: "x".repeat(10) }), 10)!.value).toHaveLength(10);
    expectProtocolError(() => parseCopiedValue(JSON.stringify({ value: "x".repeat(11) }), 10), "copyValue: unexpected shape");
  });

  it.each([
    ["not JSON", "nope", "copyValue: not JSON"],
    ["null", "null", "copyValue: not an object"],
    ["a value that is not a string", JSON.stringify({ value: 1 }), "copyValue: unexpected shape"],
    ["a valueNote that is not a string", JSON.stringify({ valueNote: false }), "copyValue: unexpected shape"],
  ])("rejects %s", (_label, text, message) => {
    expectProtocolError(() => parseCopiedValue(text, 10), message);
  });
});
