/**
 * The host's view of threads: which are live in the engine, which are paused (and on what),
 * which exist only in the store (hibernated, or from an earlier process). It restores threads
 * from their snapshots when needed, stores the snapshots the engine returns, validates and runs
 * decisions on paused threads (with a call log for exactly-once effects), and hibernates idle
 * threads beyond maxLiveThreads.
 */
import { SerialQueues } from "../core/serial-queue.js";
import type { EngineReply } from "../core/interpreter-core.js";
import type { SkillFiles } from "../engine/module-loader.js";
import type { InterruptDecision } from "../engine/quickjs-thread.js";
import { isQuickboxError, QuickboxError } from "../errors.js";
import type { ResolvedOptions } from "../options.js";
import type { EncodedSnapshot } from "../snapshot/thread-snapshots.js";
import type { EngineClient } from "../transport/engine-client.js";
import type { Decision, EvalResult, Interrupt, SnapshotInfo, ThreadInfo } from "../types.js";
import type { CallExecutor } from "./call-executor.js";
import { callLoggingExecutor } from "./call-log-executor.js";
import { toInterruptDecision } from "./decisions.js";
import { failInvalidHeldCalls } from "./held-call-inputs.js";
import { SnapshotPersistence, type CallLogEntry } from "./snapshot-persistence.js";

interface LiveThread {
  lastUsed: number;
  /** Changed since its last stored snapshot. */
  dirty: boolean;
}

export class ThreadDirectory {
  readonly #persistence: SnapshotPersistence;
  /** For each live thread, the id of the stored snapshot it matches (what its head named when we last wrote or read it). */
  readonly #storedIds = new Map<string, string>();
  readonly #live = new Map<string, LiveThread>();
  /** Pending interrupts of paused threads (live or not). */
  readonly #paused = new Map<string, Interrupt[]>();
  readonly #queues = new SerialQueues();
  /** Threads whose live state was lost outside a request (a restarted worker), with the reason. */
  readonly #lost = new Map<string, string>();

  constructor(
    private readonly client: EngineClient,
    private readonly executor: CallExecutor,
    private readonly options: ResolvedOptions,
  ) {
    this.#persistence = new SnapshotPersistence(options.store, options.maxSnapshotBytes);
    client.onThreadsLost = (threadIds, reason) => {
      for (const threadId of threadIds) {
        this.#live.delete(threadId);
        this.#lost.set(threadId, reason);
      }
    };
  }

