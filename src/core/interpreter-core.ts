/**
 * Threads and evals over the engine: boots threads from the base image or from snapshots,
 * serialises evals per thread, pauses and resumes them, takes snapshots, replaces a thread whose
 * instance was lost, and shapes each outcome into an EvalResult. It runs wherever the engine
 * runs: inline, or inside a worker (then every request and reply is plain, cloneable data).
 */
import type { BaseImage } from "../engine/base-image.js";
import { transformCell } from "../engine/cell-transform.js";
import type { SkillFiles } from "../engine/module-loader.js";
import { QuickJSThread, type EngineOutcome, type EvalLimits, type GuestManifest, type HostCallChannel, type InterruptDecision } from "../engine/quickjs-thread.js";
import { QuickboxError, isQuickboxError } from "../errors.js";
import type { EngineOptions } from "../options.js";
import { aesKey, hmacKey, type SnapshotKeys } from "../snapshot/snapshot-keys.js";
import { DEFAULT_MAX_DELTAS, restoreSnapshotChain, takeSnapshot, type EncodedSnapshot, type SnapshotContext } from "../snapshot/thread-snapshots.js";
import type { EvalResult, ThreadInfo } from "../types.js";
import { toEvalResult } from "./eval-result.js";
import { SerialQueues } from "./serial-queue.js";

/** Snapshot the thread after this request; `storedHead` is the host's latest stored snapshot of it. */
export interface PersistRequest {
  storedHead: string | null;
}

interface ThreadRequest {
  threadId: string;
  signal?: AbortSignal;
  /** See EvalLimits.pollCancel. */
  pollCancel?: () => void;
  /** The thread's snapshot chain (full, then deltas), used when the thread is not live here. */
  restore?: Uint8Array[];
  persist?: PersistRequest;
}

/** An eval as the engine receives it (validated by the host side). */
export interface EngineEvalRequest extends ThreadRequest {
  code: string;
  /** Skill files the host preloaded for this cell. */
  skills?: Record<string, SkillFiles>;
}

export interface EngineResumeRequest extends ThreadRequest {
  decisions: InterruptDecision[];
}

export interface EngineReply {
  result: EvalResult;
  /** Set when the thread was snapshotted after the request (paused, or asked to persist). */
  snapshot?: EncodedSnapshot;
  /** The snapshot could not be taken (the result stands). */
  snapshotError?: string;
}

/** Cells larger than this are refused before any parsing (the host parses TypeScript). */
export const MAX_CODE_CHARS = 4 * 2 ** 20;

interface ThreadRecord {
  thread: QuickJSThread;
  cells: number;
}

/** A TypeScript cell that does not parse: nothing ran; reported like QuickJS reports a SyntaxError. */
function typeScriptSyntaxError(error: { message: string; line: number; column: number }, filename: string): EngineOutcome {
  const stack = `    at ${filename}:${error.line}:${error.column}`;
  return { ...simpleError("SyntaxError", error.message), body: `${error.message}\n${stack}`, errorStack: stack };
}

function simpleError(type: string, message: string): EngineOutcome {
  return { status: "error", body: message, droppedChars: 0, handle: false, errorType: type, errorMessage: message, stdout: "", stdoutDroppedChars: 0 };
}

export async function snapshotKeys(options: EngineOptions): Promise<SnapshotKeys> {
  return {
    ...(options.snapshotSigningKey !== undefined ? { signing: await hmacKey(options.snapshotSigningKey) } : {}),
    ...(options.encryptionKey !== undefined ? { encryption: await aesKey(options.encryptionKey) } : {}),
  };
}

export class InterpreterCore {
  readonly #options: EngineOptions;
  readonly #manifest: GuestManifest;
  readonly #image: BaseImage;
  readonly #snapshots: SnapshotContext;
  readonly #threads = new Map<string, ThreadRecord>();
  /** Threads whose instance was discarded: the next eval says it starts fresh. */
  readonly #restartNotes = new Map<string, string>();
  readonly #queues = new SerialQueues();
  readonly #disposal = new AbortController();

  /** Called when a thread's instance is lost (its next eval starts fresh). */
  onThreadLost: (threadId: string, reason: string) => void = () => {};

  constructor(options: EngineOptions, manifest: GuestManifest, image: BaseImage, keys: SnapshotKeys) {
    this.#options = options;
    this.#manifest = manifest;
    this.#image = image;
    this.#snapshots = { image, keys, maxDeltas: DEFAULT_MAX_DELTAS };
  }

  get baseImageHash(): string {
    return this.#image.hash;
  }

