/** Public types of the quickbox contract (DESIGN.md §3). */
import type { StandardSchemaV1 } from "@standard-schema/spec";

/** A JSON Schema object (draft 4, 7, 2019-09 or 2020-12). */
export type JsonSchema = { [key: string]: unknown } | boolean;
/** JSON Schema, a zod v4 schema, or any Standard Schema. */
export type ToolSchema = JsonSchema | StandardSchemaV1;

/** What a tool's `execute` (and a subagent dispatch) gets besides its input. */
export interface ToolContext {
  threadId: string;
  /** Unique per call within the thread. */
  callId: string;
  /** Aborted when the eval is cancelled, times out or ends while the call is still running. */
  signal: AbortSignal;
}

export interface ToolDefinition<TInput = unknown> {
  /** Exposed to the program as `tools.<camelCase(name)>` (`web_search` → `tools.webSearch`). */
  name: string;
  description?: string;
  /** Validated before `execute` runs; a failure rejects the program's await with ToolInputError. */
  inputSchema?: ToolSchema;
  /** Only describes the result (the prompt's return type); results are not validated. */
  outputSchema?: ToolSchema;
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
  /** A skill's files, path → source (JavaScript or TypeScript modules; the entry is index.ts/js), or undefined. */
  files(name: string): Promise<Record<string, string> | undefined> | Record<string, string> | undefined;
}

export type InterpreterEvent =
  | {
      type: "tool-call";
      phase: "start" | "end";
      threadId: string;
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
  | { type: "restart"; threadId: string; reason: string }
  | { type: "warning"; threadId?: string; message: string };

export type Isolation = "worker" | "inline";
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
  /** Worker pool size (isolation "worker"). Default 1. */
  workers?: number;
  /** Tool calls, task() calls, restarts and warnings as they happen. */
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
  /** "virtual" (default): Date.now() starts at 0 and moves only with timers. "real": the host clock. */
  clock?: ClockMode;
  /** A number makes Math.random deterministic per thread. */
  randomSeed?: number;
  /** A compiled QuickJS WebAssembly.Module (required on workerd). */
  wasmModule?: WebAssembly.Module;
}

export interface EvalOptions {
  /** Default "default". */
  threadId?: string;
  /** Aborting resolves the eval with `error.type: "Cancelled"`. */
  signal?: AbortSignal;
}

export interface EvalError {
  type: string;
  message: string;
  stack?: string;
  details?: Record<string, unknown>;
}

export type DecisionType = "approve" | "edit" | "reject" | "respond";

export interface Interrupt {
  id: string;
  kind: "tool" | "task";
  name: string;
  args: unknown;
  allowedDecisions: DecisionType[];
}

export interface EvalResult {
  status: "ok" | "error" | "paused";
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
}

export interface Interpreter {
  eval(code: string, options?: EvalOptions): Promise<EvalResult>;
  reset(threadId: string): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  systemPrompt(): string;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}
