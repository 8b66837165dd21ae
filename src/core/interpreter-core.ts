/**
 * The engine side of an interpreter: the live threads. It boots threads from the base image or
 * from the snapshot chain a request carries, runs evals and resumes one at a time per thread,
 * snapshots threads when asked, and reports what happened as an EngineReply (outcome + flags).
 * Policy — modes, persistence, restart notes, hibernation, the call log — is the host's (the
 * thread directory); this side only does what each request says. It runs wherever the engine
 * runs: inline, or inside a worker (then every request and reply is plain, cloneable data).
 */
import type {
  EncodedSnapshot,
  EngineOptions,
  EngineOutcome,
  EngineReply,
  EngineRunContext,
  EvalLimits,
  EvalRequest,
  ForkRequest,
  GuestManifest,
  ResumeRequest,
  SnapshotRequest,
  StoredThreadRef,
  ThreadConfig,
  ThreadRequest,
} from "../engine-contract.js";
import type { BaseImage } from "../engine/base-image.js";
import { CellCache } from "../engine/cell-cache.js";
import { transformCell, unparsedCell, type TransformedCell } from "../engine/cell-transform.js";
import type { InstancePool } from "../engine/instance-pool.js";
import { QuickJSThread } from "../engine/quickjs-thread.js";
import { QuickboxError, isQuickboxError } from "../errors.js";
import { codeTooLarge, disposedOutcome, errorOutcome, snapshotErrorOutcome, typeScriptSyntaxError } from "../result/outcomes.js";
import { RecentBodies } from "../snapshot/snapshot-codec.js";
import type { SnapshotKeys } from "../snapshot/snapshot-keys.js";
import { DEFAULT_MAX_DELTAS, restoreSnapshotChain, takeSnapshot, type SnapshotBaseline, type SnapshotContext } from "../snapshot/thread-snapshots.js";
import { restoreOrRebuild, type RebuildStats } from "./thread-rebuild.js";
import type { ThreadInfo } from "../types.js";
import { SerialQueues } from "../util/serial-queues.js";
import { EitherStop, StopFlag, type StopSignal } from "../util/stop-signal.js";

/** Cells larger than this (UTF-16 units) are refused before any parsing. */
export const MAX_CODE_CHARS = 2 ** 20;

interface ThreadRecord {
  thread: QuickJSThread;
  cells: number;
  /** The last snapshot taken of (or restored into) the thread. */
  baseline: SnapshotBaseline | null;
  /** Set when the thread was just rebuilt from its journal: the next reply says so (and stores it). */
  rebuilt?: RebuildStats;
}

/** Raw bodies of the snapshots taken lately that a wake reads instead of decoding (snapshot-codec.ts). */
const RECENT_SNAPSHOT_BYTES = 2 * 2 ** 20;

/** A rebuild replays cells that once ran within their budgets; this build may be slower: it gets this many times theirs. */
const REBUILD_BUDGET_FACTOR = 10;

/** Errors of a thread that cannot be brought back: an eval reports them as a SnapshotError result. */
const UNRESTORABLE = new Set(["SNAPSHOT_REJECTED", "NOT_REPLAYABLE", "REPLAY_DIVERGED"]);

export class InterpreterCore {
  readonly #options: EngineOptions;
  readonly #manifest: GuestManifest;
  readonly #image: BaseImage;
  readonly #instances: InstancePool;
  readonly #snapshots: SnapshotContext;
  readonly #threads = new Map<string, ThreadRecord>();
  readonly #queues = new SerialQueues();
  readonly #cellCache = new CellCache();
  /** Stops every run at dispose(); a StopFlag, not an AbortController: each eval reads it several times, and an AbortSignal's getters cost more. */
  readonly #disposal = new StopFlag();

  constructor(options: EngineOptions, manifest: GuestManifest, image: BaseImage, keys: SnapshotKeys, instances: InstancePool) {
    this.#options = options;
    this.#manifest = manifest;
    this.#image = image;
    this.#instances = instances;
    this.#snapshots = { image, keys, maxDeltas: DEFAULT_MAX_DELTAS, instances, recent: new RecentBodies(RECENT_SNAPSHOT_BYTES) };
  }

  get baseImageHash(): Promise<string> {
    return this.#image.hash;
  }

