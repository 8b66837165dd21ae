/**
 * The worker port's short messages (src/transport/compact-messages.ts): the common reply of a warm
 * eval, a single call and a single ok result cross as one flat message each, and the other end
 * rebuilds exactly what the long form carries; anything that says more crosses in full.
 */
import { describe, expect, it } from "vitest";
import type { EngineReply } from "../../src/engine-contract.js";
import { callResults, callsMessage, compactReply, fullReply, guestCall, resultsMessage } from "../../src/transport/compact-messages.js";
import { isHostToWorker, isWorkerToHost } from "../../src/transport/protocol.js";

const plain = (extra: Partial<EngineReply["outcome"]> = {}, reply: Partial<EngineReply> = {}): EngineReply => ({
  outcome: { status: "ok", body: "7", droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0, ...extra },
  durationMs: 1.5,
  ...reply,
});

describe("the worker's short ok reply", () => {
  it("carries a plain ok reply, with or without value and tool calls, and rebuilds the same reply", () => {
    for (const reply of [plain(), plain({ value: "[7]" }), plain({ value: "[7]", toolCalls: 1 })]) {
      const message = compactReply(3, reply);
      expect(message).not.toBeNull();
      expect(isWorkerToHost(message)).toBe(true);
      expect(fullReply(message!)).toEqual(reply);
      expect(Object.values(message!).every((value) => typeof value !== "object")).toBe(true);
    }
  });

  it("leaves every reply that says more to the full message", () => {
    const more: EngineReply[] = [
      plain({ status: "error", errorType: "TypeError", errorMessage: "x" }),
      plain({ stdout: "hi\n" }),
      plain({ droppedChars: 3 }),
      plain({ stdoutDroppedChars: 3 }),
      plain({ handle: true }),
      plain({ valueNote: "value not copied" }),
      plain({ progressDropped: 2 }),
      plain({ instanceLost: "gone" }),
      plain({ compileFailed: true }),
      plain({}, { lost: "restarted" }),
      plain({}, { snapshotError: "too large" }),
      plain({}, { journalStopped: "full" }),
      plain({}, { rebuilt: { cells: 1, calls: 0, durationMs: 1 } }),
    ];
    for (const reply of more) expect(compactReply(3, reply)).toBeNull();
  });

  it("is refused by the host's shape check when malformed", () => {
    expect(isWorkerToHost({ t: "ok", id: 1, body: 7, durationMs: 1 })).toBe(false);
    expect(isWorkerToHost({ t: "ok", id: 1, body: "7" })).toBe(false);
    expect(isWorkerToHost({ t: "ok", id: 1, body: "7", durationMs: 1, value: 7 })).toBe(false);
  });
});

describe("the short call and result messages", () => {
  const call = { id: "call_0123456789abcdefghijklmnop", kind: "tool" as const, name: "noop", args: '{"i":7}' };

  it("one call crosses in short and comes back the same; approved or several calls cross in full", () => {
    const message = callsMessage(4, [call]);
    expect(message.t).toBe("call");
    expect(isWorkerToHost(message)).toBe(true);
    expect(guestCall(message as Extract<typeof message, { t: "call" }>)).toEqual(call);
    expect(callsMessage(4, [{ ...call, approved: true }])).toEqual({ t: "calls", id: 4, calls: [{ ...call, approved: true }] });
    expect(callsMessage(4, [call, { ...call, id: "call_x" }]).t).toBe("calls");
    expect(isWorkerToHost({ t: "call", id: 4, callId: "c", kind: "other", name: "noop", args: "{}" })).toBe(false);
  });

  it("one ok result with a value crosses in short and comes back the same; anything else crosses in full", () => {
    const result = { id: call.id, ok: true, value: "7", encoding: "json" as const };
    const message = resultsMessage(5, [result]);
    expect(message.t).toBe("result");
    expect(isHostToWorker(message)).toBe(true);
    expect(callResults(message as Extract<typeof message, { t: "result" }>)).toEqual([result]);
    for (const results of [
      [{ id: call.id, ok: false, error: { name: "ToolError", message: "no" } }],
      [{ id: call.id, ok: true, held: { allowedDecisions: ["approve" as const] } }],
      [{ id: call.id, ok: true }],
      [result, { ...result, id: "call_y" }],
    ]) {
      expect(resultsMessage(5, results)).toEqual({ t: "results", id: 5, results });
    }
    expect(isHostToWorker({ t: "result", id: 5, callId: "c", value: "7", encoding: "xml" })).toBe(false);
  });
});
