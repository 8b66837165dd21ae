/**
 * One eval or resume of a thread: the loop that drives the guest prelude — run jobs → poll →
 * send host calls, hold the ones that need a decision → await results or fire timers — until the
 * cell's promise settles, the program waits only on held calls (it pauses), or a budget stops it.
 * Virtual time advances only while no host call is in flight: a program waiting on a tool is not
 * waiting on a timer.
 */
import type { EngineOutcome, EvalLimits, HeldCallRef, HostCallChannel, PauseState } from "../engine-contract.js";
import type { ClockMode } from "../types.js";
import { internalErrorOutcome, outOfMemoryOutcome, pausedOutcome, stoppedOutcome, type StopReason } from "../result/outcomes.js";
import { RunCalls } from "./run-calls.js";
import { parsePollReport, type SettledReport } from "./guest-reports.js";
import { copyResultInSteps, type CopiedValue } from "./result-copy-steps.js";
import type { GuestPort } from "./guest-port.js";
import { classifyFailure, outOfMemoryFromBareError } from "./run-failures.js";
import { RunBudget } from "./run-budget.js";
import { ClosingCalls, type PrintedOutput } from "./closing-calls.js";
import { HostWaits } from "./host-waits.js";
import { StreamOutbox } from "./stream-outbox.js";
import { quickFinish, quickSettle } from "./quick-finish.js";
import type { ValuePointer } from "./guest-calls.js";
import type { ThreadJournal } from "./thread-journal.js";
import { hostSliceIsFull, nextHostSlice } from "../util/host-slices.js";

/** What a run needs of its thread. */
export interface RunnableThread {
  readonly port: GuestPort;
  /** Where the run's inputs are journaled (or, in a rebuild, come from). */
  readonly journal: ThreadJournal;
  readonly clock: ClockMode;
  /** The virtual clock, ms since the epoch. */
  clockMs: number;
  /** Set by the allocator hook when the fixed-size memory had no room. */
  heapExhausted: boolean;
  readonly lost: string | null;
  discard(reason: string): void;
}

/** Jobs allowed to run after an eval was stopped before the instance counts as runaway. */
const MAX_DRAIN_JOBS = 1000;
/** Guest heap kept free after an out-of-memory eval; below it the instance is replaced. */
const OOM_HEADROOM_BYTES = 256 * 1024;

/** How a run ended: the outcome, and the pause the thread is now in (null: not paused). */
export interface RunResult {
  outcome: EngineOutcome;
  pause: PauseState | null;
}

/** A resume's start: the paused run's counts and the held calls not decided now (they stay held). */
export interface ResumedRun {
  pause: PauseState;
  undecided: HeldCallRef[];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type LoopEnd = SettledReport | StopReason | "paused";

export class EvalRun {
  /** The run's calls (made at the first: most runs make none). */
  #runCalls: RunCalls | null = null;
  /** A resume's start (the calls issued before the pause, the held ones it leaves undecided). */
  readonly #resumed: ResumedRun | undefined;
  /** Held calls of an earlier run not decided by this resume: they stay held. */
  readonly #undecided: number;
  #budget: RunBudget;
  /** While set, the interrupt handler consults this budget alone (closing-calls.ts). */
  #ownBudget: RunBudget | null = null;
  /** close, takeOutput, endSession: the calls after the program, each under a budget of its own (made when needed). */
  #closingCalls: ClosingCalls | null = null;
  /** Host waits, within the run's wall budget and signal (made at the first). */
  #hostWaits: HostWaits | null = null;
  /** progress() and console streaming: what the program sent while it ran. */
  readonly #stream: StreamOutbox;
  /** Set by finishAtOnce: the run's result is known without the loop. */
  #finishedAtOnce: SettledReport | null = null;
  /** Set when the run ends waiting on held calls. */
  #pause: PauseState | null = null;
  /** When the run's current synchronous stretch began (its start, or its last wait's end). */
  #stretchStartedAt = 0;
  /** The result's copy, taken in steps before the outcome is made (null: none). */
  #copied: CopiedValue | null = null;

