/**
 * A live thread: one WASM instance booted from the base image, and the eval loop that drives the
 * guest prelude: start the cell → run jobs → fire timers → render. Guest failures come back as
 * outcomes; failures of the instance itself (host stack overflow, wasm trap) discard it, and the
 * owner boots a fresh one.
 */
import { type BaseImage, type ImagePointers, type InternalFunction } from "./base-image.js";
import { EVAL_FLAG_ASYNC, EVAL_GLOBAL, GuestCalls, HostAllocationError, type CallArgument, type ValuePointer } from "./guest-calls.js";
import { GuestProtocolError, parseCopiedValue, parseOutput, parsePollReport } from "./guest-reports.js";
import { RunBudget, type TimeoutKind } from "./run-budget.js";
import { CallScheduler, type CallLimits } from "./call-scheduler.js";
import { loadModuleSource, normalizeModuleName, type SkillFiles } from "./module-loader.js";
import { applyChunks, type ChunkHashes, type ChunkSet } from "../snapshot/memory-chunks.js";
import type { CallResult, GuestCall } from "../guest/host-calls.js";
import type { DecisionType } from "../types.js";
import type { SubagentManifest, ToolManifestEntry } from "../guest/tools-global.js";
import { acquireBootedInstance, recycleInstance } from "./instance-pool.js";
import type { BoundWasmInstance } from "./wasm-instance.js";

export interface ThreadConfig {
  memoryLimitBytes: number;
  maxStackSizeBytes: number;
  clock: "virtual" | "real";
  randomSeed?: number;
}

export interface EvalLimits extends CallLimits {
  /** Calls that wait for a human decision: tool names, and "task" for task(); value = allowed decisions. */
  interruptOn?: Record<string, DecisionType[]>;
  timeoutMs: number;
  wallTimeoutMs: number;
  maxResultChars: number;
  /** Largest copy of the result (devalue text) handed to the host as `value`. */
  maxValueChars: number;
  signal?: AbortSignal;
  /**
   * Called from QuickJS's interrupt handler while guest code runs: a chance to abort `signal`
   * from state shared with another thread (a worker cannot read messages while it computes).
   */
  pollCancel?: () => void;
}

/** What the guest is told about the interpreter: its tools and subagents (see guest/tools-global). */
export interface GuestManifest {
  tools: ToolManifestEntry[];
  subagents: SubagentManifest;
}

/** How an eval's calls reach the host and their results come back. */
export interface HostCallChannel {
  send(calls: GuestCall[]): void;
  /** Resolves with the results that arrived since the last receive (at least one). */
  receive(): Promise<CallResult[]>;
}

const NO_HOST: HostCallChannel = {
  send: () => {},
  receive: () => new Promise(() => {}),
};

/** What one eval produced, before it is rendered in the wire format. */
export interface EngineOutcome {
  status: "ok" | "error" | "paused";
  body: string;
  droppedChars: number;
  handle: boolean;
  errorType?: string;
  errorMessage?: string;
  errorStack?: string;
  errorDetails?: Record<string, unknown>;
  value?: string;
  valueNote?: string;
  stdout: string;
  stdoutDroppedChars: number;
  /** Set when the instance was discarded during this eval: the thread's state is gone. */
  instanceLost?: string;
  /** The cell did not compile: nothing of it ran. */
  compileFailed?: boolean;
  /** Tool calls the program made (task() calls not included). */
  toolCalls?: number;
  /** The program waits for these decisions: the thread is paused. */
  interrupts?: PendingInterrupt[];
}

/** A call held for a human decision. */
export interface PendingInterrupt {
  id: string;
  callId: string;
  kind: "tool" | "task";
  name: string;
  /** JSON text of the arguments. */
  args: string;
  allowedDecisions: DecisionType[];
}

/** Everything about a thread that is not in its linear memory (part of every snapshot). */
export interface ThreadStateExport {
  clockMs: number;
  configurationJson: string;
  skills: Record<string, SkillFiles>;
  pause: PauseState | null;
  memoryBytes: number;
}

