/**
 * Messages on the hot-path port between the host and an engine worker. Both ends check every
 * message's shape and ignore anything else; only the worker's creator holds the port, and guest
 * code has no way to post at all.
 */
import type { CallResult, GuestCall } from "../guest/host-calls.js";
import type { EvalResult } from "../types.js";

export type HostToWorker =
  | { t: "eval"; id: number; threadId: string; code: string; aborted?: boolean; skills?: Record<string, Record<string, string>> }
  | { t: "results"; id: number; results: CallResult[] }
  | { t: "cancel"; id: number };

export interface WireError {
  name: string;
  message: string;
  code?: string;
}

export type WorkerToHost =
  | { t: "calls"; id: number; calls: GuestCall[] }
  | { t: "done"; id: number; result: EvalResult }
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
      return isId(value.id) && isRecord(value.result) && typeof value.result.text === "string";
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
    };
  }
  return { name: "Error", message: String(error) };
}
