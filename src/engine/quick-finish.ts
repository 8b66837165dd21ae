/**
 * The fast path of an eval (issue 18): most cells finish at once with a primitive (`1+1`,
 * `x.length`, `"done"`) and print nothing. For them the general path — hand the completion to
 * the guest, run its promise jobs, let the guest render and JSON-encode a report, parse it — is
 * most of an eval's cost. Here the host looks at the completion itself: already fulfilled, no job
 * queued, the guest's activity byte (guest/activity.ts, read from memory: no call into the guest)
 * says nothing else happened in the eval, and the host reads the primitive straight out of guest
 * memory (its type from the value's tag, engine/value-tags.ts) and renders it with the guest's own rules
 * (result/primitive-results.ts). Anything else returns null and the eval goes the general way,
 * from the same, untouched state.
 */
import type { EngineOutcome, EvalLimits } from "../engine-contract.js";
import { copyPrimitive, inspectPrimitive } from "../result/primitive-results.js";
import type { SettledReport } from "./guest-reports.js";
import type { GuestPort } from "./guest-port.js";
import type { ValuePointer } from "./guest-calls.js";

/** The limits a rendered primitive must keep. */
type QuickFinishLimits = Pick<EvalLimits, "maxResultChars" | "maxValueChars">;

/** The report for a primitive the guest holds at `value`, or null when the host cannot render it exactly. */
function primitiveReport(port: GuestPort, value: ValuePointer, limits: QuickFinishLimits): SettledReport | null {
  const read = port.calls.readPrimitive(value);
  if (!read) return null;
  const body = typeof read.value === "string" ? read.value : inspectPrimitive(read.value);
  if (body === null || body.length > limits.maxResultChars) return null;
  const copied = copyPrimitive(read.value, JSON.stringify);
  if (copied.length > limits.maxValueChars) return null;
  const outcome: EngineOutcome = { status: "ok", body, droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0, value: copied };
  return { settled: true, outcome, needsCopy: false };
}

/** A settled report for `completion` (a promise of `{ value }` from QuickJS's async eval), or null. */
export function quickFinish(port: GuestPort, completion: ValuePointer, limits: QuickFinishLimits): SettledReport | null {
  const calls = port.calls;
  // Did the program do anything but compute its value? The guest's activity byte says, read from memory (guest/activity.ts).
  if (port.active || calls.hasPendingJobs() || !calls.isFulfilledPromise(completion)) return null;
  const record = calls.promiseResult(completion);
  let value: ValuePointer | null = null;
  try {
    value = calls.getProperty(record, "value");
    return primitiveReport(port, value, limits);
  } finally {
    if (value !== null) calls.freeValue(value);
    calls.freeValue(record);
  }
}

/**
 * The same at a later poll (the program awaited tools or timers): the guest's session has settled
 * with a primitive and nothing else is left to report. On success the session is closed; null
 * leaves it as it was, for the general poll.
 */
export function quickSettle(port: GuestPort, limits: QuickFinishLimits): SettledReport | null {
  const value = port.call("settledValue", []);
  let report: SettledReport | null;
  try {
    report = primitiveReport(port, value, limits);
  } finally {
    port.calls.freeValue(value);
  }
  if (report) port.callVoid("endSession");
  return report;
}
