/**
 * The Executor contract of `@cloudflare/codemode` (its `executor-types`), written out so this entry
 * needs nothing of the package at run time: `execute(code, providers, options?)` resolves to
 * `{ result, error?, logs? }` and never rejects.
 */
import type { Interpreter, InterpreterOptions } from "../../index.js";

export type CodemodeFunction = (...args: unknown[]) => Promise<unknown>;

/** A namespace of functions the program calls as `<name>.<fn>(…)` (codemode's default name: "codemode"). */
export interface ResolvedProvider {
  name: string;
  fns: Record<string, CodemodeFunction>;
  /** Source run in the sandbox before the program (helpers built on the namespace). */
  prelude?: string;
}

/** A connector: `<name>.<method>(args)` calls `binding.callTool(method, args)`. */
export interface ConnectorBinding {
  name: string;
  binding: { callTool(method: string, args: unknown): Promise<unknown> };
}

export interface ExecuteOptions {
  connectors?: ConnectorBinding[];
}

export interface ExecuteResult {
  result: unknown;
  error?: string;
  logs?: string[];
}

export interface Executor {
  execute(code: string, providersOrFns: ResolvedProvider[] | Record<string, CodemodeFunction>, options?: ExecuteOptions): Promise<ExecuteResult>;
}

/**
 * quickbox's limits and runtime choices. Each `execute` runs in a thread of its own, discarded after,
 * so there is no thread policy to set (mode, store); the functions come with each call (no `tools`).
 */
export type QuickboxExecutorOptions = Omit<InterpreterOptions, "tools" | "subagents" | "interruptOn" | "mode" | "store" | "skills">;

export interface QuickboxExecutor extends Executor {
  /** The interpreter the executions share, created on first use. */
  interpreter(): Promise<Interpreter>;
  /** Disposes the interpreter (if one was created); later executions answer with an error. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}
