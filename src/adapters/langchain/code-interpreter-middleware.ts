/**
 * `createCodeInterpreterMiddleware(options)` for LangChain.js v1 `createAgent({ middleware })` and
 * deepagents `createDeepAgent({ middleware })`: one tool (`eval` by default) that runs a program in
 * the thread of the LangGraph `thread_id`, and the interpreter's rules appended to the system message.
 * With `yieldAfterMs`, a second tool, `wait_for_cell`, for programs that go on in the background
 * (background-cells.ts).
 *
 * Approval: a program that calls a tool named in `interruptOn` pauses durably; the eval tool then
 * raises a LangGraph `interrupt()`. On `Command({ resume })` LangGraph runs the eval tool again
 * with the same tool call id: a pause marker in the store recognises it, and the paused program is
 * resumed from its snapshot, not run again, so what it did before the pause happens once
 * (program-runs.ts). Time travel: time-travel.ts.
 */
import { renderError } from "../../adapter-support.js";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, getConfig } from "@langchain/langgraph";
import { registry } from "@langchain/langgraph/zod";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { isQuickboxError, pruneSnapshots, type EvalResult, type Interpreter, type PruneOptions } from "../../index.js";
import { AgentInterpreters, type EvalContext, type PauseMarker } from "./agent-interpreters.js";
import { AgentCells, CellStillRunning, waitForCellTool } from "./background-cells.js";
import { directLangChainTools, refuseCodeOnly, withoutCodeOnly } from "./direct-tools.js";
import { resolveMiddlewareOptions, WAIT_TOOL_NAME, type CodeInterpreterMiddlewareOptions } from "./middleware-options.js";
import { runOrResume, startEval, type RunOptions } from "./program-runs.js";
import { checkpointPlace, CheckpointFollower, UNSTORED } from "./time-travel.js";
import { threadIdOf, type ToolRuntimeLike } from "./tool-runtime.js";


const EVAL_DESCRIPTION =
  "Run a JavaScript/TypeScript program in a persistent sandbox (state survives between calls in this conversation). " +
  "Call the listed tools from code as `await tools.name(input)`; return only a compact result. The system message describes the rules.";

/** What prune() needs of a LangGraph checkpointer: list() over every thread's checkpoints. */
export interface CheckpointLister {
  list(config: Record<string, unknown>): AsyncIterable<{ checkpoint: { channel_values?: Record<string, unknown> } }>;
}

export interface CheckpointPruneOptions extends Omit<PruneOptions, "keep"> {
  /** Every snapshot a checkpoint of this checkpointer refers to (and its parents) is kept. */
  checkpointer?: CheckpointLister;
  /** More snapshot ids to keep. */
  keep?: string[];
}

export type CodeInterpreterMiddleware = ReturnType<typeof createMiddleware> & {
  /** The thread's latest snapshot id, e.g. to record it next to a checkpoint. */
  latestSnapshotId(threadId: string): string | undefined;
  /**
   * Deletes snapshots that no thread head, no checkpoint of `checkpointer` and no `keep` id needs
   * (with `keepLast` / `olderThanMs` as in `pruneSnapshots`). Without a checkpointer, time travel
   * to a pruned checkpoint ends in a SnapshotError.
   */
  prune(options?: CheckpointPruneOptions): Promise<{ removed: string[] }>;
  /** The interpreter behind the eval tool, e.g. to list threads, reset one or inspect a pause. */
  interpreter(): Promise<Interpreter>;
  /** Disposes the interpreter (its workers). */
  dispose(): Promise<void>;
};

