/** Public types of the quickbox contract (DESIGN.md §3). */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { WasmModule, WebCryptoKey } from "./platform-types.js";

/** A JSON Schema object (draft 4, 7, 2019-09 or 2020-12). */
export type JsonSchema = { [key: string]: unknown } | boolean;
/** JSON Schema, a zod v4 schema, or any Standard Schema. */
export type ToolSchema = JsonSchema | StandardSchemaV1;

/** Who may call a tool: a program (`await tools.x()`), or the host / a framework adapter directly (the model's own tool call). */
export type ToolCallerType = "program" | "direct";

/**
 * Who made a tool call. "program": the thread's program; `evalId` names the run it belongs to, one
 * per `eval()`, kept by every `resume()` of that run (also in another process), so the calls of one
 * program share it across pauses. "direct": the host or an adapter called the tool itself (e.g. the
 * model called it as its own tool through quickbox/langchain or quickbox/ai).
 */
export type ToolCaller = { type: "program"; threadId: string; evalId: string } | { type: "direct" };

/** What a tool's `execute` (and a subagent dispatch) gets besides its input. */
export interface ToolContext {
  /** The program's thread; for a direct call, the adapter's thread (the conversation), when it has one. */
  threadId: string;
  /** Unique per call within the thread (a direct call: the model's tool call id). */
  callId: string;
  /** Aborted when the eval is cancelled, times out or ends while the call is still running. */
  signal: AbortSignal;
  /** Who made the call: a program (with its thread and eval), or a direct call. */
  caller: ToolCaller;
}

export interface ToolDefinition<TInput = unknown> {
  /** Exposed to the program as `tools.<camelCase(name)>` (`web_search` → `tools.webSearch`). */
  name: string;
  description?: string;
  /** Validated before `execute` runs; a failure rejects the program's await with ToolInputError. */
  inputSchema?: ToolSchema;
  /** Only describes the result (the prompt's return type); results are not validated. */
  outputSchema?: ToolSchema;
  /**
   * Who may call it. Default both. Without "program" the tool is not in the program's `tools` (nor
   * in the system prompt or `tools.$search`); without "direct" the adapters never offer it to the
   * model as a tool of its own (it is code-only).
   */
  allowedCallers?: ToolCallerType[];
  execute(input: TInput, context: ToolContext): unknown;
}

/** What the program passes to `task()`. */
export interface TaskRequest {
  description: string;
  subagentType: string;
  label?: string;
  /** When given, a string reply is parsed as JSON and checked against it. */
  responseSchema?: { [key: string]: unknown };
}

export interface SubagentOptions {
  dispatch(request: TaskRequest, context: ToolContext): unknown;
  types?: { name: string; description: string }[];
}

/** Where interpreter skills come from: `await import("@/skills/<name>")` in the program. */
export interface SkillsBackend {
  /** Names of the available skills. */
  list(): Promise<string[]> | string[];
  /** A skill's files, path (relative to the skill) → source: JS/TS/JSX modules (the entry is index.ts/js, or the only module) and any other files, or undefined. */
  files(name: string): Promise<Record<string, string> | undefined> | Record<string, string> | undefined;
}

export type InterpreterEvent =
  | {
      type: "tool-call";
      phase: "start" | "end";
      threadId: string;
      /** Calls from a program: its eval (as ctx.caller.evalId and EvalResult.evalId). */
      evalId?: string;
      callId: string;
      name: string;
      args: unknown;
      durationMs?: number;
      ok?: boolean;
      error?: string;
    }
  | {
      type: "task";
      phase: "start" | "end";
      threadId: string;
      callId: string;
      subagentType: string;
      description: string;
      label?: string;
      durationMs?: number;
      ok?: boolean;
      error?: string;
    }
  /**
   * The program called `progress(value)`: `value` is a copy (as EvalResult.value), sent at once
   * while the program keeps running. `evalId` is the eval's (as in ToolCaller; a resume keeps
   * it); `seq` numbers the streamed events (progress and stdout) of one eval or resume 1, 2, …
   * in the order the program made them.
   */
  | { type: "progress"; threadId: string; evalId: string; seq: number; value: unknown }
  /** Console text as the program prints it (option `streamConsole`), within maxResultChars per eval. */
  | { type: "stdout"; threadId: string; evalId: string; seq: number; text: string }
  | { type: "restart"; threadId: string; reason: string }
  | { type: "pause"; threadId: string; interrupts: Interrupt[] }
  | { type: "snapshot"; threadId: string; snapshot: SnapshotInfo }
  | { type: "warning"; threadId?: string; message: string };