  constructor(
    private readonly thread: RunnableThread,
    private readonly limits: EvalLimits,
    private readonly host: HostCallChannel,
    resumed?: ResumedRun,
  ) {
    this.#resumed = resumed;
    this.#undecided = resumed?.undecided.length ?? 0;
    this.#budget = new RunBudget(limits.timeoutMs, limits.wallTimeoutMs, undefined, undefined, limits.spentMs ?? 0);
    this.#stream = new StreamOutbox(host, limits.maxResultChars);
  }

  get #waits(): HostWaits {
    return (this.#hostWaits ??= new HostWaits(this.#budget, this.limits.signal));
  }

  get #closing(): ClosingCalls {
    return (this.#closingCalls ??= new ClosingCalls(this.thread, this.limits.maxResultChars, (budget, call) => this.#underBudget(budget, call)));
  }

  get #calls(): RunCalls {
    return (this.#runCalls ??= new RunCalls(this.thread, this.host, this.limits, this.#resumed));
  }

  /** A message from the guest's stream function (progress(), console streaming). */
  acceptStream(message: string | null): void {
    this.#stream.accept(message);
  }

  /** Runs quickbox's own work inside a guest call outside the program's CPU budget (RunBudget.outside). */
  outsideBudget<T>(work: () => T): T {
    return (this.#ownBudget ?? this.#budget).outside(work);
  }

  /** The run's budget is spent (a chunk load it caused was stopped): the interrupt keeps firing, the eval ends as Timeout. */
  expireBudget(): void {
    (this.#ownBudget ?? this.#budget).expire("cpu");
  }

  /** QuickJS's interrupt handler, while this run is the thread's active one. */
  shouldInterrupt(): boolean {
    if (this.#ownBudget) return this.#ownBudget.shouldInterrupt();
    // Events the program sent while computing leave now (a worker posts them at once).
    if (this.#stream.pending) this.#stream.flushReady();
    this.limits.pollCancel?.();
    if (this.limits.signal?.aborted) {
      this.#budget.expire("cpu");
      return true;
    }
    return this.#budget.shouldInterrupt();
  }

  /**
   * For a cell QuickJS just evaluated: when it already finished with a primitive and did nothing
   * else, its result is taken here (quick-finish.ts) and run() needs no loop. False: the caller
   * hands the completion to the guest as usual; nothing was changed.
   */
  finishAtOnce(completion: ValuePointer): boolean {
    if (this.limits.signal?.aborted || this.#budget.check() || this.#stream.pending) return false;
    this.#finishedAtOnce = quickFinish(this.thread.port, completion, this.limits);
    return this.#finishedAtOnce !== null;
  }

  /** Runs an approved held call (resume): it goes to the host through the scheduler's concurrency caps. */
  release(call: HeldCallRef, args: string): void {
    this.#calls.release(call, args);
  }

  /** The calls waiting for a decision, this run's and the resumed ones not decided. */
  get heldCount(): number {
    return (this.#runCalls?.held.length ?? 0) + this.#undecided;
  }

  /**
   * Runs the program to its end. `begin` starts it (evaluates the cell, or applies decisions)
   * and says whether it compiled. A program that finished at once (finishAtOnce) is returned as
   * a value, without a promise: the common warm eval never waits for a microtask here.
   */
  run(begin: () => boolean): RunResult | Promise<RunResult> {
    this.thread.heapExhausted = false;
    this.#stretchStartedAt = performance.now();
    let outcome: EngineOutcome;
    try {
      const compiled = begin();
      const end = this.#finishedAtOnce;
      if (end === null) return this.#runLoop(compiled);
      outcome = this.#outcomeOf(end, compiled);
    } catch (error) {
      outcome = this.#recover(error);
    }
    return this.#ended(outcome);
  }

  async #runLoop(compiled: boolean): Promise<RunResult> {
    let outcome: EngineOutcome;
    try {
      const end = await this.#loop();
      // Copying an object result is guest work of its own (up to seconds for a value the limit
      // refuses only near its end): inline, on the host's thread. It goes in steps, the host's loop
      // turning between them (a program that already held the thread for a slice lets it turn first).
      if (typeof end === "object" && end.needsCopy) {
        this.#copied = await copyResultInSteps({
          port: this.thread.port,
          limits: this.limits,
          stretchStartedAt: this.#stretchStartedAt,
          useBudget: (budget) => (this.#budget = budget),
          endSession: (reason) => this.#closing.end(reason),
        });
      }
      outcome = this.#outcomeOf(end, compiled);
    } catch (error) {
      outcome = this.#recover(error);
    }
    return this.#ended(outcome);
  }

  #outcomeOf(end: LoopEnd, compiled: boolean): EngineOutcome {
    let outcome: EngineOutcome;
    if (end === "paused") {
      this.#pause = { issued: this.#calls.scheduler.issued, held: this.heldCount };
      outcome = pausedOutcome(this.#calls.held, this.#takeOutput());
    } else {
      outcome = typeof end === "string" ? this.#stop(end) : this.#complete(end);
    }
    if (!compiled) outcome = { ...outcome, compileFailed: true };
    const toolCalls = this.#runCalls?.scheduler.toolCalls;
    if (toolCalls) outcome = { ...outcome, toolCalls };
    return outcome;
  }

  #ended(ran: EngineOutcome): RunResult {
    let outcome = ran;
    this.#hostWaits?.disarm();
    // Every event the program sent reaches the host before its result.
    this.#stream.flushAll();
    const progressDropped = (outcome.progressDropped ?? 0) + this.#stream.dropped;
    if (progressDropped) outcome = { ...outcome, progressDropped };
    const { lost } = this.thread;
    return { outcome: lost ? { ...outcome, instanceLost: lost } : outcome, pause: this.#pause };
  }

  async #loop(): Promise<LoopEnd> {
    const { port } = this.thread;
    const budget = this.#budget;
    let waited = false;
    for (;;) {
      port.calls.runPendingJobs(() => budget.expired === null);
      if (this.limits.signal?.aborted) return "cancelled";
      if (budget.check()) return budget.expired!;
      // After host waits, most programs end with a primitive and nothing else: no report needed.
      if (waited && !this.#stream.pending) {
        const settled = quickSettle(port, this.limits);
        if (settled) return settled;
      }
      const report = parsePollReport(port.callString("poll"), this.limits.maxResultChars, this.limits.maxValueChars);
      if (report.settled) return report;
      let failed = false;
      if (report.calls.length || this.#stream.pending) {
        // Calls and streamed events go out in the order the program made them.
        this.#stream.interleave(report.calls, (calls) => {
          if (this.#calls.admit(calls)) failed = true;
        });
      }
      if (failed) continue;
      if (report.more) {
        // More calls wait in the guest's outbox: the next poll takes them (after the host's loop
        // turned, when the slice is full); nothing is awaited before every call has gone out.
        if (hostSliceIsFull()) {
          const turned = await this.#waits.wait(nextHostSlice());
          if (typeof turned === "string") return turned;
        }
        continue;
      }
      if (this.#runCalls?.scheduler.busy) {
        const results = await this.#waits.wait(this.host.receive());
        this.#stretchStartedAt = performance.now();
        if (typeof results === "string") return results;
        this.thread.journal.received(results);
        const settles = this.#calls.settle(results);
        for (let index = 0; index < settles.length; index++) {
          // Between pieces of a large batch, the host's loop turns once a slice is full (no guest
          // code runs in between: the program sees the whole batch settled, as in one call).
          if (index > 0 && hostSliceIsFull()) {
            const turned = await this.#waits.wait(nextHostSlice());
            if (typeof turned === "string") return turned;
          }
          port.callVoid("settle", [settles[index]!]);
        }
        waited = true;
        continue;
      }
      // Calls waiting for a decision: time stands still (as for calls in flight) and the thread pauses.
      if (this.heldCount) return "paused";
      if (report.nextTimerAt === null) return "deadlock";
      if (this.thread.clock === "virtual") {
        this.thread.clockMs = Math.max(this.thread.clockMs, report.nextTimerAt);
      } else {
        // A rebuild does not wait: its clock readings come from the journal.
        const slept = this.thread.journal.replaying ? undefined : await this.#waits.wait(sleep(Math.max(0, report.nextTimerAt - Date.now())));
        this.#stretchStartedAt = performance.now();
        if (typeof slept === "string") return slept;
      }
      port.callVoid("fireTimer");
      waited = true;
    }
  }

  /** What the paused eval printed so far (it keeps printing into the same session after resume). */
  #takeOutput(): PrintedOutput {
    return this.#closing.takeOutput() ?? { stdout: "", stdoutDroppedChars: 0 };
  }

  /** Runs an internal call while the interrupt handler consults `budget` alone. */
  #underBudget<T>(budget: RunBudget, call: () => T): T {
    const previous = this.#ownBudget;
    this.#ownBudget = budget;
    try {
      return call();
    } finally {
      this.#ownBudget = previous;
    }
  }

