/**
 * The interpreter behind the playground: tools, subagents and approvals over an IndexedDB store, so
 * threads (and paused programs) survive a reload. Changing a limit replaces the interpreter; the
 * threads come back from the store on their next eval.
 */
import { createInterpreter, type Interpreter, type InterpreterEvent, type SnapshotStore } from "quickbox";
import { idbStore } from "quickbox/idb";
import { INTERRUPT_ON, sampleSubagents, sampleTools, type ResultListener } from "./sample-tools.js";

export interface PlaygroundLimits {
  timeoutMs: number;
  memoryLimitBytes: number;
  maxToolCalls: number;
}

export const DEFAULT_LIMITS: PlaygroundLimits = { timeoutMs: 3000, memoryLimitBytes: 32 * 2 ** 20, maxToolCalls: 64 };

export interface SessionListeners {
  onEvent(event: InterpreterEvent): void;
  onResult: ResultListener;
}

export class PlaygroundSession {
  readonly store: SnapshotStore = idbStore({ dbName: "quickbox-playground" });
  #interpreter: Promise<Interpreter>;
  #limits: PlaygroundLimits;

  constructor(
    private readonly listeners: SessionListeners,
    limits: PlaygroundLimits = DEFAULT_LIMITS,
  ) {
    this.#limits = limits;
    this.#interpreter = this.#create();
  }

  get limits(): PlaygroundLimits {
    return this.#limits;
  }

  interpreter(): Promise<Interpreter> {
    return this.#interpreter;
  }

  /** Replaces the interpreter with one using new limits (threads persist in the store). */
  async setLimits(limits: PlaygroundLimits): Promise<void> {
    const previous = this.#interpreter;
    this.#limits = limits;
    this.#interpreter = this.#create();
    await (await previous.catch(() => null))?.dispose();
    await this.#interpreter;
  }

  #create(): Promise<Interpreter> {
    return createInterpreter({
      tools: sampleTools(this.listeners.onResult),
      subagents: sampleSubagents(this.listeners.onResult),
      interruptOn: INTERRUPT_ON,
      store: this.store,
      timeoutMs: this.#limits.timeoutMs,
      memoryLimitBytes: this.#limits.memoryLimitBytes,
      maxToolCalls: this.#limits.maxToolCalls,
      maxLiveThreads: 8,
      onEvent: (event) => this.listeners.onEvent(event),
    });
  }
}
