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
  /**
   * The call's id: `call_` + 26 characters of [0-9a-z], never reissued (across threads, processes,
   * resets, forks, modes), so it can be the idempotency key of the call's effect in the outside
   * world. A direct call: the model's tool call id.
   */
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
  /**
   * Whether a program's call of this tool waits for a person's decision (as an `interruptOn`
   * entry: `true`, `{ allowedDecisions?, description? }` or a predicate). The interpreter's
   * `interruptOn` entry for the tool, if any (`false` too), replaces it. Adapters set it from what
   * the framework says (quickbox/mcp: tools annotated `destructiveHint: true`).
   */
  needsApproval?: InterruptOnSetting;
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
  /**
   * A thread whose snapshot another build wrote was rebuilt on this one by replaying its journal
   * (cells and calls replayed; nothing external ran again), then snapshotted anew.
   */
  | { type: "replay"; threadId: string; cells: number; calls: number; durationMs: number }
  | { type: "pause"; threadId: string; interrupts: Interrupt[] }
  | { type: "snapshot"; threadId: string; snapshot: SnapshotInfo }
  | { type: "warning"; threadId?: string; message: string };

export type Isolation = "worker" | "inline";
/** "thread": state lives across evals and turns; "turn": until endTurn(); "call": fresh every eval. */
export type PersistenceMode = "thread" | "turn" | "call";
export type RecoverDecision = "retry" | "fail";

export type { AtomicSnapshotStore, ImportThreadOptions, PrunableSnapshotStore, PruneOptions, SnapshotStore, StoreRecord, StoreRecordMeta, ThreadBundle } from "./store-types.js";
import type { ImportThreadOptions, SnapshotStore, ThreadBundle } from "./store-types.js";

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
  /**
   * Calls that wait for a person's decision, by the tool's own name (and "task" for task()): the
   * eval pauses durably. Decided on the host, per call, before anything runs: `true` (all four
   * decisions), `{ allowedDecisions?, description? }`, or a predicate of the call's validated
   * arguments (a throwing predicate holds the call, with a warning).
   */
  interruptOn?: Record<string, InterruptOnSetting>;
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
  /**
   * Per thread: the most its journal may hold (what replay needs to rebuild the thread on another
   * build). Past it the thread works on but is no longer replayable (`threads()` says so, and a
   * warning is given once). Default 4 MiB.
   */
  maxJournalBytes?: number;
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
  /** Only a cell of this thread (a conversation's scope): another thread's cell is UNKNOWN_CELL. */
  threadId?: string;
}

export interface CancelOptions {
  /** Only a cell of this thread (a conversation's scope): another thread's cell is UNKNOWN_CELL. */
  threadId?: string;
}

export interface EvalError {
  type: string;
  message: string;
  stack?: string;
  details?: Record<string, unknown>;
}

export type DecisionType = "approve" | "edit" | "reject" | "respond";

/** How a held call may be decided, and what the reviewer is told. */
export interface HoldSettings {
  /** Default: all four. */
  allowedDecisions?: DecisionType[];
  /** Shown with the interrupt (Interrupt.description). */
  description?: string;
}

/** What an interruptOn predicate is told about the call besides its arguments. */
export interface HoldContext {
  threadId: string;
  /** The call's id: its ctx.callId if it runs, its Interrupt.id if it is held. */
  callId: string;
  kind: "tool" | "task";
  /** The tool's own name, or for task() the subagent type. */
  name: string;
  caller: ToolCaller;
}

/**
 * Decides one call: hold it (true, or how it may be decided) or let it run (false). The arguments
 * are already validated against the tool's input schema.
 */
export type HoldPredicate = (args: unknown, context: HoldContext) => boolean | HoldSettings | PromiseLike<boolean | HoldSettings>;

/** One interruptOn entry: always hold (`true`, or with settings), never (`false`), or decided per call. */
export type InterruptOnSetting = boolean | HoldSettings | HoldPredicate;
export type Decision = { type: "approve" } | { type: "edit"; args: unknown } | { type: "reject"; message?: string } | { type: "respond"; value: unknown };

/**
 * A call held for a decision. `id` is the call's callId: the same string the tool sees as
 * `ctx.callId` when it runs, `recover` receives, and `tool-call` events carry.
 */
export interface Interrupt {
  id: string;
  kind: "tool" | "task";
  name: string;
  args: unknown;
  allowedDecisions: DecisionType[];
  /** From interruptOn (a setting's or predicate's `description`). */
  description?: string;
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
  /**
   * Whether the thread can be rebuilt from its journal on another build (an upgrade of quickbox or
   * of the app that changes the guest prelude or QuickJS). False past maxJournalBytes, after a cell
   * a budget stopped, and for threads stored before journals were kept.
   */
  replayable: boolean;
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
  cancel(cellId: string, options?: CancelOptions): Promise<EvalResult>;
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
  /**
   * The thread (paused or not) as one self-contained value, to move it to another store or runtime:
   * its current state is stored first. A paused thread keeps its held calls and their ids.
   */
  exportThread(threadId: string): Promise<ThreadBundle>;
  /**
   * Writes a bundle (exportThread's value, or its bytes) into this interpreter's store as a thread
   * (THREAD_EXISTS if it is there): the next eval or resume restores it — or, when another build
   * made it, rebuilds it from its journal.
   */
  importThread(bundle: ThreadBundle | Uint8Array, options?: ImportThreadOptions): Promise<void>;
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