export type Isolation = "worker" | "inline";
/** "thread": state lives across evals and turns; "turn": until endTurn(); "call": fresh every eval. */
export type PersistenceMode = "thread" | "turn" | "call";
export type RecoverDecision = "retry" | "fail";

/** Metadata kept with every record of a SnapshotStore. */
export interface StoreRecordMeta {
  sizeBytes: number;
  createdAt: number;
  threadId?: string;
  kind?: "full" | "delta" | "head" | "log" | "base";
}

export interface StoreRecord extends StoreRecordMeta {
  key: string;
}

export interface PruneOptions {
  /** Per thread, keep this many of its newest snapshots (besides those its head needs). */
  keepLast?: number;
  /** Remove snapshots older than this (unless a head needs them). */
  olderThanMs?: number;
  /** Snapshot ids that must be kept (e.g. referenced by checkpoints). */
  keep?: string[];
}

/**
 * Where snapshots live: immutable, content-addressed snapshot records plus small mutable
 * records (thread heads). Writes of one key must be atomic: a failed or interrupted put leaves
 * the previous value readable. See docs/snapshot-format.md for the key layout.
 */
export interface SnapshotStore {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<void>;
  delete(key: string): Promise<void>;
  list(prefix?: string): Promise<StoreRecord[]>;
  /** Removes snapshots no thread head (and no `keep` id) needs; returns the removed ids. */
  prune?(options?: PruneOptions): Promise<{ removed: string[] }>;
  /**
   * Compare-and-swap of one record: writes `next` (or deletes the key when `next` is undefined)
   * only if the key's current value is byte-equal to `expected` (undefined: only if the key is
   * absent), atomically against every other compareAndSet of the key, also from other processes
   * or tabs. Resolves true when it wrote, false when the current value was something else.
   * Thread heads are written with it, so two interpreters deciding one pause cannot both win.
   * Optional: without it quickbox reads, compares and writes, and two writers at the same instant
   * can both succeed (README, "Several interpreters, one store").
   */
  compareAndSet?(key: string, expected: Uint8Array | undefined, next: { value: Uint8Array; meta: StoreRecordMeta } | undefined): Promise<boolean>;
}

/** The stores quickbox ships (memoryStore, fsStore, idbStore, kvStore, …) all implement prune. */
export type PrunableSnapshotStore = SnapshotStore & Required<Pick<SnapshotStore, "prune">>;

/** The stores that can decide races (all built-in stores but kvStore): prune and compareAndSet. */
export type AtomicSnapshotStore = PrunableSnapshotStore & Required<Pick<SnapshotStore, "compareAndSet">>;

export interface SnapshotInfo {
  id: string;
  threadId: string;
  sizeBytes: number;
  createdAt: number;
  kind: "full" | "delta";
  paused: boolean;
}
export type ClockMode = "virtual" | "real";

