/**
 * `createCodeInterpreterMiddleware(options)` for LangChain.js v1 `createAgent({ middleware })` and
 * deepagents `createDeepAgent({ middleware })`: one tool (`eval` by default) that runs a program in
 * the thread of the LangGraph `thread_id`, and the interpreter's rules appended to the system message.
 *
 * Approval: a program that calls a tool named in `interruptOn` pauses durably; the eval tool then
 * raises a LangGraph `interrupt()`. On `Command({ resume })` LangGraph runs the eval tool again
 * with the same tool call id: a pause marker in the store recognises it, and the paused program is
 * resumed from its snapshot, not run again, so what it did before the pause happens once.
 */
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, interrupt } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { isQuickboxError, type EvalResult, type Interpreter } from "../../index.js";
import { AgentInterpreters } from "./agent-interpreters.js";
import { decisionsFromResume, interruptPayload } from "./interrupt-payload.js";
import { resolveMiddlewareOptions, type CodeInterpreterMiddlewareOptions } from "./middleware-options.js";

/** What the eval tool's function receives from LangChain besides its input. */
interface ToolRuntimeLike {
  toolCallId?: string;
  toolCall?: { id?: string };
  configurable?: Record<string, unknown>;
  config?: { configurable?: Record<string, unknown> };
  signal?: AbortSignal;
  writer?: ((chunk: unknown) => void) | null;
}

const EVAL_DESCRIPTION =
  "Run a JavaScript/TypeScript program in a persistent sandbox (state survives between calls in this conversation). " +
  "Call the listed tools from code as `await tools.name(input)`; return only a compact result. The system message describes the rules.";

function threadIdOf(runtime: ToolRuntimeLike): string {
  const id = runtime.configurable?.thread_id ?? runtime.config?.configurable?.thread_id;
  return id === undefined || id === null ? "default" : String(id);
}

/** Runs the program, or — when LangGraph re-runs an interrupted call — continues the paused one. */
async function runOrResume(agent: AgentInterpreters, interpreter: Interpreter, code: string, threadId: string, toolCallId: string, signal: AbortSignal | undefined): Promise<EvalResult> {
  const marker = await agent.pauseMarker(threadId);
  let resumesApplied = 0;
  let result: EvalResult;
  if (marker && marker.toolCallId === toolCallId) {
    // Resume values of this tool call are matched to interrupt() calls by order: skip those applied.
    for (let applied = 0; applied < marker.resumesApplied; applied++) interrupt(null);
    const pending = (await interpreter.threads()).find((info) => info.threadId === threadId)?.interrupts ?? [];
    const resumeValue: unknown = interrupt(interruptPayload(threadId, pending));
    resumesApplied = marker.resumesApplied + 1;
    await agent.setPauseMarker(threadId, { toolCallId, resumesApplied });
    result = await interpreter.resume(threadId, decisionsFromResume(resumeValue, pending), signal ? { signal } : {});
  } else {
    result = await interpreter.eval(code, { threadId, ...(signal ? { signal } : {}) });
  }
  if (result.status === "paused") {
    await agent.setPauseMarker(threadId, { toolCallId, resumesApplied });
    // The first time, this throws LangGraph's interrupt: the run stops here until Command({ resume }).
    interrupt(interruptPayload(threadId, result.interrupts ?? []));
  }
  await agent.clearPauseMarker(threadId);
  return result;
}

export type CodeInterpreterMiddleware = ReturnType<typeof createMiddleware> & {
  /** The thread's latest snapshot id, e.g. to record it next to a checkpoint. */
  latestSnapshotId(threadId: string): string | undefined;
  /** Disposes the interpreter (its workers). */
  dispose(): Promise<void>;
};

export function createCodeInterpreterMiddleware(options: CodeInterpreterMiddlewareOptions = {}): CodeInterpreterMiddleware {
  const resolved = resolveMiddlewareOptions(options);
  const agent = new AgentInterpreters(resolved);

  const evalTool = tool(
    async (input: { code: string }, runtime: ToolRuntimeLike) => {
      if (typeof input?.code !== "string") throw new Error(`${resolved.toolName} needs { code: string }`);
      const threadId = threadIdOf(runtime);
      const toolCallId = runtime.toolCallId ?? runtime.toolCall?.id ?? "";
      const context = { config: runtime as Record<string, unknown>, ...(runtime.writer ? { writer: runtime.writer } : {}) };
      let text: string;
      try {
        const result = await agent.run(threadId, context, (interpreter) => runOrResume(agent, interpreter, input.code, threadId, toolCallId, runtime.signal));
        text = result.text;
      } catch (error) {
        if (isQuickboxError(error) && error.code === "THREAD_PAUSED") {
          text = `<error type="ThreadPaused">this conversation's program is paused, waiting for a decision on an earlier call; resume the run with Command({ resume }) first</error>`;
        } else {
          throw error;
        }
      }
      const snapshotId = agent.latestSnapshotId(threadId);
      if (!toolCallId) return text;
      return new Command({
        update: {
          messages: [new ToolMessage({ content: text, tool_call_id: toolCallId, name: resolved.toolName })],
          ...(snapshotId ? { quickboxSnapshotId: snapshotId } : {}),
        },
      });
    },
    {
      name: resolved.toolName,
      description: EVAL_DESCRIPTION,
      schema: {
        type: "object",
        properties: { code: { type: "string", description: "The program. The value of its last expression is the result." } },
        required: ["code"],
        additionalProperties: false,
      },
    },
  );

  const middleware = createMiddleware({
    name: "CodeInterpreterMiddleware",
    // The graph state holds only the id of the thread's latest (immutable) snapshot; the bytes stay in the store.
    // (A zod schema: langchain 1.5 ignores an Annotation state schema of a middleware.)
    stateSchema: z.object({ quickboxSnapshotId: z.string().optional() }),
    tools: [evalTool],
    wrapModelCall: async (request, handler) => {
      agent.syncTools(request.tools);
      return handler({ ...request, systemMessage: request.systemMessage.concat(await agent.systemPrompt()) });
    },
  });
  return Object.assign(middleware, {
    latestSnapshotId: (threadId: string) => agent.latestSnapshotId(threadId),
    dispose: () => agent.dispose(),
  });
}
