import { OutputBuffer } from "./output-buffer.js";
import { renderError, renderSuccess, type RenderedOutcome } from "./render.js";
import type { TimerQueue } from "./timers.js";

/** Limits the host passes with every eval. */
export interface EvalLimits {
  maxResultChars: number;
  maxValueChars: number;
}

export interface PollReport {
  settled: boolean;
  nextTimerAt: number | null;
}

export interface FinishedEval extends RenderedOutcome {
  stdout: string;
  stdoutDroppedChars: number;
}

type Settlement = { kind: "ok"; value: unknown } | { kind: "error"; error: unknown };

/**
 * The guest side of one eval: it owns the console buffer and the settlement of the cell's
 * promise. The host drives it through begin → (poll / fireTimer)* → finish or abort.
 */
export class EvalSession {
  readonly output: OutputBuffer;
  #settlement: Settlement | null = null;

  constructor(
    readonly limits: EvalLimits,
    private readonly timers: TimerQueue,
  ) {
    this.output = new OutputBuffer(limits.maxResultChars);
  }

  /** `completion` is what QuickJS's async global eval returns: a promise of `{ value }`. */
  track(completion: Promise<{ value: unknown }>): void {
    completion
      .then((record) => record.value)
      .then(
        (value) => this.settle({ kind: "ok", value }),
        (error) => this.settle({ kind: "error", error }),
      );
  }

  fail(error: unknown): void {
    this.settle({ kind: "error", error });
  }

  settle(settlement: Settlement): void {
    if (!this.#settlement) this.#settlement = settlement;
  }

  poll(): PollReport {
    return { settled: this.#settlement !== null, nextTimerAt: this.#settlement ? null : this.timers.nextDueAt() };
  }

  finish(): FinishedEval {
    this.timers.cancelAll();
    const settlement = this.#settlement ?? { kind: "error", error: new Error("the eval ended before its result settled") };
    const rendered =
      settlement.kind === "ok"
        ? renderSuccess(settlement.value, this.limits.maxResultChars, this.limits.maxValueChars)
        : renderError(settlement.error, this.limits.maxResultChars);
    const { text, droppedChars } = this.output.take();
    return { ...rendered, stdout: text, stdoutDroppedChars: droppedChars };
  }
}