export interface InterpreterOptions {
  /** "worker" (default in browsers, Node and Deno): a Web Worker / worker_threads pool. "inline": this thread. */
  isolation?: Isolation;
  /** Host functions the program calls as `await tools.<camelCaseName>(input)`. */
  tools?: ToolDefinition<never>[];
  /** Enables `await task({ description, subagentType })`, dispatched here on the host. */
  subagents?: SubagentOptions;
  /** Tool calls per eval; null = unlimited (trusted code only). Default 256. */
  maxToolCalls?: number | null;
  /** Tool calls running at once; more wait their turn. Default 32. */
  maxConcurrentToolCalls?: number;
  /** task() calls per eval; null = unlimited. Default 64. */
  maxTaskCalls?: number | null;
  /** task() calls running at once. Default 32. */
  maxConcurrentTasks?: number;
  /** true: the program sees "Tool failed" instead of a tool's error message. */
  sanitizeToolErrors?: boolean;
  /** "signatures" (default): the system prompt lists every tool's TypeScript signature; "names": names only (use tools.$describe). */
  promptTools?: "signatures" | "names";
  /** Modules the program can import as `@/skills/<name>` (each loaded once per thread, at most 1 MiB). */
  skills?: SkillsBackend;
  /** Tool names (and "task") whose calls wait for a human decision: the eval pauses durably. */
  interruptOn?: Record<string, boolean | { allowedDecisions: DecisionType[] }>;
  /** "thread" (default), "turn" or "call". */
  mode?: PersistenceMode;
  /** Where snapshots go. Default memoryStore(); passing one persists every eval that changes a thread. */
  store?: SnapshotStore;
  /** HMAC-SHA256 key: snapshots are signed and verified on restore. */
  snapshotSigningKey?: string | Uint8Array | WebCryptoKey;
  /** AES-GCM key (16/24/32 raw bytes or a CryptoKey): snapshots are encrypted at rest. */
  encryptionKey?: Uint8Array | WebCryptoKey;
  /** Larger snapshots are not stored (warnings says so). Default memoryLimitBytes. */
  maxSnapshotBytes?: number;
  /** Idle threads beyond this hibernate into the store. Default 64. */
  maxLiveThreads?: number;
  /** A call that was executing when a process died: run it again, or fail it in the program. Default "fail". */
  recover?: (call: { threadId: string; callId: string; name: string; args: unknown }) => RecoverDecision | Promise<RecoverDecision>;
  /**
   * How long a claim another interpreter wrote on a paused thread holds (it is running the
   * approved calls). A resume or eval that finds a younger one fails with CONFLICT; an older one
   * is a resume that died, and its calls go to `recover`. Default wallTimeoutMs + 15 s.
   */
  claimTimeoutMs?: number;
  /** Worker pool size (isolation "worker"). Default 1. */
  workers?: number;
  /** Tool calls, task() calls, progress(), pauses, snapshots, restarts and warnings as they happen. */
  onEvent?: (event: InterpreterEvent) => void;
  /** Guest CPU time per eval; time awaiting the host is excluded. Default 5000. */
  timeoutMs?: number;
  /** Whole eval including host calls and timers. Default 60000. */
  wallTimeoutMs?: number;
  /** Hard cap per thread: the thread's fixed-size linear memory. Default 64 MiB, at least 16 MiB. */
  memoryLimitBytes?: number;
  /** QuickJS stack limit. Default 256 KiB. */
  maxStackSizeBytes?: number;
  /** Each tool argument object and each tool result, serialized; also bounds the result's `value` copy. Default 1 MiB. */
  maxToolPayloadBytes?: number;
  /** Limit on stdout and on the result/error body, in UTF-16 units of unescaped text. Default 4000. */
  maxResultChars?: number;
  /** Capture console output into `stdout`. Default true. */
  captureConsole?: boolean;
  /** true: console text also goes to onEvent as `stdout` events while the program runs. Default false. */
  streamConsole?: boolean;
  /** "virtual" (default): Date.now() starts at 0 and moves only with timers. "real": the host clock. */
  clock?: ClockMode;
  /** A number makes Math.random deterministic per thread. */
  randomSeed?: number;
  /** A compiled QuickJS WebAssembly.Module (required on workerd). */
  wasmModule?: WasmModule;
}

