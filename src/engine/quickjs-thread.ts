/**
 * A live thread: one WASM instance booted from the base image (or a snapshot), its clock, skills
 * and pause state. Each eval or resume is an EvalRun (./eval-run.ts). Guest failures come back as
 * outcomes; failures of the instance itself (host stack overflow, wasm trap) discard it, and the
 * owner boots a fresh one.
 */
import type { EngineOutcome, EvalLimits, GuestConfiguration, GuestManifest, HostCallChannel, InterruptDecision, PauseState, SkillFiles, ThreadConfig, ThreadStateExport, CallResult } from "../engine-contract.js";
import type { BaseImage } from "./base-image.js";
import { CellSources } from "./cell-sources.js";
import { EvalRun, type RunnableThread } from "./eval-run.js";
import { EVAL_FLAG_ASYNC, EVAL_GLOBAL } from "./guest-calls.js";
import { GuestPort } from "./guest-port.js";
import { unpooledInstances, type InstanceSource } from "./instance-pool.js";
import { loadModuleSource, normalizeModuleName } from "./module-loader.js";
import type { BoundWasmInstance } from "./wasm-instance.js";

const NO_HOST: HostCallChannel = {
  send: () => {},
  receive: () => new Promise(() => {}),
};

const EMPTY_MANIFEST: GuestManifest = { tools: [], subagents: { enabled: false, types: [] } };

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

/**
 * The last configuration text made per manifest: an interpreter's manifest and output limits
 * rarely change, and encoding them on every eval was a measurable part of a small eval.
 */
const lastConfiguration = new WeakMap<GuestManifest, { key: string; json: string }>();

/** The configuration (limits, tools, subagents) the guest prelude is given, as JSON. */
function configurationFor(limits: EvalLimits, manifest: GuestManifest): string {
  const key = `${limits.maxResultChars}/${limits.maxValueChars}/${limits.streamConsole ? 1 : 0}`;
  const last = lastConfiguration.get(manifest);
  if (last?.key === key) return last.json;
  const json = encodeConfiguration(limits, manifest);
  lastConfiguration.set(manifest, { key, json });
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
  /** The cells' code, for the error bridge (V8's wording of an error names the failing expression). */
  readonly #sources = new CellSources();

  private constructor(instance: BoundWasmInstance, image: BaseImage, config: ThreadConfig, instances: InstanceSource) {
    this.#instance = instance;
    this.#image = image;
    this.#config = config;
    this.#instances = instances;
    this.port = new GuestPort(instance, image.pointers);
  }

  static async create(image: BaseImage, config: ThreadConfig, instances: InstanceSource = unpooledInstances(image)): Promise<QuickJSThread> {
    const instance = await instances.acquire(config.memoryLimitBytes);
    const thread = QuickJSThread.#adopt(instance, image, config, instances);
    thread.port.callVoid("seed", [JSON.stringify(seedWords(config.randomSeed))]);
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
  ): Promise<QuickJSThread> {
    // The thread gets the memory this interpreter allows (the caller checked that what it uses fits).
    const instance = await instances.acquire(config.memoryLimitBytes, zeroUpToBytes);
    writeMemory(new Uint8Array(instance.memory.buffer));
    const thread = QuickJSThread.#adopt(instance, image, config, instances);
    thread.clockMs = state.clockMs;
    thread.#configurationJson = state.configurationJson;
    for (const [name, files] of Object.entries(state.skills)) thread.#skills.set(name, files);
    thread.#pause = state.pause;
    // The random generator's state is in the memory: a restored thread continues its sequence.
    return thread;
  }

  static #adopt(instance: BoundWasmInstance, image: BaseImage, config: ThreadConfig, instances: InstanceSource): QuickJSThread {
    const thread = new QuickJSThread(instance, image, config, instances);
    instance.bindings = {
      hooks: {
        nowMs: () => thread.#now(),
        onHeapExhausted: () => {
          thread.heapExhausted = true;
        },
      },
      callbacks: {
        shouldInterrupt: () => thread.#activeRun?.shouldInterrupt() ?? false,
        // Between runs (nothing can call it then) a message has nowhere to go.
        onStream: (message) => thread.#activeRun?.acceptStream(message),
        normalizeModule: (base, requested) => normalizeModuleName(base, requested, thread.#skills),
        loadModuleSource: (name) => loadModuleSource(name, thread.#skills),
        describeErrorSite: (request) => thread.#sources.describe(request),
      },
    };
    instance.ffi.QTS_RuntimeSetMaxStackSize(image.pointers.rt, config.maxStackSizeBytes);
    return thread;
  }

  get clock(): ThreadConfig["clock"] {
    return this.#config.clock;
  }

  #now(): number {
    return this.#config.clock === "real" ? Date.now() : this.clockMs;
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
    const { rt, ctx, internal, functions } = this.#image.pointers;
    this.#lost ??= "released";
    try {
      for (const fn of Object.values(functions)) this.port.calls.freeValue(fn);
      this.port.calls.freeValue(internal);
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
  }

  async eval(code: string, filename: string, limits: EvalLimits, manifest: GuestManifest = EMPTY_MANIFEST, host: HostCallChannel = NO_HOST): Promise<EngineOutcome> {
    this.#assertUsable();
    if (this.#pause) throw new Error("quickbox: the thread is paused; resume it first");
    const run = new EvalRun(this, limits, host);
    this.#sources.remember(filename, code);
    return this.#run(run, () => {
      this.#configure(configurationFor(limits, manifest));
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
   * program goes on until it finishes or waits on held calls again. Undecided calls stay held.
   */
  async resume(decisions: InterruptDecision[], limits: EvalLimits, manifest: GuestManifest, host: HostCallChannel = NO_HOST): Promise<EngineOutcome> {
    this.#assertUsable();
    const pause = this.#pause;
    if (!pause) throw new Error("quickbox: the thread is not paused");
    this.#pause = null;
    const run = new EvalRun(this, limits, host, pause);
    return this.#run(run, () => {
      this.#configure(configurationFor(limits, manifest), true);
      const settled: CallResult[] = [];
      for (const decision of decisions) {
        const index = run.held.findIndex((interrupt) => interrupt.id === decision.interruptId);
        if (index < 0) continue;
        const [held] = run.held.splice(index, 1);
        if ("run" in decision) run.release({ id: held!.callId, kind: held!.kind, name: held!.name, args: decision.run.args ?? held!.args });
        else settled.push({ ...decision.result, id: held!.callId });
      }
      if (settled.length) this.port.callVoid("settle", [JSON.stringify(settled)]);
      return true;
    });
  }

  #assertUsable(): void {
    if (this.#lost) throw new Error(`quickbox: thread instance was discarded: ${this.#lost}`);
  }

  async #run(run: EvalRun, begin: () => boolean): Promise<EngineOutcome> {
    this.#activeRun = run;
    try {
      const { outcome, pause } = await run.run(begin);
      this.#pause = pause;
      return outcome;
    } finally {
      this.#activeRun = null;
    }
  }
}
