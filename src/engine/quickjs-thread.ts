/**
 * A live thread: one WASM instance booted from the base image (or a snapshot), its clock, skills
 * and pause state. Each eval or resume is an EvalRun (./eval-run.ts). Guest failures come back as
 * outcomes; failures of the instance itself (host stack overflow, wasm trap) discard it, and the
 * owner boots a fresh one.
 */
import type { CallLimits, EngineOutcome, EvalLimits, GuestConfiguration, GuestManifest, HeldCallRef, HostCallChannel, InterruptDecision, PauseState, SkillFiles, ThreadConfig, ThreadStateExport, CallResult } from "../engine-contract.js";
import type { BaseImage } from "./base-image.js";
import { CellSources } from "./cell-sources.js";
import { EvalRun, type RunnableThread, type RunResult } from "./eval-run.js";
import { EVAL_FLAG_ASYNC, EVAL_GLOBAL } from "./guest-calls.js";
import { GuestPort } from "./guest-port.js";
import { unpooledInstances, type InstanceSource } from "./instance-pool.js";
import { answerIntlRequest } from "./intl-bridge.js";
import { argsHash, Journal, type JournalEntry } from "./journal.js";
import { loadModuleSource, normalizeModuleName } from "./module-loader.js";
import { ThreadJournal } from "./thread-journal.js";
import { loadGuestChunk } from "./guest-chunks.js";
import { callLimitsOf } from "./call-limits.js";
import { seedWords } from "./seed-words.js";
import { RunBudget } from "./run-budget.js";
/** How long one chunk load may take before it is stopped (QuickJSThread.#loadChunk); under the worker watchdog's 2 s. */
const CHUNK_LOAD_LIMIT_MS = 1000;
import type { BoundWasmInstance } from "./wasm-instance.js";

const NO_HOST: HostCallChannel = {
  send: () => {},
  receive: () => new Promise(() => {}),
};

const EMPTY_MANIFEST: GuestManifest = { tools: [], subagents: { enabled: false, types: [] } };

/**
 * The last configuration text made per manifest, with the limits it was made for: an
 * interpreter's manifest and output limits rarely change, and encoding them (or even a key for
 * them) on every eval was a measurable part of a small eval.
 */
const lastConfiguration = new WeakMap<GuestManifest, { maxResultChars: number; maxValueChars: number; streamConsole: boolean; json: string }>();

/** The configuration (limits, tools, subagents) the guest prelude is given, as JSON. */
function configurationFor(limits: EvalLimits, manifest: GuestManifest): string {
  const last = lastConfiguration.get(manifest);
  const streamConsole = limits.streamConsole === true;
  if (last && last.maxResultChars === limits.maxResultChars && last.maxValueChars === limits.maxValueChars && last.streamConsole === streamConsole) return last.json;
  const json = encodeConfiguration(limits, manifest);
  lastConfiguration.set(manifest, { maxResultChars: limits.maxResultChars, maxValueChars: limits.maxValueChars, streamConsole, json });
  return json;
}

function encodeConfiguration(limits: EvalLimits, manifest: GuestManifest): string {
  const configuration: GuestConfiguration = {
    limits: { maxResultChars: limits.maxResultChars, maxValueChars: limits.maxValueChars, ...(limits.streamConsole ? { streamConsole: true } : {}) },
    tools: manifest.tools,
    ...(manifest.directOnly?.length ? { directOnly: manifest.directOnly } : {}),
    subagents: manifest.subagents,
  };
  return JSON.stringify(configuration);
}

export class QuickJSThread implements RunnableThread {
  readonly port: GuestPort;
  readonly #instance: BoundWasmInstance;
  readonly #image: BaseImage;
  readonly #config: ThreadConfig;
  readonly #instances: InstanceSource;
  clockMs = 0;
  heapExhausted = false;
  /** Skill files the host preloaded for this thread. */
  readonly #skills = new Map<string, SkillFiles>();
  /** The configuration (limits, tools, subagents) the guest was last given. */
  #configurationJson = "";
  #lost: string | null = null;
  /** Set while the thread waits for decisions on held calls. */
  #pause: PauseState | null = null;
  /** The run QuickJS's interrupt handler consults; null between runs. */
  #activeRun: EvalRun | null = null;
  /** What entered the thread (journal.ts): recorded live, answered from in a rebuild. */
  readonly journal: ThreadJournal;
  /** A rebuilt thread: each journaled call's id → the key this build's guest gave it. */
  #rebuiltKeys: ReadonlyMap<string, string> | null = null;
  /** The cells' code, for the error bridge (V8's wording of an error names the failing expression). */
  readonly #sources = new CellSources();

