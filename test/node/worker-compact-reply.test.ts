/**
 * The worker's short `ok` reply (src/transport/compact-reply.ts): the common reply of a warm eval
 * crosses as one flat message, and the host rebuilds exactly the EngineReply the worker had; any
 * reply that says more crosses in full.
 */
import { describe, expect, it } from "vitest";
import type { EngineReply } from "../../src/engine-contract.js";
import { compactReply, fullReply } from "../../src/transport/compact-reply.js";
import { isWorkerToHost } from "../../src/transport/protocol.js";

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
