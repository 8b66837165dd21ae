/**
 * allowedCallers in quickbox/langchain. The quickbox tools that allow direct calls become tools of
 * the middleware (the model is offered them), run with `ctx.caller` `{ type: "direct" }` in the
 * LangGraph thread. Code-only agent tools are taken out of each model call's tool list, and a
 * direct call of one is refused.
 */
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { isGraphInterrupt } from "@langchain/langgraph";
import { ToolInvocationError } from "langchain";
import { directTools } from "../../adapter-support.js";
import type { ToolDefinition } from "../../index.js";
import { camelCase } from "../../adapter-support.js";
import { threadIdOf, type ToolRuntimeLike } from "./tool-runtime.js";

/** The quickbox tools the model may call itself, as LangChain tools. */
export function directLangChainTools(quickboxTools: ToolDefinition[]) {
  return directTools(quickboxTools as ToolDefinition<never>[]).map((direct) =>
    tool(
      async (input: unknown, runtime: ToolRuntimeLike) =>
        direct.call(input, { threadId: threadIdOf(runtime), callId: runtime.toolCallId ?? runtime.toolCall?.id ?? "", signal: runtime.signal ?? new AbortController().signal }),
      { name: direct.name, description: direct.description ?? direct.name, schema: direct.inputJsonSchema as Record<string, unknown> },
    ),
  );
}

/** The model's tools without the code-only ones. */
export function withoutCodeOnly<T>(tools: readonly T[], codeOnly: ReadonlySet<string>): T[] {
  return tools.filter((candidate) => !codeOnly.has((candidate as { name?: unknown }).name as string));
}

interface ToolCallRequestLike {
  toolCall: { name: string; id?: string };
  runtime?: { signal?: AbortSignal };
}

/**
 * The wrapToolCall hook that refuses a direct call of a code-only tool (the model was not offered
 * it). Other calls go on as they are; since LangChain treats an error thrown through a wrapToolCall
 * hook as fatal to the run, a tool's own error becomes the ToolMessage LangChain's ToolNode makes
 * without one ("<error>\n Please fix your mistakes."). Interrupts and ToolInvocationErrors pass.
 */
export function refuseCodeOnly(codeOnly: ReadonlySet<string>, evalToolName: string) {
  return async <R extends ToolCallRequestLike, T>(request: R, handler: (request: R) => T | Promise<T>): Promise<T | ToolMessage> => {
    const { name, id = "" } = request.toolCall;
    if (codeOnly.has(name)) {
      return new ToolMessage({
        content: `Error: ${name} is not available as a direct tool; call it from a program with the ${evalToolName} tool (await tools.${camelCase(name)}(input)).`,
        tool_call_id: id,
        name,
        status: "error",
      });
    }
    try {
      return await handler(request);
    } catch (error) {
      if (isGraphInterrupt(error) || ToolInvocationError.isInstance(error) || request.runtime?.signal?.aborted) throw error;
      return new ToolMessage({ content: `${String(error)}\n Please fix your mistakes.`, tool_call_id: id, name, status: "error" });
    }
  };
}