  #assertAlive(): void {
    if (this.#disposal.signal.aborted) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  }

  #limits(signal: AbortSignal, pollCancel?: () => void): EvalLimits {
    const options = this.#options;
    return {
      ...(pollCancel ? { pollCancel } : {}),
      timeoutMs: options.timeoutMs,
      wallTimeoutMs: options.wallTimeoutMs,
      maxResultChars: options.maxResultChars,
      maxValueChars: options.maxToolPayloadBytes,
      maxToolCalls: options.maxToolCalls,
      maxConcurrentToolCalls: options.maxConcurrentToolCalls,
      maxTaskCalls: options.maxTaskCalls,
      maxConcurrentTasks: options.maxConcurrentTasks,
      interruptOn: options.interruptOn,
      signal,
    };
  }

  /** Follows the caller's signal and the interpreter's disposal (AbortSignal.any costs more than a small eval). */
  #evalSignal(userSignal: AbortSignal | undefined): { signal: AbortSignal; release(): void } {
    if (!userSignal) return { signal: this.#disposal.signal, release: () => {} };
    const combined = new AbortController();
    const abort = () => combined.abort();
    if (userSignal.aborted) combined.abort();
    userSignal.addEventListener("abort", abort, { once: true });
    this.#disposal.signal.addEventListener("abort", abort, { once: true });
    return {
      signal: combined.signal,
      release: () => {
        userSignal.removeEventListener("abort", abort);
        this.#disposal.signal.removeEventListener("abort", abort);
      },
    };
  }

  async eval(request: EngineEvalRequest, host: HostCallChannel): Promise<EngineReply> {
    this.#assertAlive();
    return this.#queues.run(request.threadId, () => this.#evalNow(request, host));
  }

  async resume(request: EngineResumeRequest, host: HostCallChannel): Promise<EngineReply> {
    this.#assertAlive();
    return this.#queues.run(request.threadId, () => this.#resumeNow(request, host));
  }

  async #evalNow(request: EngineEvalRequest, host: HostCallChannel): Promise<EngineReply> {
    const startedAt = performance.now();
    const warnings: string[] = [];
    const { code, threadId } = request;
    const reply = (outcome: EngineOutcome) => this.#reply(threadId, outcome, startedAt, warnings, request.persist);
    if (code.length > MAX_CODE_CHARS) return reply(simpleError("RangeError", `the code is too large (${code.length} characters; at most ${MAX_CODE_CHARS})`));
    if (this.#disposal.signal.aborted) return reply(simpleError("Cancelled", "the interpreter was disposed"));
    let record: ThreadRecord;
    try {
      record = await this.#threadFor(threadId, warnings, request.restore, request.persist?.storedHead);
    } catch (error) {
      // A hibernated or persisted thread that cannot be restored: the eval reports it.
      if (!isQuickboxError(error) || error.code !== "SNAPSHOT_REJECTED") throw error;
      return reply({ ...simpleError("SnapshotError", error.message), ...(error.reason ? { errorDetails: { reason: error.reason } } : {}) });
    }
    if (record.thread.pause) throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
    if (request.skills) record.thread.addSkills(request.skills);
    const { signal, release } = this.#evalSignal(request.signal);
    try {
      const limits = this.#limits(signal, request.pollCancel);
      record.cells++;
      let cell = transformCell(code);
      const filename = () => `cell-${record.cells}.${cell.language === "typescript" ? "ts" : "js"}`;
      if (cell.syntaxError) return await reply(typeScriptSyntaxError(cell.syntaxError, filename()));
      let outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
      if (outcome.compileFailed && !cell.parsed && !outcome.instanceLost) {
        // The unparsed fast path did not compile: parse it properly (it may be TypeScript).
        cell = transformCell(code, { full: true });
        if (cell.syntaxError) return await reply(typeScriptSyntaxError(cell.syntaxError, filename()));
        outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
      }
      return await reply(outcome);
    } finally {
      release();
    }
  }

  async #resumeNow(request: EngineResumeRequest, host: HostCallChannel): Promise<EngineReply> {
    const startedAt = performance.now();
    const warnings: string[] = [];
    const record = await this.#threadFor(request.threadId, warnings, request.restore, request.persist?.storedHead);
    if (!record.thread.pause) throw new QuickboxError("NOT_PAUSED", `thread "${request.threadId}" is not paused`);
    const { signal, release } = this.#evalSignal(request.signal);
    try {
      const outcome = await record.thread.resume(request.decisions, this.#limits(signal, request.pollCancel), this.#manifest, host);
      return await this.#reply(request.threadId, outcome, startedAt, warnings, request.persist);
    } finally {
      release();
    }
  }

