/** Public types of the quickbox contract (DESIGN.md §3). */

export type Isolation = "worker" | "inline";
export type ClockMode = "virtual" | "real";

export interface InterpreterOptions {
  /** Where the interpreter runs. This version implements "inline" (same thread). */
  isolation?: Isolation;
  /** Guest CPU time per eval; time awaiting the host is excluded. Default 5000. */
  timeoutMs?: number;
  /** Whole eval including host calls and timers. Default 60000. */
  wallTimeoutMs?: number;
  /** Hard cap per thread: the thread's fixed-size linear memory. Default 64 MiB, at least 16 MiB. */
  memoryLimitBytes?: number;
  /** QuickJS stack limit. Default 256 KiB. */
  maxStackSizeBytes?: number;
  /** Limit on the result's `value` copy, serialized. Default 1 MiB. */
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
