import { OutputBuffer } from "./output-buffer.js";
import { renderError, renderFailure, renderSuccess, type RenderedOutcome } from "./render.js";
import { copyInSteps, copyValue, isCopiedCheaply, type CopiedValue } from "./result-copy.js";
import type { TimerQueue } from "./timers.js";
import { then } from "./intrinsics.js";
import { isProxy } from "./proxy-registry.js";
import type { GuestFinishedEval, GuestOutputLimits, GuestPollReport } from "../engine-contract.js";
import type { HostCalls } from "./host-calls.js";
import type { GuestStream } from "./stream.js";
import { noteActivity } from "./activity.js";

type Settlement = { kind: "ok"; value: unknown } | { kind: "error"; error: unknown };

/**
 * The fast path's "no" (settledValue): an object, which no answer the host reads on
 * the fast path ever is. The host tells it from a primitive by the value's type tag alone.
 */
const NOT_QUICK: object = {};

/** Characters of call arguments a poll hands the host, at most (a larger call goes alone). */
const POLL_PIECE_CHARS = 512 * 1024;

/**
 * The guest side of one eval: it owns the console buffer and the settlement of the cell's
 * promise. The host drives it: open → track/fail → (poll / fireTimer)* until poll reports the
 * rendered result → copyValue when the result is an object → close (copyValue closes too).
 */
export class EvalSession {
  readonly output: OutputBuffer;
  #settlement: Settlement | null = null;
  /** The result's copy while the host takes it in steps. */
  #copy: ((units: number) => CopiedValue | null) | null = null;

  constructor(
    public limits: GuestOutputLimits,
    private readonly timers: TimerQueue,
    private readonly hostCalls: HostCalls,
    private readonly stream: GuestStream,
  ) {
    this.output = new OutputBuffer(limits.maxResultChars);
    this.#streamConsole();
  }

  /** New limits for the rest of the eval (a resume under another interpreter's options). */
  setLimits(limits: GuestOutputLimits): void {
    this.limits = limits;
    this.output.limitChars = limits.maxResultChars;
    this.#streamConsole();
  }

  #streamConsole(): void {
    const stream = this.stream;
    this.output.onStored = this.limits.streamConsole ? (text) => stream.stdout(text) : null;
  }

  /** What the eval printed so far (the buffer starts over), and the progress() calls it dropped. */
  takeOutput(): { text: string; droppedChars: number; progressDropped: number } {
    return { ...this.output.take(), progressDropped: this.stream.takeDropped() };
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
        if (!isProxy(value) && value instanceof Promise) {
          // Something that only claims to be a Promise (its prototype, a Symbol.hasInstance
          // override, a subclass whose species throws) makes then() throw: it cannot be awaited,
          // so it is the result as it is (never a promise that nothing settles).
          try {
            then(value, settleOk, settleError);
          } catch {
            settleOk(value);
          }
        } else {
          settleOk(value);
        }
      },
      settleError,
    );
  }

  fail(error: unknown): void {
    this.settle({ kind: "error", error });
  }

  settle(settlement: Settlement): void {
    noteActivity();
    if (!this.#settlement) this.#settlement = settlement;
  }

  /**
   * The host's fast path once the program settled after awaiting (tools, timers): see
   * quick-finish.ts quickSettle. When nothing else is left to report (no output, timer, call or
   * progress) and the value is a primitive the host reads exactly, the answer is the value itself;
   * otherwise NOT_QUICK, and the host polls as usual. (A cell that finished at once needs no call:
   * the host reads activity.ts's byte.)
   */
  settledValue(): unknown {
    const settlement = this.#settlement;
    return settlement?.kind === "ok" && this.#quietPrimitive(settlement.value) ? settlement.value : NOT_QUICK;
  }

  /** True when nothing but the value is left to report (no output, timer, call or progress) and it is a primitive the host reads (not a symbol). */
  #quietPrimitive(value: unknown): boolean {
    if (this.output.totalChars || this.timers.size || this.hostCalls.pendingCount || this.hostCalls.queuedCount || !this.stream.quiet) {
      return false;
    }
    switch (typeof value) {
      case "number":
      case "string":
      case "boolean":
      case "undefined":
      case "bigint":
        return true;
      default:
        return value === null;
    }
  }

  poll(): GuestPollReport {
    const settlement = this.#settlement;
    if (!settlement) {
      // A poll's report is one piece of the host's work (encoded here, decoded there): 64 calls of
      // 300 KB go as several reports, the host's loop turning between them.
      const calls = this.hostCalls.drain(POLL_PIECE_CHARS);
      const more = this.hostCalls.queuedCount > 0;
      return { settled: false, nextTimerAt: this.timers.nextDueAt(), calls, ...(more ? { more: true as const } : {}) };
    }
    this.timers.cancelAll();
    let rendered: RenderedOutcome;
    try {
      rendered =
        settlement.kind === "ok"
          ? renderSuccess(settlement.value, this.limits.maxResultChars)
          : renderError(settlement.error, this.limits.maxResultChars);
    } catch (error) {
      rendered = renderFailure(error, settlement.kind === "error");
    }
    const { text, droppedChars } = this.output.take();
    const progressDropped = this.stream.takeDropped();
    const cheap = settlement.kind === "ok" && isCopiedCheaply(settlement.value);
    // Object literals and spreads only: they define properties, where an assignment or
    // Object.assign would run a setter the program put on Object.prototype.
    const outcome: GuestFinishedEval = {
      ...rendered,
      stdout: text,
      stdoutDroppedChars: droppedChars,
      ...(progressDropped ? { progressDropped } : {}),
      ...(cheap ? copyValue(settlement.value, this.limits.maxValueChars) : {}),
    };
    return { settled: true, outcome, needsCopy: settlement.kind === "ok" && !cheap };
  }

  /**
   * The structured copy of an ok result for the host (devalue text), within maxValueChars, in steps
   * of about `units` of work: null while there is more to do (the host's loop turns in between).
   */
  copyValue(units: number): CopiedValue | null {
    if (this.#settlement?.kind !== "ok") return {};
    this.#copy ??= copyInSteps(this.#settlement.value, this.limits.maxValueChars);
    return this.#copy(units);
  }
}
