/**
 * Messages on the hot-path port between the host and an engine worker. Both ends check every
 * message's shape and ignore anything else; only the worker's creator holds the port, and guest
 * code has no way to post at all.
 */
import type { EngineReply, PersistRequest } from "../core/interpreter-core.js";
import type { InterruptDecision } from "../engine/quickjs-thread.js";
import type { CallResult, GuestCall } from "../guest/host-calls.js";

interface ThreadMessage {
  id: number;
  threadId: string;
  aborted?: boolean;
  restore?: Uint8Array[];
  persist?: PersistRequest;
}

export type HostToWorker =
  | ({ t: "eval"; code: string; skills?: Record<string, Record<string, string>> } & ThreadMessage)
  | ({ t: "resume"; decisions: InterruptDecision[] } & ThreadMessage)
  | { t: "results"; id: number; results: CallResult[] }
  | { t: "cancel"; id: number };

export interface WireError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
}

export type WorkerToHost =
  | { t: "calls"; id: number; calls: GuestCall[] }
  | { t: "done"; id: number; reply: EngineReply }
  | { t: "failed"; id: number; error: WireError }
  | { t: "lost"; threadId: string; reason: string }
  | { t: "heartbeat" };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;

export function isHostToWorker(value: unknown): value is HostToWorker {
  if (!isRecord(value)) return false;
  switch (value.t) {
    case "eval":
      return isId(value.id) && typeof value.threadId === "string" && typeof value.code === "string";
    case "resume":
      return isId(value.id) && typeof value.threadId === "string" && Array.isArray(value.decisions);
    case "results":
      return isId(value.id) && Array.isArray(value.results) && value.results.every((r) => isRecord(r) && typeof r.id === "string" && typeof r.ok === "boolean");
    case "cancel":
      return isId(value.id);
    default:
      return false;
  }
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
    case "done":
      return isId(value.id) && isRecord(value.reply) && isRecord(value.reply.result) && typeof value.reply.result.text === "string";
    case "failed":
      return isId(value.id) && isRecord(value.error) && typeof value.error.message === "string";
    case "lost":
      return typeof value.threadId === "string" && typeof value.reason === "string";
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
    };
  }
  return { name: "Error", message: String(error) };
}
