/**
 * createCodeTool: one Agents SDK tool, `{ code }`, that runs the model's program in a quickbox
 * interpreter whose `tools` are the agent's other tools. It is an agent tool (`Agent.asTool`) of a
 * program agent whose model is quickbox (program-model.ts), so a call that needs approval takes the
 * SDK's own human-in-the-loop path: it is an interruption of the run (`result.interruptions`, by its
 * quickbox call id), `state.approve(item)` / `state.reject(item)` decide it, and `run(agent, state)`
 * resumes the program where it waited — also from `RunState.fromString` in another process, the
 * program agent's conversation (and with it the thread) being part of the serialized state.
 */
import { Agent, type RunContext } from "@openai/agents";
import { createInterpreter, QuickboxError } from "../../index.js";
import { allowsCaller, lazyInterpreter } from "../../adapter-support.js";
import { reachableTools, toDefinitions } from "./agent-tools.js";
import { approvalProxies } from "./approval-proxies.js";
import { defaultDescription } from "./description.js";
import { ProgramModel } from "./program-model.js";
import { ProgramRuns } from "./program-runs.js";
import { ProgramScopes, type CodeCallScope } from "./program-scopes.js";
import { programInput, type ProgramRequest } from "./program-turn.js";
import type { CodeThreadId, CodeTool, CodeToolControls, CreateCodeToolOptions } from "./types.js";
import type { AnyContext } from "./types.js";

const asyncDispose: typeof Symbol.asyncDispose = Symbol.asyncDispose ?? (Symbol.for("Symbol.asyncDispose") as typeof Symbol.asyncDispose);

const CODE_PARAMETERS = {
  type: "object" as const,
  properties: { code: { type: "string" as const, description: "The JavaScript/TypeScript program to run." } },
  required: ["code"],
  additionalProperties: false as const,
};

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: ${message}`);
}

function threadIdResolver(option: CodeThreadId | undefined): (runContext: RunContext<unknown>) => string {
  if (typeof option === "function") {
    return (runContext) => {
      const id: unknown = option(runContext);
      // undefined would fall back to a thread every conversation shares: refuse it.
      if (typeof id !== "string" || !id) invalid(`the threadId function returned ${id === "" ? "an empty string" : String(id)}; it must return a non-empty string for every run (e.g. a conversation id)`);
      return id;
    };
  }
  if (option !== undefined && (typeof option !== "string" || !option)) invalid("threadId must be a non-empty string or a function of the run context");
  const fixed = option ?? `code-${crypto.randomUUID()}`;
  return () => fixed;
}

/** The program the model sent, or undefined (then the SDK's own parsing answers the bad input). */
function codeOf(input: string): string | undefined {
  try {
    const code: unknown = (JSON.parse(input) as { code?: unknown } | null)?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

export function createCodeTool(options: CreateCodeToolOptions = {}): CodeTool {
  const { tools = [], quickboxTools = [], name = "run_code", description, threadId, programAgentName, ...interpreterOptions } = options;
  if (!Array.isArray(tools)) invalid("tools must be an array of Agents SDK tools");
  if (!Array.isArray(quickboxTools)) invalid("quickboxTools must be an array of quickbox ToolDefinitions");
  if (typeof name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) invalid("name must be 1-64 letters, digits, _ or -");
  if ("subagents" in options) invalid("subagents are not supported by quickbox/openai-agents (give the agents as tools: agent.asTool())");
  const resolveThreadId = threadIdResolver(threadId);
  const reachable = reachableTools(tools, name);
  const fromCode = quickboxTools.filter((tool) => allowsCaller(tool, "program"));
  const scopes = new ProgramScopes();

  let programAgent: Agent<AnyContext, AnyContext> | undefined;
  const interpreter = lazyInterpreter(async () =>
    createInterpreter({ ...interpreterOptions, tools: [...toDefinitions(reachable, scopes, () => programAgent!), ...quickboxTools] }),
  );
  const descriptions = new Map<string, string | undefined>([...reachable, ...fromCode].map((tool) => [tool.name, tool.description]));
  const proxies = approvalProxies(descriptions.keys(), descriptions);
  programAgent = new Agent({ name: programAgentName ?? `quickbox ${name}`, model: new ProgramModel(new ProgramRuns(interpreter, scopes), proxies.nameOf), tools: proxies.tools });

  const codeTool = programAgent.asTool({
    toolName: name,
    toolDescription: description ?? defaultDescription(reachable, fromCode),
    parameters: CODE_PARAMETERS,
    inputBuilder: ({ params }) => programInput(params as ProgramRequest),
    // Each pause of the program is a turn of the program agent: quickbox's budgets bound a program, not the SDK's turn count.
    runOptions: { maxTurns: Number.MAX_SAFE_INTEGER },
  });

  const invokeAgentTool = codeTool.invoke;
  codeTool.invoke = async (runContext, input, details) => {
    const code = codeOf(input);
    if (code === undefined) return invokeAgentTool(runContext, input, details);
    const codeCallId = details?.toolCall?.callId ?? `code_${crypto.randomUUID()}`;
    const scope: CodeCallScope = { runContext, threadId: resolveThreadId(runContext) };
    scopes.byCall.set(codeCallId, scope);
    try {
      const request: ProgramRequest = { code, threadId: scope.threadId, codeCallId };
      const output = await invokeAgentTool(runContext, JSON.stringify(request), details);
      // The SDK turns a failing agent tool into a message for the model; what must end the run, ends it.
      if (scope.failure) throw scope.failure.error;
      return output;
    } finally {
      scopes.byCall.delete(codeCallId);
    }
  };

  const controls: CodeToolControls = {
    systemPrompt: async () => (await interpreter.get()).systemPrompt(),
    interpreter: () => interpreter.get(),
    dispose: () => interpreter.dispose(),
    [asyncDispose]: () => interpreter.dispose(),
  };
  return Object.assign(codeTool, controls) as CodeTool;
}
