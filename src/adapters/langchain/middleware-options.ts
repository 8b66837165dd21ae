/**
 * Options of the LangChain middleware: every createInterpreter option, plus the option names of
 * `@langchain/quickjs` as aliases, so switching is a one-line change. Giving both names of one
 * option is INVALID_OPTIONS.
 */
import { allowedCallersProblem, INTERPRETER_OPTION_NAMES, timerMsProblem } from "../../adapter-support.js";
import { QuickboxError, type InterpreterOptions, type InterruptOnSetting, type ToolCallerType, type ToolDefinition } from "../../index.js";

/** An agent tool as the middleware sees it (a LangChain StructuredTool or anything shaped like one). */
export interface AgentTool {
  name: string;
  description?: string;
  schema?: unknown;
  invoke(input: unknown, config?: unknown): Promise<unknown>;
}

/**
 * LangChain's `InterruptOnConfig`, as `humanInTheLoopMiddleware({ interruptOn })` and
 * `createDeepAgent({ interruptOn })` take it: give the middleware the same object.
 */
export interface LangChainInterruptOnConfig {
  allowedDecisions?: ("approve" | "edit" | "reject" | "respond")[];
  description?: string | ((toolCall: { name: string; args: Record<string, unknown>; id?: string }, state: unknown, runtime: unknown) => string | Promise<string>);
  argsSchema?: unknown;
  when?: (request: { toolCall: { name: string; args: Record<string, unknown>; id?: string }; state: unknown; runtime: unknown }) => boolean | Promise<boolean>;
}

export interface CodeInterpreterMiddlewareOptions extends Omit<InterpreterOptions, "tools" | "subagents" | "interruptOn"> {
  /**
   * Which calls from code wait for a person's decision, by tool name (and "task"): quickbox's
   * settings (`true`, `{ allowedDecisions?, description? }`, a predicate) or LangChain's
   * `InterruptOnConfig` — pass the agent's own `interruptOn` here, the same object you give
   * `createDeepAgent` or `humanInTheLoopMiddleware`. A run's `context.interruptOn` applies too.
   * Not given, on an agent with a human-in-the-loop middleware: every call from code waits.
   */
  interruptOn?: Record<string, InterruptOnSetting | LangChainInterruptOnConfig>;
  /**
   * Agent tools the program may call as `tools.<camelCaseName>`: names (resolved against the
   * agent's tools on every model call) or tool instances. The deepagents `task` tool cannot be
   * listed: the program reaches subagents through `task()`.
   */
  ptc?: (string | AgentTool)[];
  /**
   * Who may call the agent tools, by name (default both): `["program"]` makes a `ptc` tool
   * code-only (the model is not offered it; a direct call of it is refused). "program" is what
   * `ptc` lists, so a name here has "program" exactly when `ptc` lists it.
   */
  allowedCallers?: Record<string, ToolCallerType[]>;
  /**
   * quickbox ToolDefinitions (e.g. `await mcpTools(client)`), each with its own `allowedCallers`:
   * with "program" the program calls them; with "direct" the model is offered them as tools of
   * the middleware, run with `ctx.caller` `{ type: "direct" }`.
   */
  quickboxTools?: ToolDefinition[];
  /** Name of the tool the model calls with a program. Default "eval". */
  toolName?: string;
  /** Replaces the interpreter's base instructions in the system message (tool signatures stay). */
  systemPrompt?: string;
  /** `task()` in the program dispatches the agent's `task` tool (deepagents subagents). Default true. */
  subagents?: boolean;
  /** Alias of `timeoutMs` (@langchain/quickjs). */
  executionTimeoutMs?: number;
  /** Alias of `maxToolCalls` (@langchain/quickjs). */
  maxPtcCalls?: number | null;
  /**
   * Background cells: a program still running after this many ms goes on in the background, the
   * model gets `<running>` with its cell id, and a second tool, `wait_for_cell`, waits for it (again
   * at most this long per call) or cancels it. Default: off (an eval answers when the program ends).
   */
  yieldAfterMs?: number;
}

export interface ResolvedMiddlewareOptions {
  ptc: (string | AgentTool)[];
  /** Agent tools the model is not offered (allowedCallers without "direct"). */
  codeOnly: ReadonlySet<string>;
  quickboxTools: ToolDefinition[];
  toolName: string;
  systemPrompt: string | undefined;
  subagents: boolean;
  /** Background cells (off when undefined). */
  yieldAfterMs: number | undefined;
  /** createInterpreter's options (`interruptOn` as given: code-approvals.ts turns it into the interpreter's). */
  interpreter: Omit<InterpreterOptions, "tools" | "subagents" | "interruptOn"> & { interruptOn?: Record<string, unknown> };
}

const ALIASES = [
  ["executionTimeoutMs", "timeoutMs"],
  ["maxPtcCalls", "maxToolCalls"],
] as const;

/** The tool that waits for (or cancels) a background cell, offered only with `yieldAfterMs`. */
export const WAIT_TOOL_NAME = "wait_for_cell";

