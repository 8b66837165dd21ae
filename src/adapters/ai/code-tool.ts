/**
 * createCodeTool: one AI SDK tool, `{ code }`, that runs the model's program in a quickbox
 * interpreter whose `tools` are the given AI SDK tools. A call that needs approval pauses the
 * program durably; the tool returns the pause, and `resume` continues the same program later.
 */
import { tool, type ToolExecutionOptions } from "ai";
import { createInterpreter, isQuickboxError, QuickboxError, type Decision, type EvalResult, type Interpreter } from "../../index.js";
import { lazyInterpreter, SerialQueues, timerMsProblem } from "../../adapter-support.js";
import { readRequest, codeInputSchema } from "./code-input.js";
import { modelText, toCodeToolOutput } from "./code-output.js";
import { convertTools } from "./convert-tools.js";
import { defaultDescription } from "./description.js";
import { checkAllowedCallers, directToolSet } from "./direct-tools.js";
import { scopeOf, type ScopeByThread, type ToolCallScope } from "./tool-scope.js";
import { checkToolSet } from "./tool-set.js";
import type { CodeThreadId, CodeTool, CodeToolControls, CodeToolInput, CodeToolOutput, CreateCodeToolOptions, PausedProgram } from "./types.js";

const asyncDispose: typeof Symbol.asyncDispose = Symbol.asyncDispose ?? (Symbol.for("Symbol.asyncDispose") as typeof Symbol.asyncDispose);

function threadIdResolver(option: CodeThreadId | undefined): (call: ToolExecutionOptions) => string {
  if (typeof option === "function") {
    return (call) => {
      const id: unknown = option(call);
      // undefined would fall back to a thread every conversation shares: refuse it.
      if (typeof id !== "string" || !id) {
        throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: the threadId function returned ${id === "" ? "an empty string" : String(id)}; it must return a non-empty string for every call (e.g. a conversation id)`);
      }
      return id;
    };
  }
  if (option !== undefined && typeof option !== "string") throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: threadId must be a string or a function of the tool call");
  const fixed = option ?? `code-${crypto.randomUUID()}`;
  return () => fixed;
}

/** A model calling the code tool while its thread waits for a decision gets a message it can act on. */
function pausedThreadError(threadId: string): QuickboxError {
  return new QuickboxError(
    "THREAD_PAUSED",
    `The previous program (thread "${threadId}") is still paused waiting for the user's decision; no new code can run in this thread until the user has decided.`,
  );
}

export function createCodeTool(options: CreateCodeToolOptions = {}): CodeTool {
  const { tools, quickboxTools = [], threadId, description, allowedCallers, yieldAfterMs, ...interpreterOptions } = options;
  const yieldProblem = timerMsProblem("yieldAfterMs", yieldAfterMs);
  if (yieldProblem) throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: ${yieldProblem}`);
  const cells = yieldAfterMs !== undefined;
  const toolList = checkToolSet(tools);
  const callers = checkAllowedCallers(allowedCallers, toolList);
  if (!Array.isArray(quickboxTools)) throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: quickboxTools must be an array of quickbox ToolDefinitions");
  const resolveThreadId = threadIdResolver(threadId);
  const scopes: ScopeByThread = new Map();
  const queue = new SerialQueues();

  const interpreter = lazyInterpreter(async () => {
    const converted = await convertTools(toolList, scopes, callers);
    return createInterpreter({
      ...interpreterOptions,
      tools: [...converted.definitions, ...quickboxTools],
      interruptOn: { ...converted.interruptOn, ...interpreterOptions.interruptOn },
    });
  });

  /** Runs `step` in the thread with its tool-call scope set (the AI SDK tools, and their needsApproval, get it). */
  const inThread = (id: string, scope: ToolCallScope, step: (qb: Interpreter) => Promise<EvalResult>) =>
    queue.run(id, async () => {
      const qb = await interpreter.get();
      scopes.set(id, scope);
      let running = false;
      try {
        const result = await step(qb);
        running = result.status === "running";
        return toCodeToolOutput(id, result, yieldAfterMs);
      } finally {
        // A background cell's tools still run with this call's scope; the next call on the thread replaces it.
        if (!running) scopes.delete(id);
      }
    });

  const execute = async (input: CodeToolInput, call: ToolExecutionOptions): Promise<CodeToolOutput> => {
    const request = readRequest(input, cells);
    const id = resolveThreadId(call);
    const signal = call.abortSignal;
    try {
      if (request.kind === "wait") return await inThread(id, scopeOf(call), (qb) => qb.wait(request.cellId, { timeoutMs: yieldAfterMs!, threadId: id }));
      if (request.kind === "cancel") return await inThread(id, scopeOf(call), (qb) => qb.cancel(request.cellId, { threadId: id }));
      const runOptions = { threadId: id, ...(signal ? { signal } : {}), ...(cells ? { yieldAfterMs } : {}) };
      return await inThread(id, scopeOf(call), (qb) => qb.eval(request.code, runOptions));
    } catch (error) {
      if (isQuickboxError(error) && error.code === "THREAD_PAUSED") throw pausedThreadError(id);
      throw error;
    }
  };

  const controls: CodeToolControls = {
    resume: (id: string, decisions: Record<string, Decision>, resumeOptions) => {
      const signal = resumeOptions?.signal;
      return inThread(id, scopeOf(resumeOptions), (qb) => qb.resume(id, decisions, { ...(signal ? { signal } : {}), ...(cells ? { yieldAfterMs } : {}) }));
    },
    async pending(): Promise<PausedProgram[]> {
      const threads = await (await interpreter.get()).threads();
      return threads.filter((thread) => thread.state === "paused").map((thread) => ({ threadId: thread.threadId, interrupts: thread.interrupts ?? [] }));
    },
    directTools: () => directToolSet(toolList, callers, quickboxTools, resolveThreadId),
    systemPrompt: async () => (await interpreter.get()).systemPrompt(),
    interpreter: () => interpreter.get(),
    dispose: () => interpreter.dispose(),
    [asyncDispose]: () => interpreter.dispose(),
  };

  const codeTool = tool<CodeToolInput, CodeToolOutput>({
    description: description ?? defaultDescription(toolList, quickboxTools, callers, yieldAfterMs),
    inputSchema: codeInputSchema(cells),
    execute,
    toModelOutput: ({ output }) => ({ type: "text", value: modelText(output) }),
  });
  return Object.assign(codeTool, controls);
}