export interface EvalOptions {
  /** Default "default". */
  threadId?: string;
  /** Aborting resolves the eval with `error.type: "Cancelled"`. */
  signal?: AbortSignal;
  /**
   * A background cell: if the program is still running after this many ms, the eval returns
   * `status: "running"` with a `cellId` and the program goes on; `wait(cellId)` / `cancel(cellId)`.
   */
  yieldAfterMs?: number;
}

export interface ResumeOptions {
  signal?: AbortSignal;
  /** As for eval: a resumed program still running after this many ms becomes a background cell. */
  yieldAfterMs?: number;
}

export interface WaitOptions {
  /** How long to wait for the cell's end before answering "running" again. Default 30,000. */
  timeoutMs?: number;
}

export interface EvalError {
  type: string;
  message: string;
  stack?: string;
  details?: Record<string, unknown>;
}

export type DecisionType = "approve" | "edit" | "reject" | "respond";
export type Decision = { type: "approve" } | { type: "edit"; args: unknown } | { type: "reject"; message?: string } | { type: "respond"; value: unknown };

export interface Interrupt {
  id: string;
  kind: "tool" | "task";
  name: string;
  args: unknown;
  allowedDecisions: DecisionType[];
}

export interface EvalResult {
  /** "running": a background cell (`yieldAfterMs`) still running; see `cellId`. */
  status: "ok" | "error" | "paused" | "running";
  /** status "running" only: the background cell to `wait` for or `cancel`. */
  cellId?: string;
  /** The program run (as ctx.caller.evalId and in onEvent events); a resume keeps the paused eval's. */
  evalId?: string;
  /** The wire format the model reads (DESIGN.md §5). */
  text: string;
  /** ok only: a structured-clone-able copy of the result; functions and symbols become `{ $handle }`. */
  value?: unknown;
  /** Captured console text, bounded at capture. */
  stdout: string;
  error?: EvalError;
  interrupts?: Interrupt[];
  warnings?: string[];
  toolCalls: number;
  durationMs: number;
}

export type ThreadState = "idle" | "busy" | "paused" | "hibernated";

export interface ThreadInfo {
  threadId: string;
  state: ThreadState;
  pendingInterrupts: number;
  /** Paused threads: the interrupts waiting for decisions (e.g. to show them again after a reload). */
  interrupts?: Interrupt[];
}

export interface Interpreter {
  eval(code: string, options?: EvalOptions): Promise<EvalResult>;
  /** Decides some or all of a paused thread's interrupts (by id) and continues the program. */
  resume(threadId: string, decisions: Record<string, Decision>, options?: ResumeOptions): Promise<EvalResult>;
  /** A background cell's final result, or `status: "running"` again after `timeoutMs`. */
  wait(cellId: string, options?: WaitOptions): Promise<EvalResult>;
  /** Stops a background cell; resolves with its result (Cancelled, unless it had finished). */
  cancel(cellId: string): Promise<EvalResult>;
  /** mode "turn": resets the thread; mode "thread": writes a snapshot. */
  endTurn(threadId: string): Promise<void>;
  /** Writes a snapshot of the thread now. */
  snapshot(threadId: string): Promise<SnapshotInfo>;
  /** Copies a thread (also a paused one) to a new thread id. */
  fork(fromThreadId: string, toThreadId: string): Promise<void>;
  /**
   * Moves a thread back (or forward) to the state of one of its stored snapshots: time travel,
   * e.g. to the snapshot a LangGraph checkpoint recorded. Later snapshots stay in the store.
   */
  checkout(threadId: string, snapshotId: string): Promise<void>;
  reset(threadId: string): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  systemPrompt(): string;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

declare global {
  /**
   * `Symbol.asyncDispose` (explicit resource management: `await using qb = await createInterpreter()`),
   * declared here as @types/node does, so these types compile without the `esnext.disposable` lib.
   */
  interface SymbolConstructor {
    readonly asyncDispose: unique symbol;
  }
}
