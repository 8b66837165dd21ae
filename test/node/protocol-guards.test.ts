/**
 * The shape checks of the hot-path port between the host and an engine worker
 * (src/transport/protocol.ts): every message kind of HostToWorker / WorkerToHost is accepted when
 * well-formed and rejected when not; toWireError turns anything thrown into plain WireError data.
 */
import { describe, expect, it } from "vitest";
import type { HostToWorker, WorkerToHost } from "../../src/worker-contract.js";
import { QuickboxError } from "../../src/errors.js";
import { errorOutcome } from "../../src/result/outcomes.js";
import { isHostToWorker, isWorkerToHost, toWireError } from "../../src/transport/protocol.js";

const evalMessage = { t: "eval", id: 1, threadId: "main", code: "1 + 1", storedHead: null, persist: false } satisfies HostToWorker;
const resumeMessage = {
  t: "resume",
  id: 2,
  threadId: "main",
  storedHead: "abc",
  persist: true,
  decisions: [{ call: { callId: "call_0", guestKey: "c1", kind: "tool", name: "send", }, run: { args: "{}" } }],
  undecided: [{ callId: "call_1", guestKey: "c2", kind: "tool", name: "send" }],
} satisfies HostToWorker;
const resultsMessage = { t: "results", id: 3, results: [{ id: "c1", ok: true, value: "1", encoding: "json" }, { id: "c2", ok: false, error: { name: "ToolError", message: "x" } }] } satisfies HostToWorker;
const cancelMessage = { t: "cancel", id: 4 } satisfies HostToWorker;

const eventsMessage = { t: "events", id: 1, events: [{ kind: "progress", seq: 1, value: "[1]" }, { kind: "stdout", seq: 2, text: "hi\n" }] } satisfies WorkerToHost;
const callsMessage = { t: "calls", id: 1, calls: [{ id: "c1", kind: "tool", name: "search", args: "{}" }, { id: "c2", kind: "task", name: "general", args: "{}" }] } satisfies WorkerToHost;
const doneMessage = { t: "done", id: 2, reply: { outcome: errorOutcome("Timeout", "too slow"), durationMs: 12 } } satisfies WorkerToHost;
const failedMessage = { t: "failed", id: 3, error: { name: "QuickboxError", message: "no", code: "SNAPSHOT_REJECTED", reason: "truncated" } } satisfies WorkerToHost;
const heartbeatMessage = { t: "heartbeat" } satisfies WorkerToHost;

const without = (message: object, key: string) => Object.fromEntries(Object.entries(message).filter(([name]) => name !== key));