export function createCodeInterpreterMiddleware(options: CodeInterpreterMiddlewareOptions = {}): CodeInterpreterMiddleware {
  const resolved = resolveMiddlewareOptions(options);
  const agent = new AgentInterpreters(resolved);
  const follower = new CheckpointFollower(agent);

  const cells = resolved.yieldAfterMs === undefined ? undefined : new AgentCells(resolved.yieldAfterMs, resolved.toolName, WAIT_TOOL_NAME);
  const runOptions = (signal: AbortSignal | undefined): RunOptions => ({ ...(signal ? { signal } : {}), ...(cells ? { yieldAfterMs: cells.yieldAfterMs } : {}) });

  /** One call of the eval tool or the wait tool: the program's result (a pause: the interrupt) as the tool's answer. */
  const answer = async (runtime: ToolRuntimeLike, context: EvalContext, toolName: string, start: (interpreter: Interpreter, marker: PauseMarker | undefined) => Promise<EvalResult>) => {
    const threadId = threadIdOf(runtime);
    const toolCallId = runtime.toolCallId ?? runtime.toolCall?.id ?? "";
    let text: string;
    let running = false;
    /** The program run (as its tool calls' and events' evalId) and its cell, for the host: the ToolMessage's artifact. */
    let artifact: { evalId: string; cellId?: string } | undefined;
    try {
      const result = await agent.run(threadId, context, async (interpreter, keep) => {
        const result = await runOrResume(agent, interpreter, threadId, toolCallId, runOptions(runtime.signal), (marker) => start(interpreter, marker));
        if (result.status === "running") cells?.started(result, threadId, interpreter, context, keep);
        return result;
      });
      running = result.status === "running";
      if (result.evalId) artifact = { evalId: result.evalId, ...(result.cellId ? { cellId: result.cellId } : {}) };
      text = running && cells ? cells.runningText(result, threadId) : result.text;
    } catch (error) {
      if (isQuickboxError(error) && error.code === "THREAD_PAUSED") {
        text = renderError("ThreadPaused", "this conversation's program is paused, waiting for a decision on an earlier call; resume the run with Command({ resume }) first");
      } else if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED") {
        // The thread did not move: the next call of this branch tries its checkpoint again.
        follower.forget(threadId);
        text = renderError("SnapshotError", `the interpreter state of this checkpoint cannot be restored: ${error.message}`);
      } else if (isQuickboxError(error) && error.code === "UNKNOWN_CELL") {
        text = renderError(
          "UnknownCell",
          `${error.message}: use a cell id that ${resolved.toolName} reported as still running in this conversation (a cell that paused for approval is done: its program goes on with the decision)`,
        );
      } else if (error instanceof CellStillRunning) {
        text = error.text;
      } else {
        throw error;
      }
    }
    // What the checkpoint records of the interpreter state. A program ran but no snapshot could be
    // stored: UNSTORED, so that the next call keeps the thread as it is rather than taking the
    // branch for one where no program ran yet.
    const snapshotId = agent.latestSnapshotId(threadId) ?? (artifact /* a program ran: it has an evalId */ ? UNSTORED : undefined);
    if (!toolCallId) return text;
    // Channel writes as a list: several tool calls may write one channel (its reducer merges them).
    // A still-running program's state writes wait for the call that gets its end.
    return new Command({
      update: [
        ["messages", [new ToolMessage({ content: text, tool_call_id: toolCallId, name: toolName, ...(artifact ? { artifact } : {}) })]],
        ...(snapshotId ? ([["_quickboxSnapshotId", snapshotId]] as [string, unknown][]) : []),
        ...(running ? [] : context.stateUpdates),
      ],
    });
  };

  const evalTool = tool(
    async (input: { code: string }, runtime: ToolRuntimeLike) => {
      if (typeof input?.code !== "string") throw new Error(`${resolved.toolName} needs { code: string }`);
      const threadId = threadIdOf(runtime);
      const toolCallId = runtime.toolCallId ?? runtime.toolCall?.id ?? "";
      const context: EvalContext = { config: runtime as Record<string, unknown>, stateUpdates: [], ...(runtime.writer ? { writer: runtime.writer } : {}) };
      const place = checkpointPlace(runtime, threadId, toolCallId);
      return answer(runtime, context, resolved.toolName, (interpreter, marker) => {
        const running = cells?.runningOn(threadId);
        if (running) throw new CellStillRunning(running, WAIT_TOOL_NAME);
        return startEval(agent, follower, interpreter, input.code, place, marker, runOptions(runtime.signal));
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
    // A model may call the eval tool more than once in one step (parallel tool calls), and a plain
    // channel takes one value per step: the snapshot taken last wins (LangGraph applies a step's
    // writes in task order, which need not be the order the calls ran in).
    stateSchema: z.object({
      _quickboxSnapshotId: z
        .string()
        .optional()
        .register(registry, {
          reducer: { fn: (previous: string | undefined, next: string | undefined) => (next === undefined ? previous : previous === undefined ? next : agent.laterSnapshot(previous, next)) },
        }),
    }),
    // The quickbox tools the model may call itself (allowedCallers with "direct").
    tools: [evalTool, ...(cells ? [waitForCellTool(cells, answer)] : []), ...directLangChainTools(resolved.quickboxTools)],
    // mode "turn": each agent run (invoke/stream) is a turn; the thread starts fresh in the next.
    // (A run stopped by an interrupt does not get here: a paused program is kept.)
    afterAgent: async () => {
      if (resolved.interpreter.mode !== "turn") return undefined;
      const threadId = threadIdOf({ configurable: getConfig()?.configurable as Record<string, unknown> | undefined });
      // The thread starts fresh: a program still running in the background ends with the turn.
      await cells?.cancelOn(threadId);
      await agent.run(threadId, { config: {}, stateUpdates: [] }, async (interpreter) => {
        await interpreter.endTurn(threadId);
        agent.forgetSnapshot(threadId);
        follower.forget(threadId);
        await agent.clearPauseMarker(threadId);
      });
      // The next run starts fresh: its checkpoints record no snapshot ("" is no snapshot id), so
      // that another process does not bring back this turn's last one.
      return { _quickboxSnapshotId: "" };
    },
    wrapModelCall: async (request, handler) => {
      agent.syncTools(request.tools);
      // Code-only tools (allowedCallers without "direct") are resolved for programs above, never offered to the model.
      const tools = resolved.codeOnly.size ? withoutCodeOnly(request.tools, resolved.codeOnly) : request.tools;
      return handler({ ...request, tools, systemMessage: request.systemMessage.concat((await agent.systemPrompt()) + (cells?.prompt() ?? "")) });
    },
    // Only with code-only tools: a wrapToolCall hook changes how LangChain treats every tool's errors.
    wrapToolCall: resolved.codeOnly.size ? refuseCodeOnly(resolved.codeOnly, resolved.toolName) : undefined,
  });
  const prune = async ({ checkpointer, keep = [], ...rest }: CheckpointPruneOptions = {}) => {
    const referenced = new Set(keep);
    if (checkpointer) {
      for await (const tuple of checkpointer.list({})) {
        const id = tuple.checkpoint.channel_values?._quickboxSnapshotId;
        if (typeof id === "string") referenced.add(id);
      }
    }
    return pruneSnapshots(agent.store, { ...rest, keep: [...referenced] });
  };
  return Object.assign(middleware, {
    latestSnapshotId: (threadId: string) => agent.latestSnapshotId(threadId),
    prune,
    interpreter: () => agent.interpreter(),
    dispose: () => agent.dispose(),
  });
}
