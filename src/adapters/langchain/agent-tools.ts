/**
 * The agent's tools as quickbox tools: `ptc` entries resolved against the tools of the model
 * call, their LangChain schemas turned into JSON Schema, and each call run with the LangChain
 * config of the eval that made it (callbacks, signal, and the async context LangGraph reads).
 * The deepagents `task` tool becomes the program's `task()`.
 */
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { isCommand } from "@langchain/langgraph";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { QuickboxError, type JsonSchema, type SubagentOptions, type ToolDefinition } from "../../index.js";
import type { AgentTool } from "./middleware-options.js";

/** The eval currently running on a quickbox thread: its LangChain config, and the graph-state updates its tool calls made. */
export interface RunningEval {
  config: Record<string, unknown>;
  /** Channel writes of tools that returned a Command (deepagents' write_file, task…): applied with the eval's own update. */
  stateUpdates: [string, unknown][];
}

export type EvalForThread = (threadId: string) => RunningEval | undefined;

function isAgentTool(value: unknown): value is AgentTool {
  return typeof value === "object" && value !== null && typeof (value as AgentTool).name === "string" && typeof (value as AgentTool).invoke === "function";
}

/** The ptc tools for one model call: names looked up among the agent's tools, instances as given. */
export function resolvePtcTools(ptc: (string | AgentTool)[], agentTools: readonly unknown[]): AgentTool[] {
  const byName = new Map(agentTools.filter(isAgentTool).map((tool) => [tool.name, tool]));
  return ptc.map((entry) => {
    if (typeof entry !== "string") return entry;
    const found = byName.get(entry);
    if (!found) {
      throw new QuickboxError("INVALID_OPTIONS", `createCodeInterpreterMiddleware: ptc lists "${entry}", but the agent has no such tool (it has: ${[...byName.keys()].join(", ") || "none"})`);
    }
    return found;
  });
}

/** The deepagents `task` tool among the agent's tools, if any. */
export function findTaskTool(agentTools: readonly unknown[]): AgentTool | undefined {
  return agentTools.filter(isAgentTool).find((tool) => tool.name === "task");
}

function isZod4Schema(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && "_zod" in schema && "~standard" in schema;
}

function inputSchemaOf(tool: AgentTool): JsonSchema | undefined {
  if (tool.schema === undefined || tool.schema === null) return undefined;
  try {
    const schema = { ...(toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]) as Record<string, unknown>) };
    delete schema.$schema;
    return schema as JsonSchema;
  } catch {
    return undefined;
  }
}

/**
 * The runtime a tool called from code sees: the eval tool's (graph state, store, context, writer,
 * configurable) with the call's own id as its tool call id (the `callId` that `ctx.callId`,
 * interrupts and events name, unique across threads and never reissued). There is no `toolCall` object, so the tool returns its plain output rather than a ToolMessage; the eval
 * tool's run id is not reused.
 */
function childConfig(config: Record<string, unknown> | undefined, signal: AbortSignal, callId: string): Record<string, unknown> {
  const { toolCall: _toolCall, toolCallId: _parentCallId, runId: _runId, runName: _runName, config: _nested, ...rest } = config ?? {};
  const toolCallId = callId;
  // `config` mirrors what LangGraph's ToolNode hands a tool: the runnable config beside the runtime fields.
  return { ...rest, signal, toolCallId, config: { ...rest, signal, toolCallId } };
}

/** Runs `work` with `config` as LangChain's current config (what getCurrentTaskInput() and tools read). */
function runInContext<T>(config: Record<string, unknown>, work: (config: Record<string, unknown>) => Promise<T>): Promise<T> {
  return AsyncLocalStorageProviderSingleton.runWithConfig(config, () => work(config));
}

function isToolMessageLike(value: unknown): value is { content: unknown } {
  return typeof value === "object" && value !== null && "content" in value && "tool_call_id" in value;
}

/** Message content for a program: a list of text blocks only → their text; anything else as it is. */
function contentValue(content: unknown): unknown {
  if (!Array.isArray(content) || !content.length) return content;
  const allText = content.every((block) => typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text" && typeof (block as { text?: unknown }).text === "string");
  return allText ? content.map((block) => (block as { text: string }).text).join("") : content;
}

/**
 * A tool's output as the program sees it: a ToolMessage's content, otherwise the value itself. A
 * Command (a tool that updates the graph state, e.g. deepagents' write_file) gives the program its
 * ToolMessage's text, and its other channel writes go to `running.stateUpdates`, applied with the
 * eval's own update (its ToolMessages are not: they answer no tool call of the model).
 */
function unwrapOutput(output: unknown, running: RunningEval | undefined): unknown {
  if (isCommand(output)) {
    const update = output.update;
    const entries: [string, unknown][] = Array.isArray(update) ? update : Object.entries((update ?? {}) as Record<string, unknown>);
    const texts: unknown[] = [];
    for (const [channel, value] of entries) {
      if (channel === "messages") {
        for (const message of Array.isArray(value) ? value : [value]) if (isToolMessageLike(message)) texts.push(contentValue(message.content));
      } else {
        running?.stateUpdates.push([channel, value]);
      }
    }
    return texts.length === 0 ? null : texts.length === 1 ? texts[0] : texts;
  }
  if (isToolMessageLike(output)) return contentValue(output.content);
  // LangChain content blocks returned as they are (tools such as deepagents' read_file).
  return contentValue(output);
}

export function toToolDefinitions(tools: AgentTool[], evalFor: EvalForThread): ToolDefinition<never>[] {
  return tools.map((tool) => {
    // A zod 4 schema goes to quickbox as it is: validated by zod (its defaults applied) and shown
    // by its input type. JSON Schema from toJsonSchema describes zod's output type instead, where
    // a field with .default() is required.
    const inputSchema = isZod4Schema(tool.schema) ? (tool.schema as ToolDefinition["inputSchema"]) : inputSchemaOf(tool);
    return {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      ...(inputSchema ? { inputSchema } : {}),
      execute: async (input: never, context) => {
        const running = evalFor(context.threadId);
        const config = childConfig(running?.config, context.signal, context.callId);
        return unwrapOutput(await runInContext(config, (child) => tool.invoke(input, child)), running);
      },
    };
  });
}

/** Subagent types listed by deepagents in the task tool's `subagent_type` description ("Available: a, b"). */
function subagentTypes(taskTool: AgentTool): { name: string; description: string }[] {
  const schema = inputSchemaOf(taskTool) as { properties?: { subagent_type?: { description?: string } } } | undefined;
  const described = schema?.properties?.subagent_type?.description ?? "";
  const listed = /Available:\s*(.+)$/.exec(described)?.[1];
  if (!listed) return [];
  return listed
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => ({ name, description: `deepagents subagent "${name}"` }));
}

/** task() in the program → the agent's `task` tool, with the eval's config (so the subagent streams into the run). */
export function taskDispatch(taskTool: AgentTool, evalFor: EvalForThread): SubagentOptions {
  return {
    types: subagentTypes(taskTool),
    dispatch: async (request, context) => {
      const running = evalFor(context.threadId);
      const config = childConfig(running?.config, context.signal, context.callId);
      const args = { description: request.description, subagent_type: request.subagentType };
      // With a tool call, deepagents returns the subagent's state updates (files…) with its reply.
      const withCall = { ...config, toolCall: { id: config.toolCallId, name: "task", args, type: "tool_call" } };
      const output = await runInContext(withCall, (child) => taskTool.invoke(args, child));
      return unwrapOutput(output, running);
    },
  };
}