export interface SnapshotBaseline {
  id: string;
  hashes: ChunkHashes;
  /** Deltas taken since the last full snapshot. */
  deltas: number;
}

/** What a paused thread remembers besides its memory (it is part of every snapshot of it). */
export interface PauseState {
  interrupts: PendingInterrupt[];
  issued: { tool: number; task: number };
}

/** How the host settles an interrupt: run the call (approve/edit) or answer it directly. */
export type InterruptDecision = { interruptId: string; run: { args: string } } | { interruptId: string; result: Omit<CallResult, "id"> };

/** Guest heap kept free after an out-of-memory eval; below it the instance is replaced. */
const OOM_HEADROOM_BYTES = 256 * 1024;
/** Jobs allowed to run after an eval was stopped before the instance counts as runaway. */
const MAX_DRAIN_JOBS = 1000;

function seedWords(seed: number | undefined): number[] {
  if (seed === undefined) return Array.from(crypto.getRandomValues(new Uint32Array(4)));
  // splitmix32 expands one number into four well-mixed words.
  let state = Math.trunc(seed) >>> 0;
  return Array.from({ length: 4 }, () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  });
}

function errorOutcome(type: string, message: string, details?: Record<string, unknown>): EngineOutcome {
  return {
    status: "error",
    body: message,
    droppedChars: 0,
    handle: false,
    errorType: type,
    errorMessage: message,
    ...(details ? { errorDetails: details } : {}),
    stdout: "",
    stdoutDroppedChars: 0,
  };
}

export class QuickJSThread {
  readonly #instance: BoundWasmInstance;
  readonly #calls: GuestCalls;
  readonly #image: BaseImage;
  readonly #pointers: ImagePointers;
  readonly #config: ThreadConfig;
  #clockMs = 0;
  #budget: RunBudget | null = null;
  #signal: AbortSignal | undefined;
  #pollCancel: (() => void) | undefined;
  #heapExhausted = false;
  /** Skill files the host preloaded for this thread. */
  readonly #skills = new Map<string, SkillFiles>();
  /** The configuration (limits, tools, subagents) the guest was last given. */
  #configurationJson = "";
  #lost: string | null = null;
  /** Set while the thread waits for decisions on held calls. */
  #pause: PauseState | null = null;

  private constructor(instance: BoundWasmInstance, image: BaseImage, config: ThreadConfig) {
    this.#instance = instance;
    this.#image = image;
    this.#pointers = image.pointers;
    this.#calls = new GuestCalls(instance, image.pointers.rt, image.pointers.ctx);
    this.#config = config;
  }

  static async create(image: BaseImage, config: ThreadConfig): Promise<QuickJSThread> {
    return QuickJSThread.#boot(image, config, null);
  }

  /**
   * A thread from a snapshot: the base image, then each chunk set in order (a full snapshot's,
   * then its deltas'), then the JS-side state. Between runs that is the whole thread: the sync
   * build's only other mutable state is the stack pointer, back at its initial value.
   */
  static async restore(
    image: BaseImage,
    config: ThreadConfig,
    state: ThreadStateExport,
    chunkSets: ChunkSet[],
    zeroUpToBytes: number,
  ): Promise<QuickJSThread> {
    return QuickJSThread.#boot(image, { ...config, memoryLimitBytes: Math.max(config.memoryLimitBytes, state.memoryBytes) }, { state, chunkSets, zeroUpToBytes });
  }

