/**
 * Agents SDK function tools → quickbox ToolDefinitions, called from code as the SDK calls them
 * directly: `invokeFunctionTool` (the tool's parser, timeout and errorFunction), its input and output
 * guardrails, and its `needsApproval` — asked on the host for each call, before anything runs, with
 * the call's quickbox id as `callId`: a call it clears runs at once; one it flags (or one the run
 * has already rejected) holds the program for the SDK's approval flow. A call the run already
 * approved for good (`approve(item, { alwaysApprove: true })`) is not held.
 */
import { invokeFunctionTool, runToolInputGuardrails, runToolOutputGuardrails, RunContext, type Agent, type FunctionTool, type Tool } from "@openai/agents";
import { allowsCaller } from "../../adapter-support.js";
import type { HoldContext, ToolCallerType, ToolDefinition } from "../../index.js";
import type { CodeCallScope, ProgramScopes } from "./program-scopes.js";
import { relaxedSchema } from "./relaxed-schema.js";
import type { AnyContext } from "./types.js";

export type AnyFunctionTool = FunctionTool<AnyContext, AnyContext, AnyContext>;

const isFunctionTool = (tool: Tool<AnyContext>): tool is AnyFunctionTool => tool.type === "function" && typeof (tool as AnyFunctionTool).invoke === "function";

/** The SDK's allowedCallers ("direct" | "programmatic") in quickbox's words; undefined: both. */
function callersOf(tool: AnyFunctionTool): ToolCallerType[] | undefined {
  if (!tool.allowedCallers) return undefined;
  return tool.allowedCallers.map((caller) => (caller === "programmatic" ? "program" : "direct"));
}

/** The function tools a program may call: not hosted ones, not `exclude` (the code tool), not direct-only ones. */
export function reachableTools(tools: readonly Tool<AnyContext>[], exclude: string): AnyFunctionTool[] {
  return tools.filter(isFunctionTool).filter((tool) => tool.name !== exclude && allowsCaller({ allowedCallers: callersOf(tool) }, "program"));
}

function toolCall(tool: AnyFunctionTool, callId: string, args: string) {
  return { type: "function_call" as const, name: tool.name, callId, arguments: args, status: "completed" as const };
}

/** A tripwire ends the run, as it would for a direct call: kept in the code call's scope and rethrown there. */
function endRun(scope: CodeCallScope | undefined, error: unknown): never {
  if (scope && !scope.failure) scope.failure = { error };
  throw error;
}

function toDefinition(tool: AnyFunctionTool, scopes: ProgramScopes, programAgent: () => Agent<AnyContext, AnyContext>): ToolDefinition {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: relaxedSchema(tool.parameters) as ToolDefinition["inputSchema"],
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as ToolDefinition["outputSchema"] } : {}),
    execute: async (input, context) => {
      const scope = scopes.byThread.get(context.threadId);
      const runContext = scope?.runContext ?? new RunContext();
      const args = JSON.stringify(input ?? {});
      const call = toolCall(tool, context.callId, args);
      const agent = programAgent();
      const verdict = await runToolInputGuardrails({ guardrails: tool.inputGuardrails, context: runContext, agent, toolCall: call }).catch((error: unknown) => endRun(scope, error));
      if (verdict.type === "reject") throw new Error(verdict.message);
      const output = await invokeFunctionTool({ tool, runContext, input: args, details: { toolCall: call, signal: context.signal } });
      return runToolOutputGuardrails({ guardrails: tool.outputGuardrails, context: runContext, agent, toolCall: call, toolOutput: output }).catch((error: unknown) => endRun(scope, error));
    },
  };
}

/** The tool's needsApproval as a quickbox hold predicate (anything but false holds; a throwing one too). */
function holdPredicate(tool: AnyFunctionTool, scopes: ProgramScopes) {
  return async (args: unknown, context: HoldContext): Promise<boolean> => {
    const runContext = scopes.byThread.get(context.threadId)?.runContext ?? new RunContext();
    if (runContext.isToolApproved({ toolName: tool.name, callId: context.callId }) === true) return false;
    return (await tool.needsApproval(runContext, args as never, context.callId)) !== false;
  };
}

export function toDefinitions(tools: AnyFunctionTool[], scopes: ProgramScopes, programAgent: () => Agent<AnyContext, AnyContext>): ToolDefinition[] {
  return tools.map((tool) => ({ ...toDefinition(tool, scopes, programAgent), needsApproval: holdPredicate(tool, scopes) }));
}
