/**
 * The interpreter behind the middleware. Its tools are the agent's: they are known at each model
 * call, so the interpreter is (re)created when the resolved tool set changes. Threads live in the
 * snapshot store between runs (a store is always configured, `memoryStore()` by default), so a
 * replaced interpreter's threads come back in the new one; the old one is disposed once idle.
 *
 * Also kept here: the LangChain config and stream writer of the eval running on each thread (the
 * agent tools and subagents a program calls run with them), and the pause markers that tell a
 * re-executed eval tool call (LangGraph re-runs the interrupted node on resume) from a new one.
 */
import { createInterpreter, memoryStore, QuickboxError, type Interpreter, type InterpreterEvent, type InterpreterOptions, type SnapshotStore } from "../../index.js";
import { openJson, sealJson, SerialQueues } from "../../adapter-support.js";
import { findTaskTool, resolvePtcTools, taskDispatch, toToolDefinitions } from "./agent-tools.js";
import { codeInterruptOn } from "./code-approvals.js";
import type { AgentTool, ResolvedMiddlewareOptions } from "./middleware-options.js";

export interface EvalContext {
  config: Record<string, unknown>;
  writer?: (chunk: unknown) => void;
  /** Graph-state writes of the tools this eval called (see agent-tools' unwrapOutput). */
  stateUpdates: [string, unknown][];
}

/** Written before a paused eval raises its interrupt: which tool call paused, and how many resumes it applied. */
export interface PauseMarker {
  toolCallId: string;
  resumesApplied: number;
}

const MARKER_PREFIX = "lc-pause:";
/** Snapshots whose order is remembered (only the newest matter: those of one graph step). */
const MAX_ORDERED_SNAPSHOTS = 1024;

interface Generation {
  signature: string;
  interpreter: Promise<Interpreter>;
  running: number;
  retired: boolean;
  disposed: boolean;
}

export class AgentInterpreters {
  readonly store: SnapshotStore;
  readonly #options: ResolvedMiddlewareOptions;
  readonly #contexts = new Map<string, EvalContext>();
  /** Background cells still running (yieldAfterMs): their tools keep the context of the call that started them. */
  readonly #cellContexts = new Map<string, EvalContext>();
  /** One eval per thread at a time here too, so a thread's context is the running eval's (parallel tool calls). */
  readonly #queues = new SerialQueues();
  readonly #latestSnapshot = new Map<string, string>();
  /** The order in which this process saw recent snapshots (for the graph state's reducer). */
  readonly #snapshotOrder = new Map<string, number>();
  #snapshotsSeen = 0;
  #current: Generation | null = null;
  #disposed = false;

  constructor(options: ResolvedMiddlewareOptions) {
    this.#options = options;
    this.store = options.interpreter.store ?? memoryStore();
  }

  /** Called at every model call with the agent's tools: keeps the interpreter's tools in step. */
  syncTools(agentTools: readonly unknown[]): void {
    this.#ensure(resolvePtcTools(this.#options.ptc, agentTools), this.#options.subagents ? findTaskTool(agentTools) : undefined);
  }

