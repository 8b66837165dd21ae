/**
 * An eval's object result copied for the host in steps (the guest's bounded-copy walk stops after a
 * number of work units and resumes at the next call): inline, the copy is guest work on the host's
 * own thread (up to seconds for a value the limit refuses only near its end), so the host's loop turns
 * between steps once its current slice is full (util/host-slices.ts); that wait counts as the host's,
 * not the copy's. Nothing runs in the guest in between: the steps write what one walk would.
 * The copy has a budget of its own (a program that used most of its budget still gets its answer,
 * and a copy that takes too long is dropped).
 */
import type { EvalLimits } from "../engine-contract.js";
import { parseCopiedValue } from "./guest-reports.js";
import { GuestException, type GuestPort } from "./guest-port.js";
import { RunBudget } from "./run-budget.js";
import { hostSliceIsFull, nextHostSlice, SLICE_MS } from "../util/host-slices.js";

export type CopiedValue = { value?: string; valueNote?: string };

/**
 * Work units (bounded-copy.ts: values visited, slots counted) of a result copy's first step: a small
 * value's whole copy (a unit is ~10 µs of QuickJS, several times that on a loaded machine).
 */
const FIRST_COPY_STEP_UNITS = 500;
/** What a later step of a result's copy aims to take: a few of them fit in one of the host's slices. */
const COPY_STEP_MS = 4;

/** The next step's units, scaled from how long the last one took (never below a hundred). */
function nextCopyStep(units: number, tookMs: number): number {
  const scaled = Math.round((units * COPY_STEP_MS) / Math.max(tookMs, 0.25));
  return Math.min(Math.max(scaled, 100), units * 4);
}

export interface ResultCopyContext {
  port: GuestPort;
  limits: Pick<EvalLimits, "timeoutMs" | "wallTimeoutMs" | "maxValueChars">;
  /** When the program's current synchronous stretch began: past a slice, the host's loop turns first. */
  stretchStartedAt: number;
  /** The copy's own budget becomes the run's (an interrupt during a step is charged to it). */
  useBudget(budget: RunBudget): void;
  /** Ends the guest's copy session (left unfinished, or failed in a way that did not end it). */
  endSession(reason: string): void;
}

export async function copyResultInSteps(context: ResultCopyContext): Promise<CopiedValue> {
  const { timeoutMs, wallTimeoutMs, maxValueChars } = context.limits;
  const copyBudget = new RunBudget(timeoutMs, wallTimeoutMs);
  context.useBudget(copyBudget);
  const tooLong = `value not copied: copying took longer than ${timeoutMs} ms`;
  let units = FIRST_COPY_STEP_UNITS;
  try {
    if (performance.now() - context.stretchStartedAt >= SLICE_MS) await copyBudget.awaitHost(nextHostSlice());
    for (;;) {
      const startedAt = performance.now();
      const copied = parseCopiedValue(context.port.callString("copyValue", [String(units)]), maxValueChars);
      if (copied !== null) return copyBudget.expired ? { valueNote: tooLong } : copied;
      if (copyBudget.check()) {
        // The copy is left unfinished: its session ends here.
        context.endSession(tooLong);
        return { valueNote: tooLong };
      }
      units = nextCopyStep(units, performance.now() - startedAt);
      while (hostSliceIsFull()) await copyBudget.awaitHost(nextHostSlice());
    }
  } catch (error) {
    if (!(error instanceof GuestException)) throw error;
    // copyValue ends the session itself, unless it was interrupted while doing so.
    context.endSession(error.message);
    return { valueNote: copyBudget.expired ? tooLong : `value not copied: ${error.message}` };
  }
}