  #assertAlive(): void {
    if (this.#disposal.aborted) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  }

  #limits(signal: StopSignal, pollCancel?: () => void): EvalLimits {
    const options = this.#options;
    const limits: EvalLimits = {
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
    if (pollCancel) limits.pollCancel = pollCancel;
    if (options.streamConsole && options.captureConsole) limits.streamConsole = true;
    return limits;
  }

  #threadConfig(): ThreadConfig {
    return {
      maxJournalBytes: this.#options.maxJournalBytes,
      memoryLimitBytes: this.#options.memoryLimitBytes,
      maxStackSizeBytes: this.#options.maxStackSizeBytes,
      clock: this.#options.clock,
      ...(this.#options.randomSeed === undefined ? {} : { randomSeed: this.#options.randomSeed }),
    };
  }

  /** Follows the caller's signal and the interpreter's disposal (no AbortController: util/stop-signal.ts). */
  #evalSignal(userSignal: StopSignal | undefined, coversDisposal = false): StopSignal {
    if (!userSignal) return this.#disposal;
    if (coversDisposal) return userSignal;
    return new EitherStop(userSignal, this.#disposal);
  }

  async eval(request: EvalRequest, context: EngineRunContext): Promise<EngineReply> {
    return this.evalAtOnce(request, context);
  }

  /**
   * `eval`, with the reply as a value (no promise) when the thread was idle and live, the cell
   * needed no transform and finished at once, and no snapshot was due: the warm eval of a small
   * cell. Throws (synchronously too) what `eval` rejects with.
   */
  evalAtOnce(request: EvalRequest, context: EngineRunContext): EngineReply | Promise<EngineReply> {
    this.#assertAlive();
    return this.#queues.runAtOnce(request.threadId, () => this.#evalNow(request, context));
  }

  async resume(request: ResumeRequest, context: EngineRunContext): Promise<EngineReply> {
    this.#assertAlive();
    return this.#queues.run(request.threadId, () => this.#resumeNow(request, context));
  }

  #evalNow(request: EvalRequest, context: EngineRunContext): EngineReply | Promise<EngineReply> {
    const startedAt = performance.now();
    const { code, threadId } = request;
    if (code.length > MAX_CODE_CHARS) return this.#reply(request, codeTooLarge(code.length, MAX_CODE_CHARS), startedAt, context);
    if (this.#disposal.aborted) return this.#reply(request, disposedOutcome(), startedAt, context);
    // A live thread and a cell that needs no transform: nothing to wait for before the cell runs.
    const live = request.skills ? undefined : this.#threads.get(threadId);
    const cell = live ? (unparsedCell(code) ?? this.#cellCache.get(code)) : undefined;
    if (live && cell) return this.#evalCell(request, context, live, cell, startedAt);
    return this.#evalPrepared(request, context, startedAt);
  }

  /** The eval of a thread that must be restored or booted first, or of a cell that must be transformed. */
  async #evalPrepared(request: EvalRequest, context: EngineRunContext, startedAt: number): Promise<EngineReply> {
    const { code, threadId } = request;
    let record: ThreadRecord;
    try {
      record = await this.#threadFor(threadId, request);
    } catch (error) {
      // A hibernated or persisted thread that cannot be restored (nor rebuilt): the eval reports it.
      if (!isQuickboxError(error) || !UNRESTORABLE.has(error.code)) throw error;
      return this.#reply(request, snapshotErrorOutcome(error.message, error.reason, error.code === "SNAPSHOT_REJECTED" ? undefined : { code: error.code, ...error.details }), startedAt, context);
    }
    this.#assertNotPaused(threadId, record);
    if (request.skills) record.thread.addSkills(request.skills);
    // The transform runs on this thread, outside QuickJS: its time counts against the eval's budget.
    const transformStartedAt = performance.now();
    const cell = this.#cellCache.get(code) ?? (await this.#transform(code));
    return this.#evalCell(request, context, record, cell, startedAt, performance.now() - transformStartedAt);
  }

  async #transform(code: string): Promise<TransformedCell> {
    const cell = await transformCell(code);
    this.#cellCache.remember(code, cell);
    return cell;
  }

