/**
 * Threads and evals over the engine: boots threads from the base image, serialises evals per
 * thread, replaces a thread whose instance was lost, and shapes each outcome into an EvalResult.
 * It runs wherever the engine runs (inline today; inside the worker with isolation "worker").
 */
import type { BaseImage } from "../engine/base-image.js";
import { transformCell } from "../engine/cell-transform.js";
import { QuickJSThread, type EngineOutcome, type GuestManifest, type HostCallChannel } from "../engine/quickjs-thread.js";
import type { SkillFiles } from "../engine/module-loader.js";
import { QuickboxError } from "../errors.js";
import { toEvalResult } from "./eval-result.js";
import type { EngineOptions } from "../options.js";
import { SerialQueues } from "./serial-queue.js";
import type { EvalResult, ThreadInfo } from "../types.js";

/** An eval as the engine receives it (validated by the host side). */
export interface EngineEvalRequest {
  code: string;
  threadId: string;
  signal?: AbortSignal;
  /** Skill files the host preloaded for this cell. */
  skills?: Record<string, SkillFiles>;
}

/** Cells larger than this are refused before any parsing (the host parses TypeScript). */
export const MAX_CODE_CHARS = 4 * 2 ** 20;

interface ThreadRecord {
  thread: QuickJSThread;
  cells: number;
}

export class InterpreterCore {
  readonly #options: EngineOptions;
  readonly #manifest: GuestManifest;
  readonly #image: BaseImage;
  readonly #threads = new Map<string, ThreadRecord>();
  /** Threads whose instance was discarded: the next eval says it starts fresh. */
  readonly #restartNotes = new Map<string, string>();
  readonly #queues = new SerialQueues();
  readonly #disposal = new AbortController();

  /** Called when a thread's instance is lost (its next eval starts fresh). */
  onThreadLost: (threadId: string, reason: string) => void = () => {};

  constructor(options: EngineOptions, manifest: GuestManifest, image: BaseImage) {
    this.#options = options;
    this.#manifest = manifest;
    this.#image = image;
  }

  #assertAlive(): void {
    if (this.#disposal.signal.aborted) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  }

  async eval(request: EngineEvalRequest, host: HostCallChannel): Promise<EvalResult> {
    this.#assertAlive();
    return this.#queues.run(request.threadId, () => this.#evalNow(request.code, request.threadId, request.signal, host, request.skills));
  }

  async #evalNow(
    code: string,
    threadId: string,
    userSignal: AbortSignal | undefined,
    host: HostCallChannel,
    skills: Record<string, SkillFiles> | undefined,
  ): Promise<EvalResult> {
    const startedAt = performance.now();
    const warnings: string[] = [];
    const finish = (outcome: EngineOutcome) =>
      toEvalResult(outcome, {
        captureConsole: this.#options.captureConsole,
        durationMs: performance.now() - startedAt,
        toolCalls: outcome.toolCalls ?? 0,
        warnings,
      });
    if (code.length > MAX_CODE_CHARS) {
      return finish(simpleError("RangeError", `the code is too large (${code.length} characters; at most ${MAX_CODE_CHARS})`));
    }
    if (this.#disposal.signal.aborted) return finish(simpleError("Cancelled", "the interpreter was disposed"));
    const record = await this.#threadFor(threadId, warnings);
    if (skills) record.thread.addSkills(skills);
    // AbortSignal.any costs more than a small eval; follow the caller's signal by hand instead.
    let signal = this.#disposal.signal;
    let stopFollowing = () => {};
    if (userSignal) {
      const combined = new AbortController();
      const abort = () => combined.abort();
      if (userSignal.aborted) combined.abort();
      userSignal.addEventListener("abort", abort, { once: true });
      this.#disposal.signal.addEventListener("abort", abort, { once: true });
      stopFollowing = () => {
        userSignal.removeEventListener("abort", abort);
        this.#disposal.signal.removeEventListener("abort", abort);
      };
      signal = combined.signal;
    }
    try {
      return finish(await this.#runCell(code, threadId, record, signal, host, warnings));
    } finally {
      stopFollowing();
    }
  }

  async #runCell(code: string, threadId: string, record: ThreadRecord, signal: AbortSignal, host: HostCallChannel, warnings: string[]): Promise<EngineOutcome> {
    const options = this.#options;
    const limits = {
      timeoutMs: options.timeoutMs,
      wallTimeoutMs: options.wallTimeoutMs,
      maxResultChars: options.maxResultChars,
      maxValueChars: options.maxToolPayloadBytes,
      maxToolCalls: options.maxToolCalls,
      maxConcurrentToolCalls: options.maxConcurrentToolCalls,
      maxTaskCalls: options.maxTaskCalls,
      maxConcurrentTasks: options.maxConcurrentTasks,
      signal,
    };
    record.cells++;
    let cell = transformCell(code);
    const filename = () => `cell-${record.cells}.${cell.language === "typescript" ? "ts" : "js"}`;
    let outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
    if (outcome.compileFailed && !cell.parsed && !outcome.instanceLost) {
      // The unparsed fast path did not compile: parse it properly (it may be TypeScript).
      cell = transformCell(code, { full: true });
      outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
    }
    if (outcome.instanceLost) {
      this.#threads.delete(threadId);
      this.#restartNotes.set(threadId, outcome.instanceLost);
      warnings.push(`the thread's state was lost (${outcome.instanceLost}); its next eval starts from a fresh state`);
      this.onThreadLost(threadId, outcome.instanceLost);
    }
    return outcome;
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
    await this.#queues.run(threadId, async () => {
      this.#threads.delete(threadId);
      this.#restartNotes.delete(threadId);
    });
  }

  /** Marks threads whose state was lost outside the engine (a restarted worker). */
  noteLost(threadId: string, reason: string): void {
    this.#threads.delete(threadId);
    this.#restartNotes.set(threadId, reason);
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

function simpleError(type: string, message: string): EngineOutcome {
  return { status: "error", body: message, droppedChars: 0, handle: false, errorType: type, errorMessage: message, stdout: "", stdoutDroppedChars: 0 };
}
