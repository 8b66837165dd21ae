/** Public types of the quickbox/openai-agents adapter. */
import type { FunctionTool, RunContext, Tool } from "@openai/agents";
import type { Interpreter, InterpreterOptions, ToolDefinition } from "../../index.js";

/**
 * The SDK's generics: a tool or agent of any run context. `any` rather than `unknown` on purpose:
 * the context is a parameter of the tools' functions, so `FunctionTool<MyContext>` is not a
 * `FunctionTool<unknown>`.
 */
export type AnyContext = any;

/** A thread id, or a function of the run's context (e.g. a conversation id in `context`) that picks one. */
export type CodeThreadId = string | ((runContext: RunContext<unknown>) => string);

export interface CreateCodeToolOptions extends Omit<InterpreterOptions, "tools" | "subagents"> {
  /**
   * The Agents SDK tools the program may call, as `tools.<camelCaseName>(input)` — usually the
   * agent's other tools. Function tools only (hosted tools run at OpenAI and are left out, as is the
   * code tool itself); a tool whose `allowedCallers` lacks "programmatic" (`["direct"]`) is never
   * reachable from code. A tool's `needsApproval` holds its calls from code as it does direct calls.
   */
  tools?: readonly Tool<AnyContext>[];
  /** quickbox ToolDefinitions next to them (e.g. `await mcpTools(client)` from quickbox/mcp). */
  quickboxTools?: ToolDefinition[];
  /** The code tool's name (default "run_code"). */
  name?: string;
  /** Replaces the code tool's description (default: a short one naming the tools; see `systemPrompt()`). */
  description?: string;
  /** The thread a new program runs in (default: one thread per code tool, with an id unique to it). */
  threadId?: CodeThreadId;
  /**
   * The name of the agent that stands for the program in the run (held calls are its tool calls:
   * `interruption.agent.name`). Default `quickbox <name>`; agent names must be unique in a run.
   */
  programAgentName?: string;
}

export interface CodeToolControls {
  /** The interpreter's rules and tool signatures, for the agent's `instructions`. Creates the interpreter. */
  systemPrompt(): Promise<string>;
  /** The interpreter, created on first use. */
  interpreter(): Promise<Interpreter>;
  /** Disposes the interpreter (if it was created); later calls throw `QuickboxError` `DISPOSED`. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** An Agents SDK function tool (put it in the agent's `tools`) plus the controls above. */
export type CodeTool = FunctionTool<AnyContext, AnyContext, string> & CodeToolControls;