const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", `createCodeInterpreterMiddleware: ${message}`);
}

export function resolveMiddlewareOptions(input: CodeInterpreterMiddlewareOptions = {}): ResolvedMiddlewareOptions {
  if (typeof input !== "object" || input === null) invalid("options must be an object");
  const { ptc = [], toolName = "eval", systemPrompt, subagents = true, allowedCallers, quickboxTools = [], yieldAfterMs, ...rest } = input;
  const interpreter: Record<string, unknown> = { ...rest };
  for (const [alias, name] of ALIASES) {
    const aliasValue = interpreter[alias];
    delete interpreter[alias];
    if (aliasValue === undefined) continue;
    if (interpreter[name] !== undefined) invalid(`${alias} and ${name} are the same option; give one of them`);
    interpreter[name] = aliasValue;
  }
  if ("tools" in input) invalid("tools come from the agent: list their names (or the tools) in `ptc`");
  // A misspelt option fails here, not at the first model call.
  for (const key of Object.keys(interpreter)) {
    if (!INTERPRETER_OPTION_NAMES.has(key) || key === "subagents") {
      invalid(`unknown option ${JSON.stringify(key)}; known: ptc, allowedCallers, quickboxTools, toolName, systemPrompt, subagents, yieldAfterMs, ${ALIASES.map(([alias]) => alias).join(", ")}, and createInterpreter's options`);
    }
  }
  if (!Array.isArray(ptc)) invalid("ptc must be an array of tool names or tools");
  for (const entry of ptc) {
    const name = typeof entry === "string" ? entry : (entry as AgentTool | null)?.name;
    if (typeof name !== "string" || (typeof entry !== "string" && typeof (entry as AgentTool).invoke !== "function")) {
      invalid("each ptc entry must be a tool name or a tool with a name and invoke()");
    }
    if (name === "task") invalid('the "task" tool cannot be listed in ptc: the program calls subagents through task()');
  }
  if (typeof toolName !== "string" || !TOOL_NAME_PATTERN.test(toolName)) invalid(`toolName must match ${TOOL_NAME_PATTERN}`);
  if (ptc.some((entry) => (typeof entry === "string" ? entry : entry.name) === toolName)) invalid(`ptc cannot list the middleware's own tool "${toolName}"`);
  if (systemPrompt !== undefined && typeof systemPrompt !== "string") invalid("systemPrompt must be a string");
  if (typeof subagents !== "boolean") invalid("subagents must be true or false here (the agent's task tool is used)");
  const yieldProblem = timerMsProblem("yieldAfterMs", yieldAfterMs);
  if (yieldProblem) invalid(yieldProblem);
  if (yieldAfterMs !== undefined && toolName === WAIT_TOOL_NAME) invalid(`toolName cannot be "${WAIT_TOOL_NAME}" with yieldAfterMs: that is the tool that waits for background cells`);
  if (yieldAfterMs !== undefined && ptc.some((entry) => (typeof entry === "string" ? entry : entry.name) === WAIT_TOOL_NAME)) invalid(`ptc cannot list "${WAIT_TOOL_NAME}" with yieldAfterMs: that is the middleware's tool that waits for background cells`);
  if (!Array.isArray(quickboxTools)) invalid("quickboxTools must be an array of quickbox ToolDefinitions");
  const codeOnly = codeOnlyTools(allowedCallers, new Set(ptc.map((entry) => (typeof entry === "string" ? entry : entry.name))));
  return { ptc, codeOnly, quickboxTools, toolName, systemPrompt, subagents, yieldAfterMs, interpreter: interpreter as ResolvedMiddlewareOptions["interpreter"] };
}

/** The agent tools named in `allowedCallers` without "direct"; checks each entry against `ptc` (INVALID_TOOL for a bad value). */
function codeOnlyTools(allowedCallers: unknown, inPtc: ReadonlySet<string>): ReadonlySet<string> {
  const codeOnly = new Set<string>();
  if (allowedCallers === undefined) return codeOnly;
  if (typeof allowedCallers !== "object" || allowedCallers === null || Array.isArray(allowedCallers)) invalid('allowedCallers must be an object of tool names → ["program"] / ["direct"] / both');
  for (const [name, callers] of Object.entries(allowedCallers)) {
    const problem = allowedCallersProblem(callers);
    if (problem) throw new QuickboxError("INVALID_TOOL", `createCodeInterpreterMiddleware: tool "${name}": ${problem}`);
    const list = callers as ToolCallerType[];
    if (list.includes("program") !== inPtc.has(name)) {
      invalid(
        list.includes("program")
          ? `allowedCallers lets programs call "${name}", but ptc does not list it (programs call the tools ptc lists)`
          : `ptc lists "${name}", but its allowedCallers leave out "program"`,
      );
    }
    if (!list.includes("direct")) codeOnly.add(name);
  }
  return codeOnly;
}
