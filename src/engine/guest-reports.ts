/**
 * Everything the guest reports is untrusted: a program can replace JSON, Array methods or
 * prototypes in its own thread. Reports are parsed and shape-checked here; a malformed one means
 * the prelude can no longer be trusted, and the thread's instance is replaced.
 */
import type { EngineOutcome, GuestCall } from "../engine-contract.js";
import { truncateText } from "../result/wire-format.js";

function isGuestCall(value: unknown): value is GuestCall {
  if (typeof value !== "object" || value === null) return false;
  const call = value as Record<string, unknown>;
  return (
    typeof call.id === "string" &&
    (call.kind === "tool" || call.kind === "task") &&
    typeof call.name === "string" &&
    typeof call.args === "string"
  );
}

export class GuestProtocolError extends Error {
  override name = "GuestProtocolError";
}

function parseObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GuestProtocolError(`${what}: not JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new GuestProtocolError(`${what}: not an object`);
  return value as Record<string, unknown>;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new GuestProtocolError(`${what}: unexpected shape`);
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isOptionalString = (value: unknown) => value === undefined || typeof value === "string";

/** The program finished: its rendered outcome (checked), and whether an object result must still be copied. */
export type SettledReport = { settled: true; outcome: EngineOutcome; needsCopy: boolean };
/** A GuestPollReport after its shape was checked. */
export type CheckedPollReport = { settled: false; nextTimerAt: number | null; calls: GuestCall[]; more: boolean } | SettledReport;

export function parsePollReport(text: string, maxChars: number, maxValueChars: number): CheckedPollReport {
  const report = parseObject(text, "poll");
  if (report.settled === false) {
    check(report.nextTimerAt === null || (typeof report.nextTimerAt === "number" && Number.isFinite(report.nextTimerAt)), "poll");
    check(Array.isArray(report.calls) && (report.calls as unknown[]).every(isGuestCall), "poll");
    check(report.more === undefined || report.more === true, "poll");
    // Only the four fields of a call are taken: a forged report cannot add others (say, checkOnly).
    const calls = (report.calls as GuestCall[]).map(({ id, kind, name, args }): GuestCall => ({ id, kind, name, args }));
    // The prelude numbers its calls: an id seen twice in one report is forged.
    check(new Set(calls.map((call) => call.id)).size === calls.length, "poll");
    return { settled: false, nextTimerAt: report.nextTimerAt as number | null, calls, more: report.more === true };
  }
  check(report.settled === true && typeof report.needsCopy === "boolean", "poll");
  check(typeof report.outcome === "object" && report.outcome !== null, "poll");
  return { settled: true, outcome: checkOutcome(report.outcome as Record<string, unknown>, maxChars, maxValueChars), needsCopy: report.needsCopy as boolean };
}

/**
 * What the program printed, at most `maxChars` of it (a forged report cannot make it longer), and
 * the progress() calls the guest dropped since it last reported them.
 */
export function parseOutput(text: string, maxChars: number): { text: string; droppedChars: number; progressDropped?: number } {
  const output = parseObject(text, "output");
  check(typeof output.text === "string" && isCount(output.droppedChars), "output");
  check(output.progressDropped === undefined || isCount(output.progressDropped), "output");
  const printed = output.text as string;
  const excess = Math.max(0, printed.length - maxChars);
  const progressDropped = output.progressDropped as number | undefined;
  return { text: excess ? printed.slice(0, maxChars) : printed, droppedChars: (output.droppedChars as number) + excess, ...(progressDropped ? { progressDropped } : {}) };
}

function checkOutcome(f: Record<string, unknown>, maxChars: number, maxValueChars: number): EngineOutcome {
  check(f.status === "ok" || f.status === "error", "finish");
  check(typeof f.body === "string" && (f.body as string).length <= maxChars && isCount(f.droppedChars), "finish");
  check(typeof f.handle === "boolean", "finish");
  check(typeof f.stdout === "string" && (f.stdout as string).length <= maxChars && isCount(f.stdoutDroppedChars), "finish");
  for (const key of ["errorType", "errorMessage", "errorStack", "value", "valueNote"]) check(isOptionalString(f[key]), "finish");
  check(typeof f.value !== "string" || (f.value as string).length <= maxValueChars, "finish");
  check(f.status === "ok" || typeof f.errorType === "string", "finish");
  check(f.progressDropped === undefined || isCount(f.progressDropped), "finish");
  const outcome: EngineOutcome = {
    status: f.status as "ok" | "error",
    body: f.body as string,
    droppedChars: f.droppedChars as number,
    handle: f.handle as boolean,
    stdout: f.stdout as string,
    stdoutDroppedChars: f.stdoutDroppedChars as number,
  };
  for (const key of ["errorType", "errorMessage", "errorStack", "value", "valueNote"] as const) {
    if (typeof f[key] === "string") outcome[key] = f[key] as string;
  }
  if (f.progressDropped) outcome.progressDropped = f.progressDropped as number;
  // The error's name and message are the program's own text: bounded like the body, so a huge
  // name cannot blow up the type attribute of the wire text, nor a huge message EvalResult.error.
  if (outcome.errorType !== undefined && outcome.errorType.length > MAX_ERROR_TYPE_CHARS) outcome.errorType = `${outcome.errorType.slice(0, MAX_ERROR_TYPE_CHARS)}…`;
  if (outcome.errorMessage !== undefined) outcome.errorMessage = truncateText(outcome.errorMessage, maxChars);
  if (outcome.errorStack !== undefined) outcome.errorStack = truncateText(outcome.errorStack, maxChars);
  return outcome;
}

/** Longest error type (the thrown error's `name`) kept; longer ones are cut and end in "…". */
export const MAX_ERROR_TYPE_CHARS = 100;


/** A step of the result's copy: the copy, or null while the guest has more to do (`{ more: true }`). */
export function parseCopiedValue(text: string, maxChars: number): { value?: string; valueNote?: string } | null {
  const copied = parseObject(text, "copyValue");
  if (copied.more === true) {
    check(copied.value === undefined && copied.valueNote === undefined, "copyValue");
    return null;
  }
  check(isOptionalString(copied.value) && isOptionalString(copied.valueNote), "copyValue");
  check(typeof copied.value !== "string" || (copied.value as string).length <= maxChars, "copyValue");
  return {
    ...(typeof copied.value === "string" ? { value: copied.value } : {}),
    ...(typeof copied.valueNote === "string" ? { valueNote: copied.valueNote } : {}),
  };
}
