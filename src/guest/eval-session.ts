import { OutputBuffer } from "./output-buffer.js";
import { copyValue, renderError, renderFailure, renderSuccess, type RenderedOutcome } from "./render.js";
import type { TimerQueue } from "./timers.js";
import { then } from "./intrinsics.js";
import { isProxy } from "./proxy-registry.js";

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
 * promise. The host drives it through open → track/fail → (poll / fireTimer)* → finish →
 * copyValue → close, or open → … → close when it stops the eval early.
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
    const settleOk = (value: unknown) => this.settle({ kind: "ok", value });
    const settleError = (error: unknown) => this.settle({ kind: "error", error });
    then(
      completion,
      (record) => {
        // A final Promise is awaited; any other value (a thenable, a proxy) is the result as is,
        // so no guest code runs just to look at it.
        const value = record.value;
        if (!isProxy(value) && value instanceof Promise) then(value, settleOk, settleError);
        else settleOk(value);
      },
      settleError,
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

  /** Renders the settled result for the model; the session stays open for copyValue. */
  finish(): FinishedEval {
    this.timers.cancelAll();
    const settlement = this.#settlement ?? { kind: "error", error: new Error("the eval ended before its result settled") };
    let rendered: RenderedOutcome;
    try {
      rendered =
        settlement.kind === "ok"
          ? renderSuccess(settlement.value, this.limits.maxResultChars)
          : renderError(settlement.error, this.limits.maxResultChars);
    } catch (error) {
      rendered = renderFailure(error);
    }
    const { text, droppedChars } = this.output.take();
    return { ...rendered, stdout: text, stdoutDroppedChars: droppedChars };
  }

  /** The structured copy of an ok result for the host (devalue text), within maxValueChars. */
  copyValue(): { value?: string; valueNote?: string } {
    if (this.#settlement?.kind !== "ok") return {};
    return copyValue(this.#settlement.value, this.limits.maxValueChars);
  }
}
