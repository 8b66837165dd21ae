/**
 * Shape checks for the messages on the hot-path port between the host and an engine worker (the
 * types are in worker-contract.ts). Both ends check every message and ignore anything else; only
 * the worker's creator holds the port, and guest code has no way to post at all.
 */
import { QuickboxError, type QuickboxErrorCode, type SnapshotRejectionReason } from "../errors.js";
import type { HostToWorker, Reply, WireError, WorkerToHost } from "../worker-contract.js";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;

function isThreadRequest(value: Record<string, unknown>): boolean {
  return (
    isId(value.id) &&
    typeof value.threadId === "string" &&
    typeof value.persist === "boolean" &&
    (value.storedHead === null || typeof value.storedHead === "string") &&
    (value.restore === undefined || (Array.isArray(value.restore) && value.restore.every((part) => part instanceof Uint8Array)))
  );
}

export function isHostToWorker(value: unknown): value is HostToWorker {
  if (!isRecord(value)) return false;
  switch (value.t) {
    case "eval":
      return isThreadRequest(value) && typeof value.code === "string";
    case "resume":
      return isThreadRequest(value) && Array.isArray(value.decisions) && Array.isArray(value.undecided);
    case "results":
      return isId(value.id) && Array.isArray(value.results) && value.results.every((r) => isRecord(r) && typeof r.id === "string" && typeof r.ok === "boolean");
    case "result":
      return isId(value.id) && typeof value.callId === "string" && typeof value.value === "string" && (value.encoding === "json" || value.encoding === "devalue");
    case "cancel":
      return isId(value.id);
    default:
      return false;
  }
}

function isStreamedEvent(value: unknown): boolean {
  if (!isRecord(value) || !isId(value.seq)) return false;
  return (value.kind === "progress" && typeof value.value === "string") || (value.kind === "stdout" && typeof value.text === "string");
}

export function isWorkerToHost(value: unknown): value is WorkerToHost {
  if (!isRecord(value)) return false;
  switch (value.t) {
    case "calls":
      return (
        isId(value.id) &&
        Array.isArray(value.calls) &&
        value.calls.every((c) => isRecord(c) && typeof c.id === "string" && (c.kind === "tool" || c.kind === "task") && typeof c.name === "string" && typeof c.args === "string")
      );
    case "call":
      return isId(value.id) && typeof value.callId === "string" && (value.kind === "tool" || value.kind === "task") && typeof value.name === "string" && typeof value.args === "string";
    case "events":
      return isId(value.id) && Array.isArray(value.events) && value.events.every(isStreamedEvent);
    case "done":
      return (
        isId(value.id) &&
        isRecord(value.reply) &&
        isRecord(value.reply.outcome) &&
        typeof value.reply.outcome.status === "string" &&
        typeof value.reply.outcome.body === "string" &&
        typeof value.reply.durationMs === "number"
      );
    case "ok":
      return (
        isId(value.id) &&
        typeof value.body === "string" &&
        typeof value.durationMs === "number" &&
        (value.value === undefined || typeof value.value === "string") &&
        (value.toolCalls === undefined || typeof value.toolCalls === "number")
      );
    case "failed":
      return isId(value.id) && isRecord(value.error) && typeof value.error.message === "string";
    case "heartbeat":
      return true;
    default:
      return false;
  }
}

/** Errors cross comlink as { name, message } only; QuickboxError's code travels explicitly. */
export function toWireError(error: unknown): WireError {
  if (isRecord(error)) {
    return {
      name: typeof error.name === "string" ? error.name : "Error",
      message: typeof error.message === "string" ? error.message : String(error),
      ...(typeof error.code === "string" ? { code: error.code } : {}),
      ...(typeof error.reason === "string" ? { reason: error.reason } : {}),
      // details are plain data (QuickboxError's): they cross the worker boundary as they are.
      ...(isRecord(error.details) ? { details: error.details } : {}),
    };
  }
  return { name: "Error", message: String(error) };
}

/** A wire error as the host throws it again: QuickboxError with its code, reason and details; else an Error with its name. */
export function fromWire(error: WireError): Error {
  if (error.name === "QuickboxError" && error.code) {
    return new QuickboxError(error.code as QuickboxErrorCode, error.message, {
      ...(error.reason ? { reason: error.reason as SnapshotRejectionReason } : {}),
      ...(error.details ? { details: error.details } : {}),
    });
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/** A control call's reply: its value, or its error thrown (fromWire). */
export async function unwrap<T>(reply: Promise<Reply<T>>): Promise<T> {
  const settled = await reply;
  if (!settled.ok) throw fromWire(settled.error);
  return settled.value;
}
