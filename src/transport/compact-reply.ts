/**
 * The common reply of an eval in short, for the worker's port: a warm eval that ended "ok" with a
 * value, printed nothing, dropped nothing and has nothing else to report (no snapshot, no warning,
 * no lost instance) is posted as one flat `ok` message; the host rebuilds the same EngineReply.
 * Measured on this machine: a message shaped like the full reply costs ~2–3 µs more per crossing
 * than a flat one of a few fields (V8 serializes and deserializes each object and key).
 */
import type { EngineOutcome, EngineReply } from "../engine-contract.js";
import type { WorkerToHost } from "../worker-contract.js";

type CompactReply = Extract<WorkerToHost, { t: "ok" }>;

/** The keys an outcome in short may have (any other one, or another value of these, needs the full reply). */
const SHORT_OUTCOME_KEYS = new Set(["status", "body", "droppedChars", "handle", "stdout", "stdoutDroppedChars", "value", "toolCalls"]);

/** The reply as an `ok` message, or null when it says more than the short form carries. */
export function compactReply(id: number, reply: EngineReply): CompactReply | null {
  const { outcome } = reply;
  if (outcome.status !== "ok" || outcome.droppedChars !== 0 || outcome.handle || outcome.stdout !== "" || outcome.stdoutDroppedChars !== 0) return null;
  for (const key in reply) if (key !== "outcome" && key !== "durationMs") return null;
  for (const key in outcome) if (!SHORT_OUTCOME_KEYS.has(key)) return null;
  const message: CompactReply = { t: "ok", id, body: outcome.body, durationMs: reply.durationMs };
  if (outcome.value !== undefined) message.value = outcome.value;
  if (outcome.toolCalls !== undefined) message.toolCalls = outcome.toolCalls;
  return message;
}

/** The EngineReply an `ok` message stands for. */
export function fullReply(message: CompactReply): EngineReply {
  const outcome: EngineOutcome = { status: "ok", body: message.body, droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0 };
  if (message.value !== undefined) outcome.value = message.value;
  if (message.toolCalls !== undefined) outcome.toolCalls = message.toolCalls;
  return { outcome, durationMs: message.durationMs };
}