  private constructor(instance: BoundWasmInstance, image: BaseImage, config: ThreadConfig, instances: InstanceSource, journal: Journal) {
    this.#instance = instance;
    this.#image = image;
    this.#config = config;
    this.#instances = instances;
    this.port = new GuestPort(instance, image);
    this.journal = new ThreadJournal(journal);
  }

  /** A new thread; `seed`: the generator's words (a rebuild passes the journaled ones). */
  static async create(image: BaseImage, config: ThreadConfig, instances: InstanceSource = unpooledInstances(image), seed?: number[]): Promise<QuickJSThread> {
    const instance = await instances.acquire(config.memoryLimitBytes);
    const words = seed ?? seedWords(config.randomSeed);
    const thread = QuickJSThread.#adopt(instance, image, config, instances, new Journal(config.maxJournalBytes, [{ t: "seed", words }]));
    thread.port.callVoid("seed", [JSON.stringify(words)]);
    return thread;
  }

  /**
   * A thread from a snapshot: the base image, then `writeMemory` (the snapshot's chunks), then
   * the JS-side state. Between runs that is the whole thread: the sync build's only other
   * mutable state is the stack pointer, back at its initial value. `zeroUpToBytes`: memory past
   * the image the snapshot accounts for (what it did not store because it was zero).
   */
  static async restore(
    image: BaseImage,
    config: ThreadConfig,
    state: ThreadStateExport,
    writeMemory: (memory: Uint8Array) => void,
    zeroUpToBytes: number,
    instances: InstanceSource = unpooledInstances(image),
    journal: { entries: JournalEntry[]; notReplayable?: string } = { entries: [] },
  ): Promise<QuickJSThread> {
    // The thread gets the memory this interpreter allows (the caller checked that what it uses fits).
    const instance = await instances.acquire(config.memoryLimitBytes, zeroUpToBytes);
    writeMemory(new Uint8Array(instance.memory.buffer));
    const thread = QuickJSThread.#adopt(instance, image, config, instances, new Journal(config.maxJournalBytes, journal.entries, journal.notReplayable));
    thread.clockMs = state.clockMs;
    thread.#configurationJson = state.configurationJson;
    for (const [name, files] of Object.entries(state.skills)) thread.#skills.set(name, files);
    thread.#pause = state.pause;
    if (state.guestKeys) thread.#rebuiltKeys = new Map(Object.entries(state.guestKeys));
    // The random generator's state is in the memory: a restored thread continues its sequence.
    return thread;
  }