describe("isHostToWorker", () => {
  it.each([
    ["eval", evalMessage],
    ["eval with restore, skills, release and aborted", { ...evalMessage, restore: [new Uint8Array([1]), new Uint8Array(0)], storedHead: "h", skills: { s: { "index.ts": "" } }, release: true, aborted: true }],
    ["eval with an empty restore", { ...evalMessage, restore: [] }],
    ["resume", resumeMessage],
    ["results", resultsMessage],
    ["results with none", { t: "results", id: 9, results: [] }],
    ["cancel", cancelMessage],
  ])("accepts %s", (_label, message) => {
    expect(isHostToWorker(message)).toBe(true);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "eval"],
    ["a number", 1],
    ["an unknown t", { ...evalMessage, t: "evaluate" }],
    ["no t", without(evalMessage, "t")],
    ["a worker message (heartbeat)", heartbeatMessage],
    ["a worker message (done)", doneMessage],
  ])("rejects %s", (_label, message) => {
    expect(isHostToWorker(message)).toBe(false);
  });

  it.each([
    ["0", 0],
    ["negative", -1],
    ["fractional", 1.5],
    ["NaN", Number.NaN],
    ["beyond safe integers", 2 ** 53],
    ["a string", "1"],
    ["missing", undefined],
  ])("rejects an id that is %s, in every kind", (_label, id) => {
    for (const message of [evalMessage, resumeMessage, resultsMessage, cancelMessage]) {
      expect(isHostToWorker({ ...message, id })).toBe(false);
    }
  });

  it.each([
    ["no code", without(evalMessage, "code")],
    ["code not a string", { ...evalMessage, code: 42 }],
    ["no threadId", without(evalMessage, "threadId")],
    ["a numeric threadId", { ...evalMessage, threadId: 7 }],
    ["no persist", without(evalMessage, "persist")],
    ["persist as a string", { ...evalMessage, persist: "true" }],
    ["no storedHead", without(evalMessage, "storedHead")],
    ["a numeric storedHead", { ...evalMessage, storedHead: 1 }],
    ["restore that is one Uint8Array, not an array", { ...evalMessage, restore: new Uint8Array([1]) }],
    ["restore of ArrayBuffers", { ...evalMessage, restore: [new ArrayBuffer(1)] }],
    ["restore of number arrays", { ...evalMessage, restore: [[1, 2]] }],
    ["restore with one bad part", { ...evalMessage, restore: [new Uint8Array(1), "x"] }],
    ["restore null", { ...evalMessage, restore: null }],
  ])("rejects an eval with %s", (_label, message) => {
    expect(isHostToWorker(message)).toBe(false);
  });

  it.each([
    ["no decisions", without(resumeMessage, "decisions")],
    ["no undecided", without(resumeMessage, "undecided")],
    ["decisions as an object", { ...resumeMessage, decisions: { i1: {} } }],
    ["no persist", without(resumeMessage, "persist")],
    ["restore of strings", { ...resumeMessage, restore: ["AAAA"] }],
  ])("rejects a resume with %s", (_label, message) => {
    expect(isHostToWorker(message)).toBe(false);
  });

  it.each([
    ["results not an array", { ...resultsMessage, results: { id: "c1", ok: true } }],
    ["a null result", { ...resultsMessage, results: [null] }],
    ["a result with a numeric id", { ...resultsMessage, results: [{ id: 1, ok: true }] }],
    ["a result without ok", { ...resultsMessage, results: [{ id: "c1" }] }],
    ["a result with ok as a string", { ...resultsMessage, results: [{ id: "c1", ok: "true" }] }],
  ])("rejects results with %s", (_label, message) => {
    expect(isHostToWorker(message)).toBe(false);
  });
});