  async #reply(threadId: string, outcome: EngineOutcome, startedAt: number, warnings: string[], persist: PersistRequest | undefined): Promise<EngineReply> {
    if (outcome.instanceLost) {
      this.#threads.delete(threadId);
      this.#restartNotes.set(threadId, outcome.instanceLost);
      warnings.push(`the thread's state was lost (${outcome.instanceLost}); its next eval restores its last stored snapshot, or starts fresh`);
      this.onThreadLost(threadId, outcome.instanceLost);
    }
    const result = toEvalResult(outcome, {
      captureConsole: this.#options.captureConsole,
      durationMs: performance.now() - startedAt,
      toolCalls: outcome.toolCalls ?? 0,
      warnings,
    });
    const reply: EngineReply = { result };
    const record = this.#threads.get(threadId);
    // A pause must survive the process: it is always snapshotted. Otherwise only when asked.
    if (record && (outcome.status === "paused" || persist)) {
      try {
        reply.snapshot = await takeSnapshot(record.thread, threadId, { cells: record.cells }, this.#snapshots, { storedHead: persist?.storedHead ?? null });
      } catch (error) {
        reply.snapshotError = error instanceof Error ? error.message : String(error);
      }
    }
    if (this.#options.mode === "call" && outcome.status !== "paused") {
      record?.thread.release();
      this.#threads.delete(threadId);
    }
    return reply;
  }

  /** `storedHead`: the id of the chain's last snapshot, as the host's head names it (checked). */
  async #threadFor(threadId: string, warnings: string[], restore: Uint8Array[] | undefined, storedHead?: string | null): Promise<ThreadRecord> {
    const existing = this.#threads.get(threadId);
    if (existing) return existing;
    const config = {
      memoryLimitBytes: this.#options.memoryLimitBytes,
      maxStackSizeBytes: this.#options.maxStackSizeBytes,
      clock: this.#options.clock,
      ...(this.#options.randomSeed === undefined ? {} : { randomSeed: this.#options.randomSeed }),
    };
    let record: ThreadRecord;
    if (restore?.length) {
      const restored = await restoreSnapshotChain(restore, threadId, config, this.#snapshots, storedHead);
      record = { thread: restored.thread, cells: restored.core.cells };
    } else {
      record = { thread: await QuickJSThread.create(this.#image, config), cells: 0 };
    }
    this.#threads.set(threadId, record);
    const note = this.#restartNotes.get(threadId);
    if (note) {
      this.#restartNotes.delete(threadId);
      warnings.push(restore?.length ? `thread was restarted from its last snapshot (${note})` : `thread was restarted with a fresh state (${note})`);
    }
    return record;
  }

  /** Writes a snapshot now (explicit snapshot(), hibernation). */
  async snapshot(threadId: string, options: { storedHead: string | null; restore?: Uint8Array[]; full?: boolean }): Promise<EncodedSnapshot> {
    this.#assertAlive();
    return this.#queues.run(threadId, async () => {
      const record = await this.#threadFor(threadId, [], options.restore, options.storedHead);
      return takeSnapshot(record.thread, threadId, { cells: record.cells }, this.#snapshots, { storedHead: options.storedHead, ...(options.full ? { full: true } : {}) });
    });
  }

  /** Copies `from` (live, or restored from `restore`) into a new thread `to`; returns `to`'s full snapshot. */
  async fork(from: string, to: string, options: { restore?: Uint8Array[]; storedHead?: string | null }): Promise<EncodedSnapshot> {
    this.#assertAlive();
    if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
    const source = await this.#queues.run(from, async () => {
      const record = await this.#threadFor(from, [], options.restore, options.storedHead);
      const snapshot = await takeSnapshot(record.thread, from, { cells: record.cells }, this.#snapshots, { storedHead: null, full: true, keepBaseline: true });
      return { snapshot, cells: record.cells };
    });
    return this.#queues.run(to, async () => {
      if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
      const restored = await restoreSnapshotChain([source.snapshot.bytes], from, {
        memoryLimitBytes: this.#options.memoryLimitBytes,
        maxStackSizeBytes: this.#options.maxStackSizeBytes,
        clock: this.#options.clock,
      }, this.#snapshots);
      const record: ThreadRecord = { thread: restored.thread, cells: source.cells };
      this.#threads.set(to, record);
      return takeSnapshot(record.thread, to, { cells: record.cells }, this.#snapshots, { storedHead: null, full: true });
    });
  }

  /** Forgets a live thread (hibernation, reset); its snapshots are the host's business. */
  async drop(threadId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      this.#threads.get(threadId)?.thread.release();
      this.#threads.delete(threadId);
      this.#restartNotes.delete(threadId);
    });
  }

  async reset(threadId: string): Promise<void> {
    this.#assertAlive();
    await this.drop(threadId);
  }

  /** Marks threads whose state was lost outside the engine (a restarted worker). */
  noteLost(threadId: string, reason: string): void {
    this.#threads.delete(threadId);
    this.#restartNotes.set(threadId, reason);
  }

  async threads(): Promise<ThreadInfo[]> {
    this.#assertAlive();
    return [...this.#threads.entries()].map(([threadId, record]) => {
      const pause = record.thread.pause;
      return {
        threadId,
        state: pause ? "paused" : this.#queues.busy(threadId) ? "busy" : "idle",
        pendingInterrupts: pause?.interrupts.length ?? 0,
      };
    });
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