  #complete(settled: SettledReport): EngineOutcome {
    let outcome = outOfMemoryFromBareError(settled.outcome, this.thread.heapExhausted);
    if (outcome.errorType === "OutOfMemory") this.#checkHeadroom();
    if (!settled.needsCopy) return outcome;
    const copied = this.#copied ?? { valueNote: "value not copied" };
    return { ...outcome, ...copied };
  }

  /** Ends an eval that cannot finish normally; keeps what it printed. */
  #stop(reason: StopReason): EngineOutcome {
    // An allocation failed and then nothing could settle the program: QuickJS had no memory left
    // to reject its promise. What the program did was run out of memory.
    const outOfMemory = reason === "deadlock" && this.thread.heapExhausted;
    const outcome = outOfMemory ? outOfMemoryOutcome() : stoppedOutcome(reason, this.limits);
    if (outOfMemory) this.#checkHeadroom();
    this.#drainAfterStop();
    const printed = this.#closing.close();
    return printed ? { ...outcome, ...printed } : outcome;
  }

  /**
   * Jobs queued by a stopped eval must not run in the next one. Run them now with the interrupt
   * still firing, so any job that computes is killed at its first poll; a job chain that never
   * ends means the instance cannot be cleaned and is discarded.
   */
  #drainAfterStop(): void {
    this.#budget.expire("cpu");
    let drained = 0;
    const calls = this.thread.port.calls;
    calls.runPendingJobs(() => drained++ < MAX_DRAIN_JOBS, 1);
    if (calls.hasPendingJobs()) this.thread.discard("promise jobs kept running after the eval was stopped");
  }

  #checkHeadroom(): void {
    const calls = this.thread.port.calls;
    try {
      calls.free(calls.malloc(OOM_HEADROOM_BYTES));
    } catch {
      this.thread.discard("memory stayed exhausted after an out-of-memory error");
    }
  }

  /**
   * A failure of the run itself (not of the program): classified, the instance discarded if
   * needed, the session closed. Never throws: whatever happens here is a result too.
   */
  #recover(error: unknown): EngineOutcome {
    try {
      const verdict = classifyFailure(error, {
        cancelled: this.limits.signal?.aborted === true,
        expired: this.#budget.expired,
        heapExhausted: this.thread.heapExhausted,
      });
      if ("stop" in verdict) return this.#stop(verdict.stop);
      if (verdict.checkHeadroom) this.#checkHeadroom();
      if (verdict.discard) this.thread.discard(verdict.discard);
      // The eval ends here: its session must not reach the next one (a settled result would).
      const printed = this.#closing.close();
      return printed ? { ...verdict.outcome, ...printed } : verdict.outcome;
    } catch (again) {
      const message = again instanceof Error ? again.message : String(again);
      this.thread.discard(`the interpreter failed while ending the eval: ${message}`);
      return internalErrorOutcome(`the interpreter failed while ending the eval: ${message}`);
    }
  }
}