  /**
   * The current interpreter (made from the tool instances in `ptc` when no model call happened yet).
   * `keep(settled)`: the program goes on as a background cell; its tools use `context`, and its
   * interpreter is not disposed, until `settled`.
   */
  async run<T>(threadId: string, context: EvalContext, work: (interpreter: Interpreter, keep: (settled: Promise<void>) => void) => Promise<T>): Promise<T> {
    if (this.#disposed) throw new Error("createCodeInterpreterMiddleware: the middleware was disposed");
    if (!this.#current) this.#ensure(this.#options.ptc.filter((entry): entry is AgentTool => typeof entry !== "string"), undefined);
    const generation = this.#current!;
    generation.running++;
    let kept: Promise<void> | undefined;
    const keep = (settled: Promise<void>) => {
      kept = settled;
      this.#cellContexts.set(threadId, context);
    };
    try {
      return await this.#queues.run(threadId, async () => {
        this.#contexts.set(threadId, context);
        try {
          return await work(await generation.interpreter, keep);
        } finally {
          if (this.#contexts.get(threadId) === context) this.#contexts.delete(threadId);
        }
      });
    } finally {
      const release = () => {
        generation.running--;
        this.#disposeIfRetired(generation);
      };
      if (!kept) release();
      else {
        void kept.then(() => {
          if (this.#cellContexts.get(threadId) === context) this.#cellContexts.delete(threadId);
          release();
        });
      }
    }
  }

  /** The interpreter of the agent's current tool set (created if needed). */
  async interpreter(): Promise<Interpreter> {
    if (this.#disposed) throw new Error("createCodeInterpreterMiddleware: the middleware was disposed");
    if (!this.#current) this.#ensure(this.#options.ptc.filter((entry): entry is AgentTool => typeof entry !== "string"), undefined);
    return this.#current!.interpreter;
  }

  async systemPrompt(): Promise<string> {
    if (!this.#current) this.#ensure(this.#options.ptc.filter((entry): entry is AgentTool => typeof entry !== "string"), undefined);
    const prompt = (await this.#current!.interpreter).systemPrompt();
    const custom = this.#options.systemPrompt;
    if (custom === undefined) return prompt;
    // Keep the generated tool and subagent sections; replace the instructions before them.
    const sections = [prompt.indexOf("\n\nTools ("), prompt.indexOf("\n\nSubagents:")].filter((index) => index >= 0);
    return sections.length ? custom + prompt.slice(Math.min(...sections)) : custom;
  }

  latestSnapshotId(threadId: string): string | undefined {
    return this.#latestSnapshot.get(threadId);
  }

  noteSnapshot(threadId: string, snapshotId: string): void {
    this.#latestSnapshot.set(threadId, snapshotId);
  }

  /** The thread was reset: it has no snapshot now. */
  forgetSnapshot(threadId: string): void {
    this.#latestSnapshot.delete(threadId);
  }

  /**
   * Of two snapshot ids written to the graph state in one step (parallel tool calls), the one this
   * process took later; `next` when it cannot tell. LangGraph applies a step's writes in the order
   * of its tasks, not in the order they finished.
   */
  laterSnapshot(previous: string, next: string): string {
    const previousSeen = this.#snapshotOrder.get(previous);
    const nextSeen = this.#snapshotOrder.get(next);
    return previousSeen !== undefined && nextSeen !== undefined && previousSeen > nextSeen ? previous : next;
  }

  /** The marker this adapter wrote (signed and checked with the snapshotSigningKey, bound to the thread). */
  async pauseMarker(threadId: string): Promise<PauseMarker | undefined> {
    const bytes = await this.store.get(MARKER_PREFIX + threadId);
    if (!bytes) return undefined;
    const marker = await openJson(bytes, `pause marker of thread ${JSON.stringify(threadId)}`, this.#options.interpreter.snapshotSigningKey);
    const valid = typeof marker === "object" && marker !== null && typeof (marker as PauseMarker).toolCallId === "string" && Number.isSafeInteger((marker as PauseMarker).resumesApplied) && (marker as PauseMarker).resumesApplied >= 0;
    if (!valid) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the pause marker of thread "${threadId}" is not one`, { reason: "truncated" });
    return marker as PauseMarker;
  }

  async setPauseMarker(threadId: string, marker: PauseMarker): Promise<void> {
    const bytes = await sealJson(marker, `pause marker of thread ${JSON.stringify(threadId)}`, this.#options.interpreter.snapshotSigningKey);
    await this.store.put(MARKER_PREFIX + threadId, bytes, { sizeBytes: bytes.length, createdAt: Date.now(), threadId, kind: "log" });
  }

  async clearPauseMarker(threadId: string): Promise<void> {
    await this.store.delete(MARKER_PREFIX + threadId);
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    const current = this.#current;
    this.#current = null;
    if (current) await (await current.interpreter.catch(() => null))?.dispose();
  }

  #ensure(tools: AgentTool[], taskTool: AgentTool | undefined): void {
    const evalFor = (threadId: string) => this.#cellContexts.get(threadId) ?? this.#contexts.get(threadId);
    // Agent tools a program may call (ptc), then the quickbox tools (their allowedCallers decide).
    const definitions = [...toToolDefinitions(tools, evalFor), ...this.#options.quickboxTools];
    const subagents = taskTool ? taskDispatch(taskTool, evalFor) : undefined;
    const signature = JSON.stringify({
      tools: definitions.map((definition) => [definition.name, definition.description ?? "", definition.inputSchema ?? null]),
      subagents: subagents?.types ?? null,
    });
    if (this.#current?.signature === signature) return;
    const previous = this.#current;
    const userOnEvent = this.#options.interpreter.onEvent;
    // Calls from code wait for what the agent's approvals require of direct calls (code-approvals.ts).
    const gated = [...tools.map((tool) => tool.name), ...(subagents ? ["task"] : [])];
    const interruptOn = codeInterruptOn(gated, {
      configured: this.#options.interpreter.interruptOn,
      evalFor,
      warn: (threadId, message) => this.#onEvent({ type: "warning", threadId, message }, userOnEvent),
    });
    this.#current = {
      signature,
      running: 0,
      retired: false,
      disposed: false,
      interpreter: createInterpreter({
        ...(this.#options.interpreter as Omit<InterpreterOptions, "interruptOn">),
        store: this.store,
        tools: definitions,
        interruptOn,
        ...(subagents ? { subagents } : {}),
        onEvent: (event) => this.#onEvent(event, userOnEvent),
      }),
    };
    if (previous) {
      previous.retired = true;
      this.#disposeIfRetired(previous);
    }
  }

  #onEvent(event: InterpreterEvent, userOnEvent: ((event: InterpreterEvent) => void) | undefined): void {
    if (event.type === "snapshot") {
      this.#latestSnapshot.set(event.threadId, event.snapshot.id);
      this.#noteOrder(event.snapshot.id);
    }
    const threadId = "threadId" in event ? event.threadId : undefined;
    if (threadId !== undefined) {
      try {
        (this.#cellContexts.get(threadId) ?? this.#contexts.get(threadId))?.writer?.({ quickbox: event });
      } catch {
        // A stream writer that throws must not break the program.
      }
    }
    userOnEvent?.(event);
  }

  #noteOrder(snapshotId: string): void {
    this.#snapshotOrder.delete(snapshotId);
    this.#snapshotOrder.set(snapshotId, ++this.#snapshotsSeen);
    if (this.#snapshotOrder.size > MAX_ORDERED_SNAPSHOTS) this.#snapshotOrder.delete(this.#snapshotOrder.keys().next().value!);
  }

  #disposeIfRetired(generation: Generation): void {
    if (!generation.retired || generation.running > 0 || generation.disposed) return;
    generation.disposed = true;
    void generation.interpreter.then((interpreter) => interpreter.dispose()).catch(() => {});
  }
}
