/**
 * Threads and evals over the engine: boots threads from the base image, serialises evals per
 * thread, replaces a thread whose instance was lost, and shapes each outcome into an EvalResult.
 * It runs wherever the engine runs (inline today; inside the worker with isolation "worker").
 */
import type { BaseImage } from "./engine/base-image.js";
import { transformCell } from "./engine/cell-transform.js";
import { QuickJSThread, type EngineOutcome } from "./engine/quickjs-thread.js";
import { QuickboxError } from "./errors.js";
import { toEvalResult } from "./eval-result.js";
import type { ResolvedOptions } from "./options.js";
import { SerialQueues } from "./serial-queue.js";
import type { EvalOptions, EvalResult, ThreadInfo } from "./types.js";

/** Cells larger than this are refused before any parsing (the host parses TypeScript). */
export const MAX_CODE_CHARS = 4 * 2 ** 20;

interface ThreadRecord {
  thread: QuickJSThread;
  cells: number;
}

export class InterpreterCore {
  readonly #options: ResolvedOptions;
  readonly #image: BaseImage;
  readonly #threads = new Map<string, ThreadRecord>();
  /** Threads whose instance was discarded: the next eval says it starts fresh. */
  readonly #restartNotes = new Map<string, string>();
  readonly #queues = new SerialQueues();
  readonly #disposal = new AbortController();

  constructor(options: ResolvedOptions, image: BaseImage) {
    this.#options = options;
    this.#image = image;
  }

  #assertAlive(): void {
    if (this.#disposal.signal.aborted) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  }

  async eval(code: string, options: EvalOptions = {}): Promise<EvalResult> {
    this.#assertAlive();
    if (typeof code !== "string") throw new QuickboxError("INVALID_OPTIONS", `eval(code): code must be a string, got ${typeof code}`);
    const threadId = validThreadId(options.threadId);
    if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
      throw new QuickboxError("INVALID_OPTIONS", "eval: signal must be an AbortSignal");
    }
    return this.#queues.run(threadId, () => this.#evalNow(code, threadId, options.signal));
  }

  async #evalNow(code: string, threadId: string, userSignal: AbortSignal | undefined): Promise<EvalResult> {
    const startedAt = performance.now();
    const warnings: string[] = [];
    const finish = (outcome: EngineOutcome) =>
      toEvalResult(outcome, {
        captureConsole: this.#options.captureConsole,
        durationMs: performance.now() - startedAt,
        toolCalls: 0,
        warnings,
      });
    if (code.length > MAX_CODE_CHARS) {
      return finish(simpleError("RangeError", `the code is too large (${code.length} characters; at most ${MAX_CODE_CHARS})`));
    }
    if (this.#disposal.signal.aborted) return finish(simpleError("Cancelled", "the interpreter was disposed"));
    const record = await this.#threadFor(threadId, warnings);
    const signal = userSignal ? AbortSignal.any([userSignal, this.#disposal.signal]) : this.#disposal.signal;
    const limits = {
      timeoutMs: this.#options.timeoutMs,
      wallTimeoutMs: this.#options.wallTimeoutMs,
      maxResultChars: this.#options.maxResultChars,
      maxValueChars: this.#options.maxToolPayloadBytes,
      signal,
    };
    record.cells++;
    let cell = transformCell(code);
    const filename = () => `cell-${record.cells}.${cell.language === "typescript" ? "ts" : "js"}`;
    let outcome = await record.thread.eval(cell.code, filename(), limits);
    if (outcome.compileFailed && !cell.parsed && !outcome.instanceLost) {
      // The unparsed fast path did not compile: parse it properly (it may be TypeScript).
      cell = transformCell(code, { full: true });
      outcome = await record.thread.eval(cell.code, filename(), limits);
    }
    if (outcome.instanceLost) {
      this.#threads.delete(threadId);
      this.#restartNotes.set(threadId, outcome.instanceLost);
      warnings.push(`the thread's state was lost (${outcome.instanceLost}); its next eval starts from a fresh state`);
    }
    return finish(outcome);
  }

  async #threadFor(threadId: string, warnings: string[]): Promise<ThreadRecord> {
    const existing = this.#threads.get(threadId);
    if (existing) return existing;
    const thread = await QuickJSThread.create(this.#image, {
      memoryLimitBytes: this.#options.memoryLimitBytes,
      maxStackSizeBytes: this.#options.maxStackSizeBytes,
      clock: this.#options.clock,
      ...(this.#options.randomSeed === undefined ? {} : { randomSeed: this.#options.randomSeed }),
    });
    const record = { thread, cells: 0 };
    this.#threads.set(threadId, record);
    const note = this.#restartNotes.get(threadId);
    if (note) {
      this.#restartNotes.delete(threadId);
      warnings.push(`thread was restarted with a fresh state (${note})`);
    }
    return record;
  }

  async reset(threadId: string): Promise<void> {
    this.#assertAlive();
    const id = validThreadId(threadId);
    await this.#queues.run(id, async () => {
      this.#threads.delete(id);
      this.#restartNotes.delete(id);
    });
  }

  async threads(): Promise<ThreadInfo[]> {
    this.#assertAlive();
    return [...this.#threads.keys()].map((threadId) => ({
      threadId,
      state: this.#queues.busy(threadId) ? "busy" : "idle",
      pendingInterrupts: 0,
    }));
  }

  dispose(): void {
    this.#disposal.abort();
    this.#threads.clear();
    this.#restartNotes.clear();
  }

  get disposed(): boolean {
    return this.#disposal.signal.aborted;
  }
}

export function validThreadId(threadId: unknown): string {
  if (threadId === undefined) return "default";
  if (typeof threadId !== "string" || threadId.length === 0 || threadId.length > 256) {
    throw new QuickboxError("INVALID_OPTIONS", "threadId must be a non-empty string of at most 256 characters");
  }
  return threadId;
}

function simpleError(type: string, message: string): EngineOutcome {
  return { status: "error", body: message, droppedChars: 0, handle: false, errorType: type, errorMessage: message, stdout: "", stdoutDroppedChars: 0 };
}
