/** Starting a background cell (yieldAfterMs): synchronous and small, apart from the cells themselves (background-cells.ts, loaded on first use). */
import type { EvalResult } from "../types.js";
import type { RunNotes } from "./threads/eval-ids.js";

/** What is known of a cell's run: has the program ended (its result then follows once its snapshot is stored)? */
export interface RunProgress {
  ended: boolean;
}

/** Starts an eval or resume, which tells `notes` its run's id and when its program has ended. */
export type CellStart = (signal: AbortSignal, notes: RunNotes) => Promise<EvalResult>;

/** An eval or resume started as a cell: its result, how to cancel it, and what is known of its run. */
export interface StartedCell {
  result: Promise<EvalResult>;
  cancel: AbortController;
  startedAt: number;
  progress: RunProgress;
  /** The run's id, once the run has one (a resume reads its paused thread first). */
  evalIdKnown: Promise<string>;
}

/**
 * Starts `start(signal, notes)` at once (so it queues on its thread in call order, before
 * background-cells.ts is even loaded); `signal` (the caller's) still cancels it, as does the cell's
 * own controller.
 */
export function startCell(signal: AbortSignal | undefined, start: CellStart): StartedCell {
  const cancel = new AbortController();
  const combined = signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal;
  const progress: RunProgress = { ended: false };
  let noteEvalId!: (evalId: string) => void;
  const evalIdKnown = new Promise<string>((resolve) => (noteEvalId = resolve));
  const startedAt = performance.now();
  const result = start(combined, { started: noteEvalId, ended: () => (progress.ended = true) });
  return { startedAt, cancel, progress, evalIdKnown, result };
}
