/** Public types of the quickbox/ai adapter. */
import type { ModelMessage, Tool, ToolExecutionOptions, ToolSet } from "ai";
import type { Decision, EvalResult, Interpreter, InterpreterOptions, Interrupt, ToolCallerType, ToolDefinition } from "../../index.js";

/** What the model sends to the code tool. */
export interface CodeToolInput {
  /** The program to run. */
  code?: string;
  /** With `yieldAfterMs`: instead of code, a program still running (its `cellId`) to wait for. */
  cellId?: string;
  /** With cellId: stop that program. */
  cancel?: boolean;
}

/** What the code tool returns (the app reads it in `toolResults`; the model reads `text`, see README). */
export interface CodeToolOutput {
  status: EvalResult["status"];
  /** quickbox's wire text: `<stdout>`, then `<result>`, `<error>` or `<paused>`; `<running>` naming this tool's `{ cellId }` calls. */
  text: string;
  /** The thread the program ran in: pass it to `resume`. */
  threadId: string;
  /** status "ok": a copy of the result, when JSON can carry it (left out otherwise, e.g. with a BigInt: the AI SDK stores and streams outputs as JSON). */
  value?: unknown;
  /** status "error": the error's type (e.g. "ToolError", "Timeout") and message. */
  error?: { type: string; message: string };
  /** status "paused": the calls waiting for a decision (`id`, `name`, `args`, `allowedDecisions`). */
  interrupts?: Interrupt[];
  /** status "running" (`yieldAfterMs`): the program goes on; the model calls the tool again with `{ cellId }`. */
  cellId?: string;
  /** The program run (as its tool calls' `ctx.caller.evalId` and in `onEvent` events), also while it is still running. */
  evalId?: string;
}

/** A thread id, or a function of the AI SDK tool call (e.g. of `experimental_context`) that picks one. */
export type CodeThreadId = string | ((call: ToolExecutionOptions) => string);

export interface CreateCodeToolOptions extends Omit<InterpreterOptions, "tools"> {
  /** AI SDK tools, `{ name: tool }` as `generateText` takes them; the program calls `tools.<camelCaseName>(input)`. */
  tools?: ToolSet;
  /** quickbox ToolDefinitions next to them (e.g. `await mcpTools(client)` from quickbox/mcp); each with its own `allowedCallers`. */
  quickboxTools?: ToolDefinition[];
  /**
   * Who may call the AI SDK tools in `tools`, by name (default both): `["program"]` is code-only
   * (left out of `directTools()`), `["direct"]` direct-only (not in the program's `tools`).
   */
  allowedCallers?: Record<string, ToolCallerType[]>;
  /** Default: one thread per code tool, with an id unique to it. */
  threadId?: CodeThreadId;
  /** Replaces the code tool's description (default: a short one naming the tools; see `systemPrompt()`). */
  description?: string;
  /**
   * Background cells: a program still running after this many ms returns `status: "running"` with a
   * `cellId`; the model calls the tool again with `{ cellId }` (waits up to this long again) or
   * `{ cellId, cancel: true }`. Off by default: the tool waits for every program's end.
   */
  yieldAfterMs?: number;
}

/** What `resume` passes on to the tools that run after the decision. */
export interface ResumeCodeOptions {
  signal?: AbortSignal;
  /** Given to the AI SDK tools' `execute` and `needsApproval` as `messages` (default []). */
  messages?: ModelMessage[];
  /** Given to the AI SDK tools' `execute` and `needsApproval` as `experimental_context`. */
  experimental_context?: unknown;
}

/** A thread whose program waits for decisions. */
export interface PausedProgram {
  threadId: string;
  interrupts: Interrupt[];
}

export interface CodeToolControls {
  /** Decides interrupts of a paused program (by interrupt id) and continues it where it stopped. */
  resume(threadId: string, decisions: Record<string, Decision>, options?: ResumeCodeOptions): Promise<CodeToolOutput>;
  /** Programs waiting for decisions (also after a reload, with a persistent `store`). */
  pending(): Promise<PausedProgram[]>;
  /**
   * The tools to offer the model besides the code tool: those of `tools` and `quickboxTools` whose
   * allowedCallers include "direct" (quickbox tools run with `ctx.caller` `{ type: "direct" }`).
   * `generateText({ tools: { run_code: code, ...code.directTools() } })`.
   */
  directTools(): ToolSet;
  /** The interpreter's rules and tool signatures, for `generateText({ system })`. Creates the interpreter. */
  systemPrompt(): Promise<string>;
  /** The interpreter, created on first use (first call, `resume`, `pending`, `systemPrompt`). */
  interpreter(): Promise<Interpreter>;
  /** Disposes the interpreter (if it was created); later calls throw `QuickboxError` `DISPOSED`. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** An AI SDK tool (put it in `generateText({ tools })`) plus the controls above. */
export type CodeTool = Tool<CodeToolInput, CodeToolOutput> & CodeToolControls;