  #assertNotPaused(threadId: string, record: ThreadRecord): void {
    if (record.thread.pause) throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
  }

  /** Runs a transformed cell on its thread; `transformMs`: the transform's time, counted against the budgets. */
  #evalCell(request: EvalRequest, context: EngineRunContext, record: ThreadRecord, cell: TransformedCell, startedAt: number, transformMs?: number): EngineReply | Promise<EngineReply> {
    this.#assertNotPaused(request.threadId, record);
    const limits = this.#limits(this.#evalSignal(context.signal, context.signalCoversDisposal), context.pollCancel);
    return this.#runCell(request, context, record, cell, limits, startedAt, transformMs);
  }

  #runCell(request: EvalRequest, context: EngineRunContext, record: ThreadRecord, cell: TransformedCell, limits: EvalLimits, startedAt: number, transformMs?: number): EngineReply | Promise<EngineReply> {
    record.cells++;
    const filename = `cell-${record.cells}.${cell.language === "typescript" ? "ts" : "js"}`;
    const reply = (outcome: EngineOutcome) => this.#reply(request, outcome, startedAt, context);
    if (cell.refused) return reply(errorOutcome("RangeError", cell.refused));
    if (cell.syntaxError) return reply(typeScriptSyntaxError(cell.syntaxError, filename));
    if (transformMs !== undefined) limits.spentMs = transformMs;
    const outcome = record.thread.evalCell(cell.code, filename, limits, this.#manifest, context.channel);
    if (outcome instanceof Promise) return outcome.then((ran) => this.#afterCell(request, context, record, cell, limits, filename, ran, reply));
    return this.#afterCell(request, context, record, cell, limits, filename, outcome, reply);
  }

  #afterCell(
    request: EvalRequest,
    context: EngineRunContext,
    record: ThreadRecord,
    cell: TransformedCell,
    limits: EvalLimits,
    filename: string,
    outcome: EngineOutcome,
    reply: (outcome: EngineOutcome) => EngineReply | Promise<EngineReply>,
  ): EngineReply | Promise<EngineReply> {
    if (!outcome.compileFailed || cell.parsed || outcome.instanceLost) return reply(outcome);
    // The unparsed fast path did not compile: parse it properly (it may be TypeScript).
    return this.#retryParsed(request, context, record, limits, filename, reply);
  }

  async #retryParsed(
    request: EvalRequest,
    context: EngineRunContext,
    record: ThreadRecord,
    limits: EvalLimits,
    filename: string,
    reply: (outcome: EngineOutcome) => EngineReply | Promise<EngineReply>,
  ): Promise<EngineReply> {
    const retryStartedAt = performance.now();
    const cell = await transformCell(request.code, { full: true });
    limits.spentMs = performance.now() - retryStartedAt;
    if (cell.syntaxError) return reply(typeScriptSyntaxError(cell.syntaxError, filename));
    return reply(await record.thread.evalCell(cell.code, filename, limits, this.#manifest, context.channel));
  }

  async #resumeNow(request: ResumeRequest, context: EngineRunContext): Promise<EngineReply> {
    const startedAt = performance.now();
    const record = await this.#threadFor(request.threadId, request);
    if (!record.thread.pause) throw new QuickboxError("NOT_PAUSED", `thread "${request.threadId}" is not paused`);
    const limits = this.#limits(this.#evalSignal(context.signal, context.signalCoversDisposal), context.pollCancel);
    const outcome = await record.thread.resume(request.decisions, request.undecided, limits, this.#manifest, context.channel);
    return this.#reply(request, outcome, startedAt, context);
  }

  /** The reply to a request, with its snapshot when one is due (then it is a promise). */
  #reply(request: ThreadRequest, outcome: EngineOutcome, startedAt: number, context: EngineRunContext): EngineReply | Promise<EngineReply> {
    const { threadId } = request;
    const reply: EngineReply = { outcome, durationMs: 0 };
    if (outcome.instanceLost) {
      this.#threads.delete(threadId);
      reply.lost = outcome.instanceLost;
    }
    const record = this.#threads.get(threadId);
    const rebuilt = record?.rebuilt;
    if (rebuilt && record) {
      reply.rebuilt = rebuilt;
      delete record.rebuilt;
    }
    const stopped = record?.thread.journal.journal.takeStopNotice();
    if (stopped) reply.journalStopped = stopped;
    // A pause must survive the process: it is always snapshotted, as a rebuilt thread is (its old snapshots are another build's). Otherwise only when asked.
    if (record && (outcome.status === "paused" || request.persist || rebuilt)) return this.#replyWithSnapshot(request, record, reply, startedAt, context);
    return this.#replyDone(request, record, reply, startedAt);
  }

  async #replyWithSnapshot(request: ThreadRequest, record: ThreadRecord, reply: EngineReply, startedAt: number, context: EngineRunContext): Promise<EngineReply> {
    context.onSnapshot?.();
    try {
      reply.snapshot = await this.#take(record, request.threadId, { storedHead: request.storedHead });
    } catch (error) {
      reply.snapshotError = error instanceof Error ? error.message : String(error);
    }
    return this.#replyDone(request, record, reply, startedAt);
  }

  #replyDone(request: ThreadRequest, record: ThreadRecord | undefined, reply: EngineReply, startedAt: number): EngineReply {
    if (request.release && reply.outcome.status !== "paused" && record) {
      record.thread.release();
      this.#threads.delete(request.threadId);
    }
    reply.durationMs = performance.now() - startedAt;
    return reply;
  }

  async #take(record: ThreadRecord, threadId: string, options: { storedHead: string | null; full?: boolean }): Promise<EncodedSnapshot> {
    const taken = await takeSnapshot(record.thread, threadId, { cells: record.cells }, this.#snapshots, { ...options, baseline: record.baseline });
    record.baseline = taken.baseline;
    return taken.snapshot;
  }

  /** The live thread, or one restored (or rebuilt, core/thread-rebuild.ts) from the request's chain, or a new one. */
  async #threadFor(threadId: string, stored: StoredThreadRef): Promise<ThreadRecord> {
    const existing = this.#threads.get(threadId);
    if (existing) return existing;
    let record: ThreadRecord;
    if (stored.restore?.length) {
      const rebuildLimits = () => ({
        image: this.#image,
        instances: this.#instances,
        manifest: this.#manifest,
        limits: { ...this.#limits(this.#disposal), timeoutMs: REBUILD_BUDGET_FACTOR * this.#options.timeoutMs, wallTimeoutMs: REBUILD_BUDGET_FACTOR * this.#options.wallTimeoutMs },
      });
      const back = await restoreOrRebuild(stored.restore, threadId, this.#threadConfig(), this.#snapshots, stored.storedHead, rebuildLimits);
      record = { thread: back.thread, cells: back.cells, baseline: back.baseline, ...(back.rebuilt ? { rebuilt: back.rebuilt } : {}) };
    } else {
      record = { thread: await QuickJSThread.create(this.#image, this.#threadConfig(), this.#instances), cells: 0, baseline: null };
    }
    this.#threads.set(threadId, record);
    return record;
  }

  /** Writes a snapshot now (explicit snapshot(), hibernation). */
  async snapshot(request: SnapshotRequest): Promise<EncodedSnapshot> {
    this.#assertAlive();
    return this.#queues.run(request.threadId, async () => {
      const record = await this.#threadFor(request.threadId, request);
      return this.#take(record, request.threadId, { storedHead: request.storedHead, ...(request.full ? { full: true } : {}) });
    });
  }

  /** Copies `from` (live, or restored from `source`) into a new thread `to`; returns `to`'s full snapshot. */
  async fork(request: ForkRequest): Promise<EncodedSnapshot> {
    this.#assertAlive();
    const { from, to } = request;
    if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
    const source = await this.#queues.run(from, async () => {
      const record = await this.#threadFor(from, request.source);
      // The source's own baseline is not moved: its next delta still builds on its stored head.
      const { snapshot } = await takeSnapshot(record.thread, from, { cells: record.cells }, this.#snapshots, { storedHead: null, baseline: null, full: true });
      return { snapshot, cells: record.cells };
    });
    return this.#queues.run(to, async () => {
      if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
      const restored = await restoreSnapshotChain([source.snapshot.bytes], from, this.#threadConfig(), this.#snapshots);
      if (request.renames) restored.thread.renameCalls(request.renames);
      const record: ThreadRecord = { thread: restored.thread, cells: source.cells, baseline: null };
      this.#threads.set(to, record);
      return this.#take(record, to, { storedHead: null, full: true });
    });
  }

  /** Forgets a live thread (hibernation, reset); its snapshots are the host's business. */
  async drop(threadId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      this.#threads.get(threadId)?.thread.release();
      this.#threads.delete(threadId);
    });
  }

  async threads(): Promise<ThreadInfo[]> {
    this.#assertAlive();
    return [...this.#threads.entries()].map(([threadId, record]) => {
      const pause = record.thread.pause;
      return {
        threadId,
        state: pause ? "paused" : this.#queues.busy(threadId) ? "busy" : "idle",
        pendingInterrupts: pause?.held ?? 0,
        replayable: record.thread.journal.journal.replayable,
      };
    });
  }

  dispose(): void {
    if (this.#disposal.aborted) return;
    this.#disposal.abort();
    this.#threads.clear();
    this.#instances.release();
  }

  get disposed(): boolean {
    return this.#disposal.aborted;
  }
}
