/**
 * The host's threads: every request on a thread goes through here, one at a time per thread.
 * The directory keeps the thread policy — modes, persistence, restarts, pauses and their call
 * log, hibernation — and tells the engine exactly what to do in each request (restore this
 * chain, persist, release after). Its parts: thread-table.ts (what is known of each thread),
 * store-sync.ts (the store's view), reply-settlement.ts (a reply becomes a result),
 * resume-log.ts (exactly-once calls), hibernation.ts.
 */
import type { EngineClient, InterruptDecision, SkillFiles, StoredThreadRef, StreamedEvent } from "../../engine-contract.js";
import { QuickboxError, isQuickboxError } from "../../errors.js";
import type { ResolvedOptions } from "../../options.js";
import type { Decision, EvalResult, SnapshotInfo, ThreadBundle, ThreadInfo } from "../../types.js";
import { exportThread, importThread } from "./thread-transfer.js";
import { eitherSignal } from "../../util/either-signal.js";
import { newCallId } from "../../util/call-ids.js";
import { SerialQueues } from "../../util/serial-queues.js";
import type { CallExecutor } from "../call-executor.js";
import { heldCallRef, toInterruptDecision } from "../decisions.js";
import { conflictError, SnapshotPersistence } from "../snapshot-persistence.js";
import { assertNotClaimedElsewhere, newClaim } from "./claims.js";
import { dropStaleCopy, emitWarning, storeSnapshot, type DirectoryContext } from "./directory-context.js";
import { hibernateIdle } from "./hibernation.js";
import { snapshotErrorOutcome } from "../../result/outcomes.js";
import { renderResult, settleReply } from "./reply-settlement.js";
import { callsOfEval, newEvalId, pausedEvalId, type RunNotes } from "./eval-ids.js";
import { executingEntries, LoggingCallRunner, recoverClaim } from "./resume-log.js";
import { headInterrupts, storedThreadFor, syncWithStore } from "./store-sync.js";
import { publicInterrupt, ThreadTable, type HeldCall } from "./thread-table.js";
import { streamSink } from "../stream-events.js";

/** Errors of a stored thread that could not be brought back into the engine: nothing ran. */
const UNRESTORABLE = new Set(["SNAPSHOT_REJECTED", "NOT_REPLAYABLE", "REPLAY_DIVERGED"]);

/** A random id for this interpreter: the owner of the claims it writes. */
function newOwnerId(): string {
  return `qb_${crypto.randomUUID()}`;
}

export class ThreadDirectory {
  readonly #context: DirectoryContext;
  readonly #headSigningKey: CryptoKey | undefined;
  readonly #queues = new SerialQueues();
  /** Resumes entered per thread and not yet finished: a second one at the same time lost a race. */
  readonly #resumesInFlight = new Map<string, number>();

  constructor(
    client: EngineClient,
    private readonly executor: CallExecutor,
    private readonly options: ResolvedOptions,
    /** The snapshotSigningKey as an HMAC key: thread heads are signed and checked with it too. */
    headSigningKey?: CryptoKey,
  ) {
    const table = new ThreadTable();
    const persistence = new SnapshotPersistence(options.store, options.maxSnapshotBytes, headSigningKey);
    this.#headSigningKey = headSigningKey;
    this.#context = { client, table, options, owner: newOwnerId(), persistence };
    client.onThreadsLost = (threadIds, reason) => {
      for (const threadId of threadIds) {
        if (table.markLost(threadId, reason)) options.emit({ type: "restart", threadId, reason });
      }
    };
  }

  get persistence(): SnapshotPersistence {
    return this.#context.persistence;
  }

