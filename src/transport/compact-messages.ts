/**
 * The common messages of the worker's port in short, each one flat object: the reply of a warm
 * eval that ended "ok" and has nothing else to report (`ok`), a single call (`call`), a single ok
 * result with a value (`result`). The receiving end rebuilds exactly what the long form carries.
 * Measured on this machine (a MessagePort echo, load ~15): a message shaped like a full reply
 * costs ~2–3 µs more per crossing than a flat one of a few fields (V8 serializes and
 * deserializes each object and key); every other message keeps its long form.
 */
import type { CallResult, EngineOutcome, EngineReply, GuestCall } from "../engine-contract.js";
import type { HostToWorker, WorkerToHost } from "../worker-contract.js";

type CompactReply = Extract<WorkerToHost, { t: "ok" }>;
type CompactCall = Extract<WorkerToHost, { t: "call" }>;
type CompactResult = Extract<HostToWorker, { t: "result" }>;

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

/** A request's calls as a message: one call not approved before in short, else the long form. */
export function callsMessage(id: number, calls: GuestCall[]): WorkerToHost {
  const call = calls.length === 1 ? calls[0]! : undefined;
  if (call && !call.approved) return { t: "call", id, callId: call.id, kind: call.kind, name: call.name, args: call.args };
  return { t: "calls", id, calls };
}

/** The call a `call` message stands for. */
export function guestCall(message: CompactCall): GuestCall {
  return { id: message.callId, kind: message.kind, name: message.name, args: message.args };
}

/** A batch of results as a message: one ok result with a value (nothing held) in short, else the long form. */
export function resultsMessage(id: number, results: CallResult[]): HostToWorker {
  const result = results.length === 1 ? results[0]! : undefined;
  if (result && result.ok && result.value !== undefined && result.encoding !== undefined && result.held === undefined && result.error === undefined) {
    let plain = true;
    for (const key in result) if (key !== "id" && key !== "ok" && key !== "value" && key !== "encoding") plain = false;
    if (plain) return { t: "result", id, callId: result.id, value: result.value, encoding: result.encoding };
  }
  return { t: "results", id, results };
}

/** The results a `result` message stands for. */
export function callResults(message: CompactResult): CallResult[] {
  return [{ id: message.callId, ok: true, value: message.value, encoding: message.encoding }];
}