describe("isWorkerToHost", () => {
  it.each([
    ["calls", callsMessage],
    ["calls with none", { t: "calls", id: 1, calls: [] }],
    ["done", doneMessage],
    ["done with a snapshot and lost", { ...doneMessage, reply: { ...doneMessage.reply, lost: "x", snapshotError: "y" } }],
    ["failed", failedMessage],
    ["heartbeat", heartbeatMessage],
    ["events", eventsMessage],
  ])("accepts %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(true);
  });

  it.each([
    ["no id", without(eventsMessage, "id")],
    ["events not an array", { ...eventsMessage, events: "p" }],
    ["an unknown kind", { ...eventsMessage, events: [{ kind: "log", seq: 1, text: "x" }] }],
    ["a progress value that is not text", { ...eventsMessage, events: [{ kind: "progress", seq: 1, value: { a: 1 } }] }],
    ["stdout without text", { ...eventsMessage, events: [{ kind: "stdout", seq: 1 }] }],
    ["seq 0", { ...eventsMessage, events: [{ kind: "progress", seq: 0, value: "[1]" }] }],
  ])("rejects events with %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(false);
  });

  it.each([
    ["null", null],
    ["an array", [callsMessage]],
    ["an unknown t", { ...callsMessage, t: "call" }],
    ["a host message (cancel)", cancelMessage],
    ["a host message (eval)", evalMessage],
  ])("rejects %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(false);
  });

  it.each([
    ["0", 0],
    ["negative", -3],
    ["fractional", 0.5],
    ["a string", "2"],
    ["missing", undefined],
  ])("rejects an id that is %s in calls, done and failed", (_label, id) => {
    for (const message of [callsMessage, doneMessage, failedMessage]) {
      expect(isWorkerToHost({ ...message, id })).toBe(false);
    }
  });

  it.each([
    ["calls not an array", { ...callsMessage, calls: "c1" }],
    ["a call with an unknown kind", { ...callsMessage, calls: [{ id: "c1", kind: "eval", name: "x", args: "{}" }] }],
    ["a call with object args", { ...callsMessage, calls: [{ id: "c1", kind: "tool", name: "x", args: {} }] }],
    ["a call with no name", { ...callsMessage, calls: [{ id: "c1", kind: "tool", args: "{}" }] }],
    ["a call with a numeric id", { ...callsMessage, calls: [{ id: 1, kind: "tool", name: "x", args: "{}" }] }],
  ])("rejects %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(false);
  });

  it.each([
    ["no reply", without(doneMessage, "reply")],
    ["a reply without outcome", { ...doneMessage, reply: { durationMs: 1 } }],
    ["an outcome without status", { ...doneMessage, reply: { outcome: without(doneMessage.reply.outcome, "status"), durationMs: 1 } }],
    ["an outcome with a numeric body", { ...doneMessage, reply: { outcome: { ...doneMessage.reply.outcome, body: 1 }, durationMs: 1 } }],
    ["durationMs as a string", { ...doneMessage, reply: { ...doneMessage.reply, durationMs: "12" } }],
    ["no durationMs", { ...doneMessage, reply: { outcome: doneMessage.reply.outcome } }],
  ])("rejects done with %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(false);
  });

  it.each([
    ["no error", without(failedMessage, "error")],
    ["an error that is a string", { ...failedMessage, error: "boom" }],
    ["an error without message", { ...failedMessage, error: { name: "Error" } }],
    ["a numeric message", { ...failedMessage, error: { name: "Error", message: 5 } }],
  ])("rejects failed with %s", (_label, message) => {
    expect(isWorkerToHost(message)).toBe(false);
  });
});

describe("toWireError", () => {
  it("keeps a QuickboxError's name, message, code, reason and details (plain data), and nothing else", () => {
    const error = new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): short", { reason: "truncated", cause: new Error("inner"), details: { a: 1 } });
    const wire = toWireError(error);
    expect(wire).toEqual({ name: "QuickboxError", message: "snapshot rejected (truncated): short", code: "SNAPSHOT_REJECTED", reason: "truncated", details: { a: 1 } });
    expect(Object.keys(wire).sort()).toEqual(["code", "details", "message", "name", "reason"]);
    // Plain data: it survives a structured clone (postMessage) unchanged.
    expect(structuredClone(wire)).toEqual(wire);
  });

  it("leaves reason out when the QuickboxError has none", () => {
    expect(toWireError(new QuickboxError("THREAD_PAUSED", "paused"))).toEqual({ name: "QuickboxError", message: "paused", code: "THREAD_PAUSED" });
  });

  it("keeps a plain Error's name and message, with no code", () => {
    expect(toWireError(new TypeError("bad"))).toEqual({ name: "TypeError", message: "bad" });
  });

  it("drops a code or reason that is not a string", () => {
    expect(toWireError({ name: "X", message: "m", code: 5, reason: { r: 1 } })).toEqual({ name: "X", message: "m" });
  });

  it("fills in name and message for an object without them", () => {
    expect(toWireError({ name: 1 })).toEqual({ name: "Error", message: "[object Object]" });
  });

  it.each([
    ["a string", "boom", "boom"],
    ["a number", 42, "42"],
    ["undefined", undefined, "undefined"],
    ["null", null, "null"],
    ["a symbol", Symbol("s"), "Symbol(s)"],
  ])("turns %s thrown into { name: Error, message }", (_label, thrown, message) => {
    expect(toWireError(thrown)).toEqual({ name: "Error", message });
  });
});