  static async #boot(
    image: BaseImage,
    config: ThreadConfig,
    from: { state: ThreadStateExport; chunkSets: ChunkSet[]; zeroUpToBytes: number } | null,
  ): Promise<QuickJSThread> {
    const instance = await acquireBootedInstance(image, config.memoryLimitBytes, from?.zeroUpToBytes ?? 0);
    if (from) {
      const memory = new Uint8Array(instance.memory.buffer);
      for (const chunks of from.chunkSets) applyChunks(memory, chunks);
    }
    const thread = new QuickJSThread(instance, image, config);
    instance.bindings = {
      hooks: {
        nowMs: () => thread.#now(),
        onHeapExhausted: () => {
          thread.#heapExhausted = true;
        },
      },
      callbacks: {
        shouldInterrupt: () => thread.#shouldInterrupt(),
        normalizeModule: (base, requested) => normalizeModuleName(base, requested),
        loadModuleSource: (name) => loadModuleSource(name, thread.#skills),
      },
    };
    instance.ffi.QTS_RuntimeSetMaxStackSize(image.pointers.rt, config.maxStackSizeBytes);
    if (from) {
      const { state } = from;
      thread.#clockMs = state.clockMs;
      thread.#configurationJson = state.configurationJson;
      for (const [name, files] of Object.entries(state.skills)) thread.#skills.set(name, files);
      thread.#pause = state.pause;
      // The random generator's state is in the snapshot: a restored thread continues its sequence.
    } else {
      thread.#callVoid("seed", [JSON.stringify(seedWords(config.randomSeed))]);
    }
    return thread;
  }

  /** Snapshot bookkeeping: the last snapshot taken of (or restored into) this thread. */
  snapshotBaseline: SnapshotBaseline | null = null;

  /** The thread's memory and JS-side state; call only between evals (or while paused). */
  exportState(): { memory: Uint8Array; state: ThreadStateExport } {
    return {
      memory: new Uint8Array(this.#instance.memory.buffer),
      state: {
        clockMs: this.#clockMs,
        configurationJson: this.#configurationJson,
        skills: Object.fromEntries(this.#skills),
        pause: this.#pause,
        memoryBytes: this.#instance.memory.buffer.byteLength,
      },
    };
  }

  /** Makes preloaded skill files importable as "@/skills/<name>" (QuickJS caches what it loads). */
  addSkills(skills: Record<string, SkillFiles>): void {
    for (const [name, files] of Object.entries(skills)) if (!this.#skills.has(name)) this.#skills.set(name, files);
  }

  /** Why the instance was discarded, or null while it is usable. */
  get lost(): string | null {
    return this.#lost;
  }

  get memory(): WebAssembly.Memory {
    return this.#instance.memory;
  }

  /** The guest's clock, ms since the epoch. */
  get clockMs(): number {
    return this.#now();
  }

  #now(): number {
    return this.#config.clock === "real" ? Date.now() : this.#clockMs;
  }

  #shouldInterrupt(): boolean {
    const budget = this.#budget;
    if (!budget) return false;
    this.#pollCancel?.();
    if (this.#signal?.aborted) {
      budget.expire("cpu");
      return true;
    }
    return budget.shouldInterrupt();
  }

  #callInternal(name: InternalFunction, args: readonly CallArgument[]): ValuePointer {
    const result = this.#calls.call(this.#pointers.functions[name], args);
    const exception = this.#calls.takeException(result);
    if (exception) {
      const message = this.#describe(exception);
      this.#calls.freeValue(exception);
      throw new GuestException(message);
    }
    return result;
  }

  #callVoid(name: InternalFunction, args: readonly CallArgument[] = []): void {
    this.#calls.freeValue(this.#callInternal(name, args));
  }

  #callString(name: InternalFunction, args: readonly CallArgument[] = []): string {
    const result = this.#callInternal(name, args);
    try {
      return this.#calls.readString(result);
    } finally {
      this.#calls.freeValue(result);
    }
  }

  /** Best-effort text of a guest exception, for host-side errors; frees nothing. */
  #describe(exception: ValuePointer): string {
    try {
      return this.#calls.readString(exception);
    } catch {
      return "unknown guest exception";
    }
  }

  /**
   * Hands the instance back for reuse by another thread (see instance-pool.ts); call only between
   * runs. The thread is unusable afterwards. A lost instance is never reused.
   */
  release(): void {
    if (this.#lost) return;
    this.#lost = "released";
    recycleInstance(this.#image, this.#instance);
  }

  /**
   * Frees the runtime the way QuickJS intends (every value the host kept, then context and
   * runtime) and returns LeakSanitizer's verdict. Only meaningful on the debug build; the
   * thread is unusable afterwards. Threads are normally just dropped.
   */
  releaseAndCheckLeaks(): { leaked: boolean; error?: string } {
    const { ffi } = this.#instance;
    const { rt, ctx, internal, functions } = this.#pointers;
    this.#lost ??= "released";
    try {
      for (const fn of Object.values(functions)) this.#calls.freeValue(fn);
      this.#calls.freeValue(internal);
      ffi.QTS_FreeContext(ctx);
      ffi.QTS_FreeRuntime(rt);
    } catch (error) {
      return { leaked: true, error: `freeing the runtime failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    return { leaked: ffi.QTS_RecoverableLeakCheck() !== 0 };
  }

  /** The held calls, while the thread is paused. */
  get pause(): PauseState | null {
    return this.#pause;
  }

  async eval(code: string, filename: string, limits: EvalLimits, manifest: GuestManifest = EMPTY_MANIFEST, host: HostCallChannel = NO_HOST): Promise<EngineOutcome> {
    if (this.#pause) throw new Error("quickbox: the thread is paused; resume it first");
    return this.#drive(limits, new CallScheduler(limits), host, (scheduler, budget) => {
      const compiled = this.#start(code, filename, configurationFor(limits, manifest));
      return { compiled, settled: this.#runUntilSettled(budget, limits, scheduler, host) };
    });
  }

  /**
   * Continues a paused eval: decided calls run (approve/edit) or settle (reject/respond); the
   * program goes on until it finishes or waits on held calls again. Undecided calls stay held.
   */
  async resume(decisions: InterruptDecision[], limits: EvalLimits, manifest: GuestManifest, host: HostCallChannel = NO_HOST): Promise<EngineOutcome> {
    const pause = this.#pause;
    if (!pause) throw new Error("quickbox: the thread is not paused");
    const configurationJson = configurationFor(limits, manifest);
    return this.#drive(limits, new CallScheduler(limits, pause.issued), host, (scheduler, budget) => {
      if (configurationJson !== this.#configurationJson) {
        this.#callVoid("configure", [configurationJson]);
        this.#configurationJson = configurationJson;
      }
      const settled: CallResult[] = [];
      for (const decision of decisions) {
        const held = pause.interrupts.find((interrupt) => interrupt.id === decision.interruptId);
        if (!held) continue;
        pause.interrupts = pause.interrupts.filter((interrupt) => interrupt !== held);
        if ("run" in decision) {
          const toSend = scheduler.release({ id: held.callId, kind: held.kind, name: held.name, args: decision.run.args });
          if (toSend.length) host.send(toSend);
        } else {
          settled.push({ ...decision.result, id: held.callId });
        }
      }
      this.#pause = null;
      this.#held = pause.interrupts;
      if (settled.length) this.#callVoid("settle", [JSON.stringify(settled)]);
      return { compiled: true, settled: this.#runUntilSettled(budget, limits, scheduler, host) };
    });
  }

  /** Interrupts still held while an eval or resume runs (moved into #pause if it pauses again). */
  #held: PendingInterrupt[] = [];

  async #drive(
    limits: EvalLimits,
    scheduler: CallScheduler,
    host: HostCallChannel,
    begin: (scheduler: CallScheduler, budget: RunBudget) => { compiled: boolean; settled: Promise<Settled | StopReason | "paused"> },
  ): Promise<EngineOutcome> {
    if (this.#lost) throw new Error(`quickbox: thread instance was discarded: ${this.#lost}`);
    const budget = new RunBudget(limits.timeoutMs, limits.wallTimeoutMs);
    this.#budget = budget;
    this.#signal = limits.signal;
    this.#pollCancel = limits.pollCancel;
    this.#heapExhausted = false;
    try {
      let outcome: EngineOutcome;
      try {
        const { compiled, settled: settling } = begin(scheduler, budget);
        const settled = await settling;
        if (settled === "paused") {
          this.#pause = { interrupts: this.#held, issued: scheduler.issued };
          outcome = { ...pausedOutcome(this.#held), ...this.#takeOutput() };
        } else {
          outcome = typeof settled === "string" ? this.#stop(settled) : this.#complete(settled, limits);
        }
        this.#held = [];
        if (!compiled) outcome = { ...outcome, compileFailed: true };
        if (scheduler.toolCalls) outcome = { ...outcome, toolCalls: scheduler.toolCalls };
      } catch (error) {
        this.#held = [];
        outcome = this.#recover(error);
      }
      return this.#lost ? { ...outcome, instanceLost: this.#lost } : outcome;
    } finally {
      this.#budget = null;
      this.#signal = undefined;
      this.#pollCancel = undefined;
    }
  }

  /** What the paused eval printed so far (it keeps printing into the same session after resume). */
  #takeOutput(): { stdout: string; stdoutDroppedChars: number } {
    const printed = parseOutput(this.#callStringUnbounded("takeOutput"));
    return { stdout: printed.text, stdoutDroppedChars: printed.droppedChars };
  }

  #start(code: string, filename: string, configurationJson: string): boolean {
    if (configurationJson !== this.#configurationJson) {
      this.#callVoid("configure", [configurationJson]);
      this.#configurationJson = configurationJson;
    }
    const completion = this.#calls.evalScript(code, filename, EVAL_GLOBAL | EVAL_FLAG_ASYNC);
    const exception = this.#calls.takeException(completion);
    if (exception) {
      try {
        this.#callVoid("fail", [exception]);
      } finally {
        this.#calls.freeValue(exception);
      }
      return false;
    }
    try {
      this.#callVoid("track", [completion]);
    } finally {
      this.#calls.freeValue(completion);
    }
    return true;
  }

  /**
   * Runs jobs, host calls and timers until the cell's promise settles; returns the guest's
   * rendering of the result, or why the eval must stop early. Virtual time advances only while
   * no host call is in flight: a program waiting on a tool is not waiting on a timer.
   */
  async #runUntilSettled(budget: RunBudget, limits: EvalLimits, scheduler: CallScheduler, host: HostCallChannel): Promise<Settled | StopReason | "paused"> {
    for (;;) {
      this.#calls.runPendingJobs(() => budget.expired === null);
      if (this.#signal?.aborted) return "cancelled";
      if (budget.check()) return budget.expired!;
      const report = parsePollReport(this.#callString("poll"), limits.maxResultChars, limits.maxValueChars);
      if (report.settled) return report;
      if (report.calls.length) {
        const held = this.#holdInterrupts(report.calls, limits, scheduler);
        const { send, rejected } = scheduler.admit(report.calls.filter((call) => !held.has(call.id)));
        if (send.length) host.send(send);
        const overBudget = [...rejected, ...[...held.values()].filter((result): result is CallResult => result !== null)];
        if (overBudget.length) {
          this.#callVoid("settle", [JSON.stringify(overBudget)]);
          continue;
        }
      }
      if (scheduler.busy) {
        const results = await this.#awaitHost(budget, host.receive());
        if (typeof results === "string") return results;
        const more = scheduler.complete(results);
        if (more.length) host.send(more);
        this.#callVoid("settle", [JSON.stringify(results)]);
        continue;
      }
      // Calls waiting for a decision: time stands still (as for calls in flight) and the thread pauses.
      if (this.#held.length) return "paused";
      if (report.nextTimerAt === null) return "deadlock";
      if (this.#config.clock === "virtual") {
        this.#clockMs = Math.max(this.#clockMs, report.nextTimerAt);
      } else {
        const waited = await this.#awaitHost(budget, sleep(Math.max(0, report.nextTimerAt - Date.now())));
        if (typeof waited === "string") return waited;
      }
      this.#callVoid("fireTimer");
    }
  }

  /** Takes the calls named in interruptOn out of the flow; returns them (with a result if over budget). */
  #holdInterrupts(calls: GuestCall[], limits: EvalLimits, scheduler: CallScheduler): Map<string, CallResult | null> {
    const held = new Map<string, CallResult | null>();
    const interruptOn = limits.interruptOn;
    if (!interruptOn) return held;
    for (const call of calls) {
      const key = call.kind === "task" ? "task" : call.name;
      // Own names only: a tool called "toString" must not find Object.prototype.toString.
      const allowedDecisions = Object.hasOwn(interruptOn, key) ? interruptOn[key] : undefined;
      if (!allowedDecisions) continue;
      const overBudget = scheduler.hold(call);
      held.set(call.id, overBudget);
      if (!overBudget) this.#held.push({ id: newInterruptId(), callId: call.id, kind: call.kind, name: call.name, args: call.args, allowedDecisions });
    }
    return held;
  }

  /** Waits for the host (results, a real timer) within the wall budget and the abort signal. */
  async #awaitHost<T>(budget: RunBudget, work: Promise<T>): Promise<T | StopReason> {
    const signal = this.#signal;
    if (signal?.aborted) return "cancelled";
    let cleanup = () => {};
    const interrupted = new Promise<StopReason>((resolve) => {
      const timer = setTimeout(() => resolve("wall"), budget.wallRemainingMs());
      const onAbort = () => resolve("cancelled");
      signal?.addEventListener("abort", onAbort, { once: true });
      cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
    });
    try {
      const outcome = await budget.awaitHost(Promise.race([work, interrupted]));
      if (outcome === "wall") budget.expire("wall");
      return outcome;
    } finally {
      cleanup();
    }
  }

  /**
   * The guest rendered the result while polling. An object result is copied for the host under
   * a budget of its own (copying runs getters-free but can still be long): a program that used
   * most of its budget still gets its answer, and a copy that takes too long is dropped.
   */
  #complete(settled: Settled, limits: EvalLimits): EngineOutcome {
    let outcome = settled.outcome;
    // After an allocation failed, QuickJS may have had no memory left to build its own
    // "out of memory" error: it throws null, or an InternalError without a message.
    const bareEngineError = outcome.errorMessage === "null" || (outcome.errorType === "InternalError" && !outcome.errorMessage);
    if (outcome.status === "error" && this.#heapExhausted && bareEngineError) {
      outcome = { ...outcome, errorType: "OutOfMemory", errorMessage: "out of memory", body: "out of memory" };
    }
    if (outcome.errorType === "OutOfMemory") this.#checkHeadroom();
    if (!settled.needsCopy) return outcome;
    const copyBudget = new RunBudget(limits.timeoutMs, limits.wallTimeoutMs);
    this.#budget = copyBudget;
    const tooLong = `value not copied: copying took longer than ${limits.timeoutMs} ms`;
    try {
      const copied = parseCopiedValue(this.#callString("copyValue"), limits.maxValueChars);
      return { ...outcome, ...(copyBudget.expired ? { valueNote: tooLong } : copied) };
    } catch (error) {
      if (!(error instanceof GuestException)) throw error;
      this.#callStringUnbounded("close");
      return { ...outcome, valueNote: copyBudget.expired ? tooLong : `value not copied: ${error.message}` };
    }
  }

  /** Ends an eval that cannot finish normally; keeps what it printed. */
  #stop(reason: StopReason): EngineOutcome {
    const outcome =
      reason === "deadlock"
        ? errorOutcome("Deadlock", "the program is waiting for a promise that nothing can settle (no pending timers or host calls)")
        : reason === "cancelled"
          ? errorOutcome("Cancelled", "the eval was cancelled")
          : errorOutcome(
              "Timeout",
              reason === "cpu"
                ? `the program ran longer than timeoutMs (${this.#budget?.timeoutMs} ms)`
                : `the eval took longer than wallTimeoutMs (${this.#budget?.wallTimeoutMs} ms)`,
              { kind: reason },
            );
    this.#drainAfterStop();
    if (this.#lost) return outcome;
    const printed = parseOutput(this.#callStringUnbounded("close"));
    return { ...outcome, stdout: printed.text, stdoutDroppedChars: printed.droppedChars };
  }

  /**
   * Jobs queued by a stopped eval must not run in the next one. Run them now with the interrupt
   * still firing, so any job that computes is killed at its first poll; a job chain that never
   * ends means the instance cannot be cleaned and is discarded.
   */
  #drainAfterStop(): void {
    const budget = this.#budget;
    budget?.expire("cpu");
    let drained = 0;
    this.#calls.runPendingJobs(() => drained++ < MAX_DRAIN_JOBS, 1);
    if (this.#calls.hasPendingJobs()) this.#discard("promise jobs kept running after the eval was stopped");
  }

  /** Internal calls after a stop run without the interrupt, so they cannot be cut short. */
  #callStringUnbounded(name: InternalFunction): string {
    const budget = this.#budget;
    this.#budget = null;
    try {
      return this.#callString(name);
    } finally {
      this.#budget = budget;
    }
  }

  #checkHeadroom(): void {
    try {
      const probe = this.#calls.malloc(OOM_HEADROOM_BYTES);
      this.#calls.free(probe);
    } catch {
      this.#discard("memory stayed exhausted after an out-of-memory error");
    }
  }

  #discard(reason: string): void {
    this.#lost ??= reason;
  }

  #recover(error: unknown): EngineOutcome {
    if (error instanceof GuestException) {
      if (this.#signal?.aborted) return this.#stop("cancelled");
      const kind = this.#budget?.expired;
      if (kind) return this.#stop(kind);
      if (/out of memory/.test(error.message) || this.#heapExhausted) {
        this.#checkHeadroom();
        return errorOutcome("OutOfMemory", "out of memory");
      }
      this.#discard(`the guest prelude failed: ${error.message}`);
      return errorOutcome("InternalError", `the interpreter failed: ${error.message}`);
    }
    if (error instanceof GuestProtocolError) {
      this.#discard(`the program modified quickbox's guest runtime (${error.message})`);
      return errorOutcome("InternalError", `the program modified the interpreter's own runtime (${error.message}); the thread will restart`);
    }
    if (error instanceof HostAllocationError) {
      this.#checkHeadroom();
      return errorOutcome("OutOfMemory", `out of memory: ${error.message}`);
    }
    if (error instanceof RangeError) {
      // The wasm frames overflowed the host's own stack: the shadow stack pointer is left
      // displaced and the instance cannot be trusted (ENGINE-NOTES.md Q3).
      this.#discard("the host stack overflowed");
      return errorOutcome("StackOverflow", "Maximum call stack size exceeded");
    }
    const message = error instanceof Error ? error.message : String(error);
    this.#discard(`the interpreter crashed: ${message}`);
    // A wasm trap right after an allocation failed: QuickJS ran on with a failed allocation
    // (seen as "memory access out of bounds" when a Map or the heap is full). The instance is
    // gone either way, but what the program did was run out of memory.
    if (this.#heapExhausted) return errorOutcome("OutOfMemory", "out of memory");
    return errorOutcome("InternalError", `the interpreter crashed: ${message}`);
  }
}

type StopReason = TimeoutKind | "deadlock" | "cancelled";

/** `int_` + 12 characters of [a-z0-9]: never mistaken for LangGraph's 32-hex interrupt ids. */
function newInterruptId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return "int_" + Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => alphabet[byte % 36]).join("");
}

function configurationFor(limits: EvalLimits, manifest: GuestManifest): string {
  return JSON.stringify({
    limits: { maxResultChars: limits.maxResultChars, maxValueChars: limits.maxValueChars },
    tools: manifest.tools,
    subagents: manifest.subagents,
  });
}

function pausedOutcome(interrupts: PendingInterrupt[]): EngineOutcome {
  const names = interrupts.map((interrupt) => interrupt.name).join(", ");
  return {
    status: "paused",
    body: `paused: waiting for a decision on ${interrupts.length} call${interrupts.length === 1 ? "" : "s"} (${names})`,
    droppedChars: 0,
    handle: false,
    stdout: "",
    stdoutDroppedChars: 0,
    interrupts,
  };
}
const EMPTY_MANIFEST: GuestManifest = { tools: [], subagents: { enabled: false, types: [] } };
type Settled = { settled: true; outcome: EngineOutcome; needsCopy: boolean };

/** An internal prelude call threw (interrupt, out of memory, or a prelude bug). */
class GuestException extends Error {
  override name = "GuestException";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

