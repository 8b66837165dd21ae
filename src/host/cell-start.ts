/** Starting a background cell (yieldAfterMs): synchronous and small, apart from the cells themselves (background-cells.ts, loaded on first use). */
import type { EvalResult } from "../types.js";

/** An eval or resume started as a cell: its result, and how to cancel it. */
export interface StartedCell {
  result: Promise<EvalResult>;
  cancel: AbortController;
  startedAt: number;
}

/**
 * Starts `start(signal)` at once (so it queues on its thread in call order, before background-cells.ts is
 * even loaded); `signal` (the caller's) still cancels it, as does the cell's own controller.
 */
export function startCell(signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<EvalResult>): StartedCell {
  const cancel = new AbortController();
  const combined = signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal;
  return { startedAt: performance.now(), cancel, result: start(combined) };
}