  get #table(): ThreadTable {
    return this.#context.table;
  }

  get #client(): EngineClient {
    return this.#context.client;
  }

  /** With a store configured (mode "thread" or "turn"), every eval that changes a thread is stored. */
  #persistEveryEval(): boolean {
    return this.options.storeConfigured && this.options.engine.mode !== "call";
  }

  /** Where a request's streamed events (progress(), console streaming) go: onEvent, if there is one. */
  #stream(threadId: string, evalId: string): { stream?: (events: StreamedEvent[]) => void } {
    return this.options.onEvent ? { stream: streamSink(this.options.emit, threadId, evalId) } : {};
  }

  /** Mode "call": the engine forgets the thread after each finished request. */
  #releaseAfter(): { release?: true } {
    return this.options.engine.mode === "call" ? { release: true } : {};
  }

  /** `notes`: told the run's id at once, and when the program has ended (see RunNotes). */
  async eval(code: string, threadId: string, signal: AbortSignal | undefined, skills: Record<string, SkillFiles> | undefined, notes: RunNotes = {}): Promise<EvalResult> {
    const context = this.#context;
    const evalId = newEvalId();
    notes.started?.(evalId);
    const result = await this.#queues.run(threadId, async () => {
      let stored: StoredThreadRef;
      try {
        await syncWithStore(context, threadId);
        const head = await context.persistence.head(threadId);
        this.#assertNotClaimed(threadId, head);
        if (this.#table.paused(threadId) || head?.paused) {
          throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
        }
        // Mode "call": every eval starts fresh, whatever an earlier mode left in the store.
        stored = this.options.engine.mode === "call" ? { storedHead: head?.chain[head.chain.length - 1] ?? null } : await storedThreadFor(context, threadId, head);
      } catch (error) {
        // A stored thread this eval cannot use (a head or snapshot that fails its checks) is the
        // eval's result, as when the engine cannot restore it: nothing ran, nothing is written.
        if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED") return renderResult(context, snapshotErrorOutcome(error.message, error.reason), 0);
        throw error;
      }
      const reply = await this.#client.eval(
        { threadId, code, ...stored, persist: this.#persistEveryEval(), ...this.#releaseAfter(), ...(skills ? { skills } : {}) },
        { calls: callsOfEval(this.executor, evalId), ...this.#stream(threadId, evalId), ...(signal ? { signal } : {}) },
      );
      notes.ended?.();
      // The stored thread could not be restored (the engine said SnapshotError and kept nothing):
      // it is not live now. Marking it live would make the next eval start a fresh thread and
      // store that over the head, silently abandoning the stored state.
      if (stored.restore && reply.outcome.errorType === "SnapshotError" && !reply.snapshot) return renderResult(context, reply.outcome, reply.durationMs);
      return settleReply(context, threadId, reply, { evalId, restored: stored.restore !== undefined });
    });
    await hibernateIdle(context, this.#queues);
    return result;
  }

  #assertNotClaimed(threadId: string, head: Parameters<typeof assertNotClaimedElsewhere>[1]): void {
    assertNotClaimedElsewhere(threadId, head, this.#context.owner, this.options.claimTimeoutMs);
  }

  /** An approved call needs its tool (or subagent type) here: else nothing runs, the thread stays paused. */
  #checkToolExists(interrupt: HeldCall): void {
    const subagents = this.options.subagents;
    if (interrupt.kind === "task") {
      const types = subagents?.types.map((type) => type.name) ?? [];
      if (subagents && (!types.length || types.includes(interrupt.name))) return;
      throw new QuickboxError(
        "TOOL_MISSING",
        `interrupt ${interrupt.id} needs ${subagents ? `the subagent type "${interrupt.name}"` : "subagents (task())"}, which this interpreter does not have; it stays paused for an interpreter that has it`,
        { details: { interruptId: interrupt.id, subagentType: interrupt.name } },
      );
    }
    const tool = this.options.tools.get(interrupt.name);
    if (tool?.forPrograms) return;
    if (tool) {
      throw new QuickboxError("TOOL_MISSING", `interrupt ${interrupt.id} needs the tool "${interrupt.name}", which is not available to programs in this interpreter (allowedCallers: ${JSON.stringify(tool.definition.allowedCallers)}); it stays paused for an interpreter where it is`, {
        details: { interruptId: interrupt.id, tool: interrupt.name },
      });
    }
    throw new QuickboxError("TOOL_MISSING", `interrupt ${interrupt.id} needs the tool "${interrupt.name}", which this interpreter does not have; it stays paused for an interpreter that has it`, {
      details: { interruptId: interrupt.id, tool: interrupt.name },
    });
  }

  /** `notes`: told the run's id (the paused eval's) once the paused thread is read, and when the program has ended. */
  async resume(threadId: string, decisions: Record<string, Decision>, signal: AbortSignal | undefined, notes: RunNotes = {}): Promise<EvalResult> {
    if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) {
      throw new QuickboxError("INVALID_OPTIONS", 'resume(threadId, decisions): decisions must be an object keyed by interrupt id, e.g. { [interrupt.id]: { type: "approve" } }');
    }
    const raced = (this.#resumesInFlight.get(threadId) ?? 0) > 0;
    this.#resumesInFlight.set(threadId, (this.#resumesInFlight.get(threadId) ?? 0) + 1);
    try {
      const result = await this.#queues.run(threadId, () => this.#resumeNow(threadId, decisions, signal, raced, notes));
      await hibernateIdle(this.#context, this.#queues);
      return result;
    } finally {
      const left = (this.#resumesInFlight.get(threadId) ?? 1) - 1;
      if (left > 0) this.#resumesInFlight.set(threadId, left);
      else this.#resumesInFlight.delete(threadId);
    }
  }

  async #resumeNow(threadId: string, decisions: Record<string, Decision>, signal: AbortSignal | undefined, raced: boolean, notes: RunNotes): Promise<EvalResult> {
    const context = this.#context;
    const { persistence } = context;
    /** A resume that overlapped another one of the same pause, and came second. */
    const decidedElsewhere = () => new QuickboxError("CONFLICT", `thread "${threadId}": this pause was decided by another resume that ran at the same time; nothing was run`);
    await syncWithStore(context, threadId);
    const headRead = await persistence.read(threadId);
    const head = headRead.head;
    this.#assertNotClaimed(threadId, head);
    const pending = this.#table.paused(threadId) ?? headInterrupts(head);
    if (!pending) {
      if (raced) throw decidedElsewhere();
      if (!this.#table.isLive(threadId) && !head) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
      throw new QuickboxError("NOT_PAUSED", `thread "${threadId}" is not paused`);
    }
    // The caller's decisions are checked before anything else happens (recover is not asked for a bad call).
    const chosen = new Map<string, InterruptDecision>();
    for (const [callId, decision] of Object.entries(decisions)) {
      const held = pending.find((candidate) => candidate.id === callId);
      if (!held) {
        if (raced) throw decidedElsewhere();
        throw new QuickboxError("UNKNOWN_INTERRUPT", `thread "${threadId}" has no pending interrupt ${callId} (pending: ${pending.map((i) => i.id).join(", ")})`);
      }
      chosen.set(callId, toInterruptDecision(this.#withCurrentDecisions(held), decision, this.options.engine.maxToolPayloadBytes));
    }
    // A claim left by a resume that died covers the calls it logged: they are replayed, or go to
    // recover when this resume approves them again — so only the other decided calls need their tool here.
    const claimed = new Set(head?.claim?.calls.map((entry) => entry.callId) ?? []);
    for (const [callId, decision] of chosen) {
      if ("run" in decision && !claimed.has(callId)) this.#checkToolExists(pending.find((held) => held.id === callId)!);
    }
    const recovery = head?.claim ? await recoverClaim(threadId, pending, head.claim, this.options.recover, chosen) : { decisions: new Map(), carried: [] };
    for (const [callId, decision] of recovery.decisions) {
      if ("run" in decision) this.#checkToolExists(pending.find((held) => held.id === callId)!);
      chosen.set(callId, decision);
    }
    const undecided = pending.filter((held) => !chosen.has(held.id));
    const stored = await storedThreadFor(context, threadId);
    // The claim: only the interpreter whose conditional write lands goes on.
    const claim = newClaim(context.owner, [...recovery.carried, ...executingEntries(pending, chosen.values())]);
    if (head?.paused && !(await this.#writeClaim(threadId, claim))) throw conflictError(threadId);
    // A resume whose claim another interpreter took over (it was taken for dead) stops at once:
    // the results it could not log never reach its program.
    const takenOver = new AbortController();
    // The resumed program is the paused eval's: its calls keep that eval's id.
    const evalId = pausedEvalId(pending);
    notes.started?.(evalId);
    const calls = new LoggingCallRunner(callsOfEval(this.executor, evalId), claim, (updated) => this.#writeClaim(threadId, updated), () => takenOver.abort());
    const stop = signal ? eitherSignal(signal, takenOver.signal) : { signal: takenOver.signal, release: () => {} };
    let reply;
    try {
      // A paused thread lives in the store; once resumed, the store must not keep offering
      // the paused state (resuming it again would repeat effects): always snapshot.
      const request = { threadId, decisions: [...chosen.values()], undecided: undecided.map(heldCallRef), ...stored, persist: true, ...this.#releaseAfter() };
      reply = await this.#client.resume(request, { calls, ...this.#stream(threadId, evalId), signal: stop.signal });
      notes.ended?.();
    } catch (error) {
      // A snapshot the engine refused to restore: nothing ran. The claim is taken back, so the
      // next resume is not mistaken for one after a crash.
      if (isQuickboxError(error) && UNRESTORABLE.has(error.code) && head?.paused) await persistence.putBack(threadId, headRead).catch(() => false);
      throw error;
    } finally {
      stop.release();
    }
    if (calls.claimLost) {
      // Taken for dead (its claimTimeoutMs passed) and recovered elsewhere: this end is not stored.
      await dropStaleCopy(context, threadId);
      throw new QuickboxError("CONFLICT", `thread "${threadId}": another interpreter took this resume for dead (its claim was older than claimTimeoutMs) and recovered the pause; this resume was stopped and its result not stored`);
    }
    return settleReply(context, threadId, reply, { evalId, restored: stored.restore !== undefined, resume: { undecided } });
  }

  /**
   * The decisions a held call allows: this interpreter's interruptOn when it gives a fixed set for
   * the call (a store someone else can write cannot widen them), else the call's stored record.
   */
  #withCurrentDecisions(held: HeldCall): HeldCall {
    const current = this.options.holds.fixedDecisions(held);
    return current ? { ...held, allowedDecisions: current } : held;
  }

  /** Writes a claim into the thread's head; false when another interpreter moved the head first. */
  async #writeClaim(threadId: string, claim: Parameters<SnapshotPersistence["writeClaim"]>[1]): Promise<boolean> {
    try {
      return await this.#context.persistence.writeClaim(threadId, claim);
    } catch (error) {
      throw new QuickboxError("STORE_FAILED", `the snapshot store failed to write the claim of thread "${threadId}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  /** The thread as one value (thread-transfer.ts): its current state stored first. */
  async exportThread(threadId: string): Promise<ThreadBundle> {
    return this.#queues.run(threadId, () => exportThread(this.#context, threadId, this.#headSigningKey, async () => void (await this.#snapshotNow(threadId))));
  }

  /** Writes a bundle into the store as a thread that must not exist yet. */
  async importThread(bundle: unknown, threadId: string | undefined): Promise<void> {
    await importThread(this.#context, bundle, threadId, this.#headSigningKey, (target, task) => this.#queues.run(target, task));
  }

  async snapshot(threadId: string): Promise<SnapshotInfo> {
    return this.#queues.run(threadId, () => this.#snapshotNow(threadId));
  }

  async #snapshotNow(threadId: string): Promise<SnapshotInfo> {
    const context = this.#context;
    await syncWithStore(context, threadId);
    this.#assertNotClaimed(threadId, await context.persistence.head(threadId));
    const stored = await storedThreadFor(context, threadId);
    if (!this.#table.isLive(threadId) && !stored.restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
    const snapshot = await this.#client.snapshot({ threadId, ...stored });
    this.#table.markUsed(threadId, false);
    const written = await storeSnapshot(context, threadId, snapshot, this.#table.paused(threadId) ?? []);
    if (written.conflict) {
      await dropStaleCopy(context, threadId);
      throw conflictError(threadId);
    }
    if (!written.info) throw new QuickboxError("STORE_FAILED", written.warning ?? "the snapshot was not stored");
    return written.info;
  }

  async endTurn(threadId: string): Promise<void> {
    const mode = this.options.engine.mode;
    if (mode === "turn") return this.reset(threadId);
    if (mode === "thread" && (this.#table.isLive(threadId) || (await this.persistence.head(threadId)))) await this.snapshot(threadId);
  }

  /**
   * Copies `from` to a new thread `to`, in the order the caller issued its requests on both (an
   * eval of `from` issued after the fork is not in the copy). The held calls of a paused source
   * are copied with new call ids: a call id is never reissued.
   */
  async fork(from: string, to: string): Promise<void> {
    if (from === to) throw new QuickboxError("THREAD_EXISTS", `fork: the target is the source thread "${from}"`);
    const context = this.#context;
    const table = this.#table;
    await this.#queues.runOnAll([from, to], async () => {
      if (table.isLive(to) || (await this.persistence.head(to))) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
      await syncWithStore(context, from);
      const source = await storedThreadFor(context, from);
      if (!table.isLive(from) && !source.restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${from}"`);
      // A call id is never reissued: the copy's held calls get new ones (its journal follows).
      const interrupts = table.paused(from)?.map((held) => ({ ...held, id: newCallId() }));
      const renames = interrupts ? Object.fromEntries(interrupts.map((held, index) => [table.paused(from)![index]!.id, held.id])) : undefined;
      const snapshot = await this.#client.fork({ from, to, source, ...(renames ? { renames } : {}) });
      if (source.restore) table.markUsed(from, false);
      table.markUsed(to, false);
      if (interrupts) table.setPaused(to, interrupts);
      const written = await storeSnapshot(context, to, snapshot, interrupts ?? []);
      if (written.conflict) {
        await dropStaleCopy(context, to);
        throw new QuickboxError("THREAD_EXISTS", `thread "${to}" was created by another interpreter while it was forked here`);
      }
      if (written.warning) emitWarning(context, to, written.warning);
    });
    await hibernateIdle(context, this.#queues);
  }

  /** Moves the thread to the state of one of its stored snapshots (time travel). */
  async checkout(threadId: string, snapshotId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      const { chain, target } = await this.persistence.chainEndingAt(snapshotId);
      if (target.threadId !== threadId) {
        throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… belongs to thread "${target.threadId}", not "${threadId}" (use fork to copy a thread)`);
      }
      if (target.paused) throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… is of a paused thread; resume the thread instead`);
      await syncWithStore(this.#context, threadId);
      this.#assertNotClaimed(threadId, await this.persistence.head(threadId));
      await this.#client.drop(threadId);
      this.#table.markNotLive(threadId);
      this.#table.setPaused(threadId, undefined);
      await this.persistence.setHead(threadId, chain);
    });
  }

  async reset(threadId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      await syncWithStore(this.#context, threadId);
      const head = await this.persistence.head(threadId);
      this.#assertNotClaimed(threadId, head);
      await this.#client.drop(threadId);
      this.#table.forget(threadId);
      if (head) await this.persistence.forget(threadId);
    });
  }

  async threads(): Promise<ThreadInfo[]> {
    const live = await this.#client.threads();
    const byId = new Map(live.map((info) => [info.threadId, info]));
    for (const head of await this.persistence.storedThreads()) {
      if (byId.has(head.threadId)) continue;
      byId.set(head.threadId, {
        threadId: head.threadId,
        state: head.paused ? "paused" : "hibernated",
        pendingInterrupts: head.paused ? head.interrupts.length : 0,
        replayable: head.notReplayable === undefined,
      });
    }
    for (const info of byId.values()) {
      if (info.state !== "paused") continue;
      const held = this.#table.paused(info.threadId) ?? headInterrupts(await this.persistence.head(info.threadId)) ?? [];
      info.interrupts = held.map(publicInterrupt);
    }
    return [...byId.values()];
  }
}
