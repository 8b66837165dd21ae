/**
 * AI SDK tools → quickbox ToolDefinitions. `needsApproval: true` → `interruptOn` (every call pauses
 * the program); `needsApproval` as a function → an interruptOn predicate, asked on the host for
 * each call before it runs (with the call's id as `toolCallId`): a call it clears runs at once,
 * with no pause; one it flags pauses the program for exactly one approval, whose id is the call's.
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
  for (const [name, tool] of tools) {
    if (tool.needsApproval === true) interruptOn[name] = true;
    if (typeof tool.needsApproval === "function") {
      const needsApproval = tool.needsApproval as ApprovalPredicate;
      // Anything but false asks the user (a throwing function too: interruptOn holds the call).
      interruptOn[name] = async (input, context) => {
        const scope = scopes.get(context.threadId);
        const options = { toolCallId: context.callId, messages: scope?.messages ?? [], ...(scope && "experimental_context" in scope ? { experimental_context: scope.experimental_context } : {}) };
        return (await needsApproval(input, options)) !== false;
      };
    }
  }
  const definitions = await Promise.all(tools.map(([name, tool]) => toDefinition(name, tool, scopes, callers)));
  return { definitions, interruptOn };
}
