/**
 * allowedCallers in quickbox/ai: who may call each AI SDK tool given to createCodeTool (by name),
 * and the tool set to offer the model next to the code tool (`code.directTools()`): the AI SDK
 * tools that allow direct calls, as given, and the quickbox tools that do, run by the adapter with
 * `ctx.caller` `{ type: "direct" }`.
 */
import { jsonSchema, tool, type JSONSchema7, type ToolExecutionOptions, type ToolSet } from "ai";
import { allowedCallersProblem, allowsCaller, directTools } from "../../adapter-support.js";
import { QuickboxError, type ToolCallerType, type ToolDefinition } from "../../index.js";
import type { ExecutableTool } from "./tool-set.js";

export type CallersByName = ReadonlyMap<string, ToolCallerType[]>;

/** Checks `allowedCallers` of createCodeTool: names of its `tools`, each a valid allowedCallers (INVALID_TOOL). */
export function checkAllowedCallers(option: unknown, tools: [string, ExecutableTool][]): CallersByName {
  if (option === undefined) return new Map();
  if (typeof option !== "object" || option === null || Array.isArray(option)) {
    throw new QuickboxError("INVALID_OPTIONS", 'createCodeTool: allowedCallers must be an object of tool names → ["program"] / ["direct"] / both');
  }
  const names = new Set(tools.map(([name]) => name));
  const callers = new Map<string, ToolCallerType[]>();
  for (const [name, value] of Object.entries(option)) {
    if (!names.has(name)) throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: allowedCallers names "${name}", which is not one of tools (${[...names].join(", ") || "none"})`);
    const problem = allowedCallersProblem(value);
    if (problem) throw new QuickboxError("INVALID_TOOL", `createCodeTool: tool "${name}": ${problem}`);
    callers.set(name, value as ToolCallerType[]);
  }
  return callers;
}

/** The tool set for the model besides the code tool. `threadIdOf` picks the thread (conversation) of a direct call. */
export function directToolSet(
  aiTools: [string, ExecutableTool][],
  callers: CallersByName,
  quickboxTools: ToolDefinition[],
  threadIdOf: (call: ToolExecutionOptions) => string,
): ToolSet {
  const set: ToolSet = {};
  for (const [name, aiTool] of aiTools) {
    if (allowsCaller({ allowedCallers: callers.get(name) }, "direct")) set[name] = aiTool;
  }
  for (const direct of directTools(quickboxTools as ToolDefinition<never>[])) {
    if (Object.hasOwn(set, direct.name) || aiTools.some(([name]) => name === direct.name)) {
      throw new QuickboxError("INVALID_TOOL", `createCodeTool: "${direct.name}" is both one of tools and one of quickboxTools`);
    }
    set[direct.name] = tool({
      ...(direct.description !== undefined ? { description: direct.description } : {}),
      inputSchema: jsonSchema<unknown>(direct.inputJsonSchema as JSONSchema7),
      execute: (input: unknown, call: ToolExecutionOptions) =>
        direct.call(input, { threadId: threadIdOf(call), callId: call.toolCallId, signal: call.abortSignal ?? new AbortController().signal }),
    });
  }
  return set;
}