  /** After a worker restart, say how the thread came back: from its snapshot, or fresh. */
  #noteRestart(threadId: string, restored: boolean, result: EvalResult): void {
    const reason = this.#lost.get(threadId);
    if (reason === undefined) return;
    this.#lost.delete(threadId);
    const note = restored ? `thread was restarted from its last snapshot (${reason})` : `thread was restarted with a fresh state (${reason})`;
    result.warnings = [note, ...(result.warnings ?? [])];
  }

  get persistence(): SnapshotPersistence {
    return this.#persistence;
  }

  #emitWarning(threadId: string, message: string): void {
    try {
      this.options.onEvent?.({ type: "warning", threadId, message });
    } catch {
      // listeners must not break evals
    }
  }

  #emit(event: Parameters<NonNullable<ResolvedOptions["onEvent"]>>[0]): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // listeners must not break evals
    }
  }

  /** What the engine needs to bring a non-live thread back, if it has a stored head. */
  async #restoreFor(threadId: string): Promise<{ restore?: Uint8Array[]; storedHead: string | null }> {
    const head = await this.#persistence.head(threadId);
    const storedHead = head?.chain[head.chain.length - 1] ?? null;
    if (this.#live.has(threadId)) return { storedHead };
    if (!head) {
      this.#storedIds.delete(threadId); // it starts fresh: it matches no stored snapshot
      return { storedHead };
    }
    if (head.paused && !this.#paused.has(threadId)) this.#paused.set(threadId, head.interrupts as Interrupt[]);
    const restore = await this.#persistence.chain(head);
    if (storedHead) this.#storedIds.set(threadId, storedHead);
    return { restore, storedHead };
  }

  /**
   * Interpreters may share a store (tabs of one page, processes on one file or KV). Before each
   * operation on a thread, its head is read again: if another interpreter moved it (resumed a
   * pause, evaluated, reset), this interpreter's live copy is stale and is dropped, so the
   * operation works on the stored state — an approved call is never run twice, an eval never
   * overwrites another's work. Operations on one thread at the same moment in two interpreters
   * are still not coordinated (SnapshotStore has no compare-and-swap): use one owner per thread
   * for that (a Durable Object, or one process).
   */
  async #syncWithStore(threadId: string): Promise<void> {
    if (!this.options.storeConfigured) return;
    const head = await this.#persistence.freshHead(threadId);
    if (!this.#live.has(threadId)) {
      if (head?.paused) this.#paused.set(threadId, head.interrupts as Interrupt[]);
      else this.#paused.delete(threadId);
      return;
    }
    const headId = head?.chain[head.chain.length - 1] ?? null;
    const knownId = this.#storedIds.get(threadId) ?? null;
    if (headId === knownId) return;
    await this.client.drop(threadId);
    this.#live.delete(threadId);
    this.#paused.delete(threadId);
    this.#storedIds.delete(threadId);
    if (head?.paused) this.#paused.set(threadId, head.interrupts as Interrupt[]);
    this.#emitWarning(threadId, "another interpreter changed this thread in the store: the live copy here was dropped and the stored state is used");
  }

  #persistEveryEval(): boolean {
    return this.options.storeConfigured && this.options.engine.mode !== "call";
  }

  /** Stores the reply's snapshot (if any), updates live/paused state, hibernates if needed. */
  async #settle(threadId: string, reply: EngineReply): Promise<EvalResult> {
    const result = reply.result;
    const warnings = [...(result.warnings ?? [])];
    const paused = result.status === "paused";
    const lost = warnings.some((warning) => warning.startsWith("the thread's state was lost"));
    // Mode "call": a finished program leaves nothing behind, also one that paused and resumed
    // (its paused state was stored; the resumed one must not be).
    const callFinished = this.options.engine.mode === "call" && !paused;
    if (lost) {
      this.#live.delete(threadId);
    } else if (this.options.engine.mode === "call" && !paused) {
      this.#live.delete(threadId);
    } else {
      const live = this.#live.get(threadId) ?? { lastUsed: 0, dirty: true };
      live.lastUsed = performance.now();
      live.dirty = true;
      this.#live.set(threadId, live);
    }
    if (paused) this.#paused.set(threadId, result.interrupts ?? []);
    else this.#paused.delete(threadId);
    if (reply.snapshotError && !callFinished) warnings.push(`snapshot not taken: ${reply.snapshotError}`);
    if (callFinished) {
      if (await this.#persistence.head(threadId)) await this.#persistence.forget(threadId);
    } else if (reply.snapshot) {
      const written = await this.#store(threadId, reply.snapshot, result.interrupts ?? []);
      if (written.warning) warnings.push(written.warning);
    }
    if (paused) this.#emit({ type: "pause", threadId, interrupts: result.interrupts ?? [] });
    for (const warning of warnings.slice((result.warnings ?? []).length)) this.#emitWarning(threadId, warning);
    if (warnings.length) result.warnings = warnings;
    return result;
  }

  async #store(threadId: string, snapshot: EncodedSnapshot, interrupts: Interrupt[]): Promise<{ info?: SnapshotInfo; warning?: string }> {
    const written = await this.#persistence.write(threadId, snapshot, { paused: snapshot.header.paused, interrupts });
    if (written.info) {
      this.#storedIds.set(threadId, written.info.id);
      const live = this.#live.get(threadId);
      if (live) live.dirty = false;
      this.#emit({ type: "snapshot", threadId, snapshot: written.info });
    }
    return written;
  }

  async eval(code: string, threadId: string, signal: AbortSignal | undefined, skills: Record<string, SkillFiles> | undefined): Promise<EvalResult> {
    const result = await this.#queues.run(threadId, async () => {
      await this.#syncWithStore(threadId);
      if (this.#paused.has(threadId) || (await this.#persistence.head(threadId))?.paused) {
        throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
      }
      const { restore, storedHead } = await this.#restoreFor(threadId);
      const persist = this.#persistEveryEval() ? { persist: { storedHead } } : {};
      const reply = await failInvalidHeldCalls(
        this.client,
        this.executor,
        threadId,
        await this.client.eval(
          {
            code,
            threadId,
            ...(signal ? { signal } : {}),
            ...(skills ? { skills } : {}),
            ...(restore ? { restore } : {}),
            ...persist,
          },
          this.executor,
        ),
        signal,
        persist,
      );
      // The stored thread could not be restored (the engine said SnapshotError and kept nothing):
      // it is not live now. Marking it live would make the next eval start a fresh thread and
      // store that over the head, silently abandoning the stored state.
      if (restore !== undefined && reply.result.error?.type === "SnapshotError" && !reply.snapshot) return reply.result;
      this.#noteRestart(threadId, restore !== undefined, reply.result);
      return this.#settle(threadId, reply);
    });
    await this.#hibernateIdle();
    return result;
  }

  #checkToolExists(interrupt: Interrupt): void {
    const missing = interrupt.kind === "task" ? !this.options.subagents : !this.options.tools.get(interrupt.name);
    if (missing) {
      throw new QuickboxError("TOOL_MISSING", `interrupt ${interrupt.id} needs ${interrupt.kind === "task" ? "subagents (task())" : `the tool "${interrupt.name}"`}, which this interpreter does not have`);
    }
  }

  /** Calls that were executing when a process died: ask `recover`, never re-run silently. */
  async #recoveredDecisions(threadId: string, pending: Interrupt[], log: CallLogEntry[]): Promise<Map<string, InterruptDecision>> {
    const decided = new Map<string, InterruptDecision>();
    for (const entry of log) {
      const interrupt = pending.find((candidate) => candidate.id === entry.interruptId);
      if (!interrupt) continue;
      if (entry.state === "done" && entry.result) {
        // It finished before the process stopped: its recorded result is what the program gets.
        decided.set(interrupt.id, { interruptId: interrupt.id, result: entry.result });
        continue;
      }
      const choice = this.options.recover ? await this.options.recover({ threadId, callId: entry.callId, name: entry.name, args: entry.args }) : "fail";
      decided.set(
        interrupt.id,
        choice === "retry"
          ? { interruptId: interrupt.id, run: { args: JSON.stringify(entry.args) } }
          : {
              interruptId: interrupt.id,
              result: { ok: false, error: { name: "ToolError", message: `${entry.name} was executing when the process stopped; it was not run again (recover: fail)` } },
            },
      );
    }
    return decided;
  }

  async resume(threadId: string, decisions: Record<string, Decision>, signal: AbortSignal | undefined): Promise<EvalResult> {
    if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) {
      throw new QuickboxError("INVALID_OPTIONS", 'resume(threadId, decisions): decisions must be an object keyed by interrupt id, e.g. { [interrupt.id]: { type: "approve" } }');
    }
    const result = await this.#queues.run(threadId, async () => {
      await this.#syncWithStore(threadId);
      const head = await this.#persistence.head(threadId);
      const pending = this.#paused.get(threadId) ?? (head?.paused ? (head.interrupts as Interrupt[]) : undefined);
      if (!pending) {
        if (!this.#live.has(threadId) && !head) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
        throw new QuickboxError("NOT_PAUSED", `thread "${threadId}" is not paused`);
      }
      const previousLog = await this.#persistence.callLog(threadId);
      const recovered = await this.#recoveredDecisions(threadId, pending, previousLog);
      const chosen = new Map(recovered);
      for (const [interruptId, decision] of Object.entries(decisions)) {
        const interrupt = pending.find((candidate) => candidate.id === interruptId);
        if (!interrupt) throw new QuickboxError("UNKNOWN_INTERRUPT", `thread "${threadId}" has no pending interrupt ${interruptId} (pending: ${pending.map((i) => i.id).join(", ")})`);
        if (chosen.has(interruptId)) continue;
        chosen.set(interruptId, toInterruptDecision(interrupt, decision, this.options.engine.maxToolPayloadBytes));
      }
      for (const [interruptId, decision] of chosen) {
        if ("run" in decision) this.#checkToolExists(pending.find((interrupt) => interrupt.id === interruptId)!);
      }
      // Exactly-once: the calls about to run are logged first; a crash leaves them "executing".
      const executing: CallLogEntry[] = [...chosen.values()]
        .filter((decision): decision is Extract<InterruptDecision, { run: unknown }> => "run" in decision)
        .map((decision) => {
          const interrupt = pending.find((candidate) => candidate.id === decision.interruptId)!;
          return { interruptId: interrupt.id, callId: interrupt.id, name: interrupt.name, args: JSON.parse(decision.run.args) as unknown, state: "executing" };
        });
      // (Fetched before the log is written: a chain that is missing fails with nothing logged.)
      const { restore, storedHead } = await this.#restoreFor(threadId);
      if (executing.length || recovered.size) await this.#persistence.writeCallLog(threadId, executing);
      let reply: EngineReply;
      try {
        reply = await this.client.resume(
          {
            threadId,
            decisions: [...chosen.values()],
            ...(signal ? { signal } : {}),
            ...(restore ? { restore } : {}),
            // A paused thread lives in the store; once resumed, the store must not keep offering
            // the paused state (resuming it again would repeat effects): always snapshot.
            persist: { storedHead },
          },
          executing.length ? callLoggingExecutor(this.executor, executing, (entries) => this.#persistence.writeCallLog(threadId, entries)) : this.executor,
        );
        reply = await failInvalidHeldCalls(this.client, this.executor, threadId, reply, signal, { persist: { storedHead } });
      } catch (error) {
        // A snapshot the engine refused to restore: nothing ran, so no call was executing. Left
        // in the log, the calls would count as cut off by a crash at the next resume.
        if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED" && (executing.length || recovered.size)) {
          await this.#persistence.writeCallLog(threadId, previousLog).catch(() => {});
        }
        throw error;
      }
      this.#noteRestart(threadId, restore !== undefined, reply.result);
      const settled = await this.#settle(threadId, reply);
      if (executing.length || recovered.size) await this.#persistence.writeCallLog(threadId, []);
      return settled;
    });
    await this.#hibernateIdle();
    return result;
  }

  async snapshot(threadId: string): Promise<SnapshotInfo> {
    return this.#queues.run(threadId, async () => {
      await this.#syncWithStore(threadId);
      const { restore, storedHead } = await this.#restoreFor(threadId);
      if (!this.#live.has(threadId) && !restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
      const snapshot = await this.client.snapshot(threadId, { storedHead, ...(restore ? { restore } : {}) });
      this.#live.set(threadId, { lastUsed: performance.now(), dirty: false });
      const written = await this.#store(threadId, snapshot, this.#paused.get(threadId) ?? []);
      if (!written.info) throw new QuickboxError("STORE_FAILED", written.warning ?? "the snapshot was not stored");
      return written.info;
    });
  }

  async endTurn(threadId: string): Promise<void> {
    const mode = this.options.engine.mode;
    if (mode === "turn") return this.reset(threadId);
    if (mode === "thread" && (this.#live.has(threadId) || (await this.#persistence.head(threadId)))) await this.snapshot(threadId);
  }

  async fork(from: string, to: string): Promise<void> {
    if (from === to) throw new QuickboxError("THREAD_EXISTS", `fork: the target is the source thread "${from}"`);
    await this.#queues.run(to, async () => {
      if (this.#live.has(to) || (await this.#persistence.head(to))) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
      const snapshot = await this.#queues.run(from, async () => {
        await this.#syncWithStore(from);
        const { restore, storedHead } = await this.#restoreFor(from);
        if (!this.#live.has(from) && !restore) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${from}"`);
        const made = await this.client.fork(from, to, restore ? { restore, storedHead } : {});
        if (restore) this.#live.set(from, { lastUsed: performance.now(), dirty: false });
        return made;
      });
      this.#live.set(to, { lastUsed: performance.now(), dirty: false });
      const interrupts = this.#paused.get(from);
      if (interrupts) this.#paused.set(to, interrupts);
      const written = await this.#store(to, snapshot, interrupts ?? []);
      if (written.warning) this.#emitWarning(to, written.warning);
    });
    await this.#hibernateIdle();
  }

  /** Moves the thread to the state of one of its stored snapshots (time travel). */
  async checkout(threadId: string, snapshotId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      const { chain, target } = await this.#persistence.chainEndingAt(snapshotId);
      if (target.threadId !== threadId) {
        throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… belongs to thread "${target.threadId}", not "${threadId}" (use fork to copy a thread)`);
      }
      if (target.paused) throw new QuickboxError("INVALID_OPTIONS", `checkout: snapshot ${snapshotId.slice(0, 12)}… is of a paused thread; resume the thread instead`);
      await this.client.drop(threadId);
      this.#live.delete(threadId);
      this.#paused.delete(threadId);
      await this.#persistence.setHead(threadId, chain);
    });
  }

  async reset(threadId: string): Promise<void> {
    await this.#queues.run(threadId, async () => {
      await this.client.drop(threadId);
      this.#live.delete(threadId);
      this.#storedIds.delete(threadId);
      this.#paused.delete(threadId);
      if (await this.#persistence.head(threadId)) await this.#persistence.forget(threadId);
    });
  }

  async threads(): Promise<ThreadInfo[]> {
    const live = await this.client.threads();
    const byId = new Map(live.map((info) => [info.threadId, info]));
    for (const head of await this.#persistence.storedThreads()) {
      if (byId.has(head.threadId)) continue;
      byId.set(head.threadId, {
        threadId: head.threadId,
        state: head.paused ? "paused" : "hibernated",
        pendingInterrupts: head.paused ? head.interrupts.length : 0,
      });
    }
    for (const info of byId.values()) {
      if (info.state !== "paused") continue;
      const head = this.#paused.has(info.threadId) ? null : await this.#persistence.head(info.threadId);
      info.interrupts = this.#paused.get(info.threadId) ?? (head?.paused ? (head.interrupts as Interrupt[]) : []);
    }
    return [...byId.values()];
  }

  /** Idle threads beyond maxLiveThreads are snapshotted (if changed) and dropped from the engine. */
  async #hibernateIdle(): Promise<void> {
    const excess = this.#live.size - this.options.maxLiveThreads;
    if (excess <= 0) return;
    const idle = [...this.#live.entries()].filter(([threadId]) => !this.#queues.busy(threadId)).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [threadId] of idle.slice(0, excess)) {
      await this.#queues.run(threadId, async () => {
        const live = this.#live.get(threadId);
        if (!live) return;
        // Hibernation is housekeeping after a finished request: if it fails (a store that
        // throws, a worker that was restarted meanwhile), the request's result still stands.
        try {
          if (live.dirty || !(await this.#persistence.head(threadId))) {
            const head = await this.#persistence.head(threadId);
            const snapshot = await this.client.snapshot(threadId, { storedHead: head?.chain[head.chain.length - 1] ?? null });
            const written = await this.#store(threadId, snapshot, this.#paused.get(threadId) ?? []);
            // A thread that cannot be stored stays live: hibernating it would lose it.
            if (!written.info) {
              this.#emitWarning(threadId, `thread not hibernated: ${written.warning}`);
              return;
            }
          }
          await this.client.drop(threadId);
          this.#live.delete(threadId);
        } catch (error) {
          this.#emitWarning(threadId, `thread not hibernated: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }
  }
}
