/**
 * AI SDK tools → quickbox ToolDefinitions. `needsApproval: true` → `interruptOn` (the call pauses
 * the program); `needsApproval` as a function → `interruptOn` too, and the function is asked when
 * the program pauses on such a call (see conditional-approval.ts).
 */
import type { ModelMessage } from "ai";
import type { InterpreterOptions, ToolDefinition } from "../../index.js";
import type { CallersByName } from "./direct-tools.js";
import { executionOptions, type ScopeByThread } from "./tool-scope.js";
import { jsonSchemaOf, toToolSchema } from "./tool-schema.js";
import type { ExecutableTool } from "./tool-set.js";

/** An AI SDK `needsApproval` function. */
export type ApprovalPredicate = (
  input: unknown,
  options: { toolCallId: string; messages: ModelMessage[]; experimental_context?: unknown },
) => boolean | PromiseLike<boolean>;

export interface ConvertedTools {
  definitions: ToolDefinition[];
  interruptOn: NonNullable<InterpreterOptions["interruptOn"]>;
  /** Tools whose `needsApproval` is a function, by name. */
  approvalPredicates: Map<string, ApprovalPredicate>;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
}

/** A tool that streams preliminary results (an async iterable) ends with its last one, as in the AI SDK. */
async function finalOutput(output: unknown): Promise<unknown> {
  if (!isAsyncIterable(output)) return output;
  let last: unknown;
  for await (const value of output) last = value;
  return last;
}

async function toDefinition(name: string, tool: ExecutableTool, scopes: ScopeByThread, callers: CallersByName): Promise<ToolDefinition> {
  const allowedCallers = callers.get(name);
  return {
    name,
    ...(allowedCallers ? { allowedCallers } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: await toToolSchema(tool.inputSchema),
    ...(tool.outputSchema !== undefined ? { outputSchema: await jsonSchemaOf(tool.outputSchema) } : {}),
    execute: async (input, context) =>
      finalOutput(await tool.execute(input, executionOptions(scopes.get(context.threadId), context.callId, context.signal))),
  };
}

/** `callers`: allowedCallers by tool name (a direct-only tool stays out of the program's `tools`). */
export async function convertTools(tools: [string, ExecutableTool][], scopes: ScopeByThread, callers: CallersByName): Promise<ConvertedTools> {
  const interruptOn: ConvertedTools["interruptOn"] = {};
  const approvalPredicates = new Map<string, ApprovalPredicate>();
  for (const [name, tool] of tools) {
    if (tool.needsApproval === true) interruptOn[name] = true;
    if (typeof tool.needsApproval === "function") {
      interruptOn[name] = true;
      approvalPredicates.set(name, tool.needsApproval as ApprovalPredicate);
    }
  }
  const definitions = await Promise.all(tools.map(([name, tool]) => toDefinition(name, tool, scopes, callers)));
  return { definitions, interruptOn, approvalPredicates };
}