  static #adopt(instance: BoundWasmInstance, image: BaseImage, config: ThreadConfig, instances: InstanceSource, journal: Journal): QuickJSThread {
    const thread = new QuickJSThread(instance, image, config, instances, journal);
    instance.bindings = {
      hooks: {
        nowMs: () => thread.#now(),
        onHeapExhausted: () => {
          thread.heapExhausted = true;
        },
      },
      callbacks: {
        // A chunk of the prelude loading on first use has a budget of its own (see #loadChunk).
        shouldInterrupt: () => (thread.#chunkLoad ? thread.#chunkLoad.shouldInterrupt() : (thread.#activeRun?.shouldInterrupt() ?? false)),
        // Between runs (nothing can call it then) a message has nowhere to go.
        onStream: (message) => thread.#activeRun?.acceptStream(message),
        normalizeModule: (base, requested) => normalizeModuleName(base, requested, thread.#skills),
        loadModuleSource: (name) => loadModuleSource(name, thread.#skills),
        answerIntl: (request) => thread.journal.intl(request, answerIntlRequest),
        describeErrorSite: (request) => thread.#sources.describe(request),
        loadChunk: (name, link) => thread.#loadChunk(() => loadGuestChunk(instance, image.pointers, name, link)),
      },
    };
    instance.ffi.QTS_RuntimeSetMaxStackSize(image.pointers.rt, config.maxStackSizeBytes);
    return thread;
  }

  #chunkLoad: RunBudget | null = null;

  /**
   * A first use's chunk load: quickbox's own work, so it runs outside the program's CPU budget, under
   * one of its own (CHUNK_LOAD_LIMIT_MS: a compile takes 15-40 ms, far more on the debug build or a
   * loaded machine). A program that made the load run its code (a setter the chunk's evaluation
   * meets) is stopped by that budget, and the eval then ends as Timeout.
   */
  #loadChunk(load: () => number): number {
    const budget = new RunBudget(CHUNK_LOAD_LIMIT_MS * (this.#image.profile.slowdown ?? 1), CHUNK_LOAD_LIMIT_MS * (this.#image.profile.slowdown ?? 1));
    this.#chunkLoad = budget;
    try {
      return this.#activeRun ? this.#activeRun.outsideBudget(load) : load();
    } finally {
      this.#chunkLoad = null;
      if (budget.expired) this.#activeRun?.expireBudget();
    }
  }

  get clock(): ThreadConfig["clock"] {
    return this.#config.clock;
  }

  #now(): number {
    return this.#config.clock === "real" ? this.journal.now(Date.now) : this.clockMs;
  }

  /** The thread's memory and JS-side state; call only between evals (or while paused). */
  exportState(): { memory: Uint8Array; state: ThreadStateExport } {
    return {
      memory: new Uint8Array(this.#instance.memory.buffer),
      state: {
        clockMs: this.clockMs,
        configurationJson: this.#configurationJson,
        skills: Object.fromEntries(this.#skills),
        pause: this.#pause,
        memoryBytes: this.#instance.memory.buffer.byteLength,
        ...(this.#rebuiltKeys?.size ? { guestKeys: Object.fromEntries(this.#rebuiltKeys) } : {}),
      },
    };
  }

  /** Makes preloaded skill files importable as "@/skills/<name>" (QuickJS caches what it loads). */
  addSkills(skills: Record<string, SkillFiles>): void {
    for (const [name, files] of Object.entries(skills)) {
      if (this.#skills.has(name)) continue;
      this.#skills.set(name, files);
      if (!this.journal.replaying) this.journal.journal.record({ t: "skill", name, hash: argsHash(JSON.stringify(files)) });
    }
  }

  /** After a rebuild (journal-replay.ts): held calls are named by the host with the old build's keys. */
  adoptGuestKeys(keys: ReadonlyMap<string, string>): void {
    this.#rebuiltKeys = keys;
  }

  /** A fork's copy: the held calls it copied have new ids (the journal and the key map follow). */
  renameCalls(renames: Readonly<Record<string, string>>): void {
    this.journal.journal.renameCalls(renames);
    if (!this.#rebuiltKeys) return;
    this.#rebuiltKeys = new Map([...this.#rebuiltKeys].map(([callId, key]) => [Object.hasOwn(renames, callId) ? renames[callId]! : callId, key]));
  }

  /** The key this thread's guest gave a call (a rebuilt thread's may differ from the one the host recorded). */
  guestKeyOf(call: HeldCallRef): string {
    return this.#rebuiltKeys?.get(call.callId) ?? call.guestKey;
  }

  /** Why the instance was discarded, or null while it is usable. */
  get lost(): string | null {
    return this.#lost;
  }

  discard(reason: string): void {
    this.#lost ??= reason;
  }

  get memory(): WebAssembly.Memory {
    return this.#instance.memory;
  }

  /** The held calls, while the thread is paused. */
  get pause(): PauseState | null {
    return this.#pause;
  }

  /**
   * Hands the instance back for reuse by another thread; call only between runs. The thread is
   * unusable afterwards. A lost instance is never reused.
   */
  release(): void {
    if (this.#lost) return;
    this.#lost = "released";
    this.#instances.recycle(this.#instance);
  }

  /**
   * Frees the runtime the way QuickJS intends (every value the host kept, then context and
   * runtime) and returns LeakSanitizer's verdict. Only meaningful on the debug build; the
   * thread is unusable afterwards. Threads are normally just dropped.
   */
  releaseAndCheckLeaks(): { leaked: boolean; error?: string } {
    const { ffi } = this.#instance;
    const { rt, ctx, internal, functions, chunkScope } = this.#image.pointers;
    this.#lost ??= "released";
    try {
      for (const fn of Object.values(functions)) this.port.calls.freeValue(fn);
      this.port.calls.freeValue(internal);
      // The image keeps what a chunk's load needs (prelude-evaluation.ts): the pristine eval, the captured built-ins.
      this.port.calls.freeValue(chunkScope.eval);
      this.port.calls.freeValue(chunkScope.captured);
      ffi.QTS_FreeContext(ctx);
      ffi.QTS_FreeRuntime(rt);
    } catch (error) {
      return { leaked: true, error: `freeing the runtime failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    return { leaked: ffi.QTS_RecoverableLeakCheck() !== 0 };
  }

  /** Gives the guest the interpreter's configuration if it changed; `midEval`: a resume keeps the eval's session. */
  #configure(configurationJson: string, midEval = false): void {
    if (configurationJson === this.#configurationJson) return;
    this.port.callVoid(midEval ? "reconfigure" : "configure", [configurationJson]);
    this.#configurationJson = configurationJson;
    if (!this.journal.replaying) this.journal.journal.record({ t: "config", json: configurationJson, ...(midEval ? { mid: true as const } : {}) });
  }

  /**
   * Evaluates a cell (`code`, already transformed). `cell.source` is the cell as the user gave it
   * (journaled); `cell.configurationJson` replaces the configuration made from `manifest` (a
   * rebuild gives the guest the configuration it had).
   */
  async eval(
    code: string,
    filename: string,
    limits: EvalLimits,
    manifest: GuestManifest = EMPTY_MANIFEST,
    host: HostCallChannel = NO_HOST,
    cell: { source?: string; configurationJson?: string } = {},
  ): Promise<EngineOutcome> {
    return this.evalCell(code, filename, limits, manifest, host, cell);
  }

  /** `eval`, with the outcome as a value (no promise) when the cell finished at once. Throws (synchronously too) what `eval` rejects with. */
  evalCell(
    code: string,
    filename: string,
    limits: EvalLimits,
    manifest: GuestManifest = EMPTY_MANIFEST,
    host: HostCallChannel = NO_HOST,
    cell: { source?: string; configurationJson?: string } = {},
  ): EngineOutcome | Promise<EngineOutcome> {
    this.#assertUsable();
    if (this.#pause) throw new Error("quickbox: the thread is paused; resume it first");
    const run = new EvalRun(this, limits, host);
    this.#sources.remember(filename, code);
    return this.#run(run, () => {
      this.#configure(cell.configurationJson ?? configurationFor(limits, manifest));
      if (!this.journal.replaying) this.journal.journal.record({ t: "cell", source: cell.source ?? code, filename, limits: callLimitsOf(limits) });
      const { calls } = this.port;
      const completion = calls.evalScript(code, filename, EVAL_GLOBAL | EVAL_FLAG_ASYNC);
      const exception = calls.takeException(completion);
      if (exception) {
        try {
          this.port.callVoid("fail", [exception]);
        } finally {
          calls.freeValue(exception);
        }
        return false;
      }
      try {
        if (!run.finishAtOnce(completion)) this.port.callVoid("track", [completion]);
      } finally {
        calls.freeValue(completion);
      }
      return true;
    });
  }

  /**
   * Continues a paused eval: decided calls run (approve/edit) or settle (reject/respond); the
   * program goes on until it finishes or waits on held calls again. `undecided`: the held calls
   * not decided now, which stay held. The held calls' records are the host's: it names each one
   * by its ids (a call the guest is not waiting on gets nothing).
   */
  async resume(
    decisions: InterruptDecision[],
    undecided: HeldCallRef[],
    limits: EvalLimits,
    manifest: GuestManifest,
    host: HostCallChannel = NO_HOST,
    configurationJson?: string,
  ): Promise<EngineOutcome> {
    this.#assertUsable();
    const pause = this.#pause;
    if (!pause) throw new Error("quickbox: the thread is not paused");
    this.#pause = null;
    const run = new EvalRun(this, limits, host, { pause, undecided: undecided.map((call) => ({ ...call, guestKey: this.guestKeyOf(call) })) });
    return this.#run(run, () => {
      this.#configure(configurationJson ?? configurationFor(limits, manifest), true);
      if (!this.journal.replaying) this.journal.journal.record({ t: "resume", decisions, undecided, limits: callLimitsOf(limits) });
      const settled: CallResult[] = [];
      for (const decision of decisions) {
        const call = { ...decision.call, guestKey: this.guestKeyOf(decision.call) };
        if ("run" in decision) run.release(call, decision.run.args);
        else settled.push({ ...decision.result, id: call.guestKey });
      }
      if (settled.length) this.port.callVoid("settle", [JSON.stringify(settled)]);
      return true;
    });
  }

  #assertUsable(): void {
    if (this.#lost) throw new Error(`quickbox: thread instance was discarded: ${this.#lost}`);
  }

  #run(run: EvalRun, begin: () => boolean): EngineOutcome | Promise<EngineOutcome> {
    this.#activeRun = run;
    let ran: RunResult | Promise<RunResult>;
    try {
      ran = run.run(begin);
    } catch (error) {
      this.#activeRun = null;
      throw error;
    }
    if (!(ran instanceof Promise)) return this.#ended(ran);
    return ran.then(
      (result) => this.#ended(result),
      (error: unknown) => {
        this.#activeRun = null;
        throw error;
      },
    );
  }

  #ended({ outcome, pause }: RunResult): EngineOutcome {
    try {
      this.#pause = pause;
      this.journal.ended(outcome);
      return outcome;
    } finally {
      this.#activeRun = null;
    }
  }
}
