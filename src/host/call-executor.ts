/**
 * Runs the program's host calls on the host (the main thread in worker mode): parse and check
 * the arguments, validate them against the tool's schema before `execute`, run the tool or
 * subagent with `{ threadId, callId, signal }`, encode the result, and deliver results in batches
 * (everything that completes in the same microtask turn goes back together).
 */
import type { CallError, CallResult, GuestCall } from "../guest/host-calls.js";
import type { InterpreterEvent, ToolContext } from "../types.js";
import { encodeForGuest, PayloadError, payloadTooLarge } from "./guest-encoding.js";
import { describeIssues } from "./schema.js";
import type { SubagentRunner } from "./subagents.js";
import type { ToolRegistry } from "./tool-registry.js";
import { truncateText } from "../wire-format.js";

export interface ExecutorOptions {
  maxToolPayloadBytes: number;
  sanitizeToolErrors: boolean;
  onEvent?: (event: InterpreterEvent) => void;
}

/** One eval's calls: its thread and the signal that aborts them. */
export interface CallScope {
  threadId: string;
  signal: AbortSignal;
}

export type ResultSink = (results: CallResult[]) => void;

class ResultBatcher {
  #pending: CallResult[] = [];
  #scheduled = false;
  constructor(private readonly sink: ResultSink) {}
  push(result: CallResult): void {
    this.#pending.push(result);
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const batch = this.#pending;
      this.#pending = [];
      if (batch.length) this.sink(batch);
    });
  }
}


/**
 * The message of whatever a tool threw. Tools may throw anything: null-prototype objects,
 * proxies whose traps throw, objects whose `message` getter or `toString` throws. None of that
 * may escape as a host exception (the call would never settle).
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
      return (error as { message: string }).message;
    }
    return String(error);
  } catch {
    try {
      return Object.prototype.toString.call(error);
    } catch {
      return "the tool threw a value that cannot be described";
    }
  }
}

export class CallExecutor {
  constructor(
    private readonly tools: ToolRegistry,
    private readonly subagents: SubagentRunner | undefined,
    private readonly options: ExecutorOptions,
  ) {}

  /**
   * The ToolInputError a call with these arguments would fail with, or null when the tool's
   * input schema accepts them (or it has none). Used for calls held for approval: a reviewer is
   * never asked to approve a call that cannot run.
   */
  async inputProblem(toolName: string, args: unknown): Promise<CallError | null> {
    const tool = this.tools.get(toolName);
    if (!tool?.input) return null;
    const checked = await tool.input.validate(args);
    if (checked.ok) return null;
    return { name: "ToolInputError", message: `tools.${tool.key}: invalid input: ${describeIssues(checked.issues)}`, details: { tool: toolName } };
  }

  /** Starts every call; results reach `sink` in batches. */
  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void {
    const batcher = new ResultBatcher(sink);
    for (const call of calls) {
      // Every call settles, whatever happens on the host: an unsettled call would hang the eval.
      void this.#runOne(call, scope)
        .catch((error: unknown): CallResult => ({
          id: call.id,
          ok: false,
          error: { name: call.kind === "task" ? "TaskError" : "ToolError", message: `${call.name} failed on the host: ${errorMessage(error)}` },
        }))
        .then((result) => batcher.push(result));
    }
  }

  #emit(event: InterpreterEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A failing event listener must not break the program's calls.
    }
  }

  async #runOne(call: GuestCall, scope: CallScope): Promise<CallResult> {
    const fail = (error: CallError): CallResult => ({ id: call.id, ok: false, error });
    if (payloadTooLarge(call.args, this.options.maxToolPayloadBytes)) {
      return fail({ name: call.kind === "task" ? "TaskError" : "ToolInputError", message: `${call.name}: the arguments are larger than maxToolPayloadBytes (${this.options.maxToolPayloadBytes} bytes)` });
    }
    let args: unknown;
    try {
      args = JSON.parse(call.args);
    } catch {
      return fail({ name: "ToolInputError", message: `${call.name}: the arguments are not valid JSON` });
    }
    const context: ToolContext = { threadId: scope.threadId, callId: call.id, signal: scope.signal };
    return call.kind === "task" ? this.#runTask(call, args, context) : this.#runTool(call, args, context);
  }

  async #runTool(call: GuestCall, args: unknown, context: ToolContext): Promise<CallResult> {
    const tool = this.tools.get(call.name);
    if (!tool) return { id: call.id, ok: false, error: { name: "ToolError", message: `unknown tool ${JSON.stringify(call.name)}` } };
    let input = args;
    if (tool.input) {
      const checked = await tool.input.validate(args);
      if (!checked.ok) {
        return {
          id: call.id,
          ok: false,
          error: { name: "ToolInputError", message: `tools.${tool.key}: invalid input: ${describeIssues(checked.issues)}`, details: { tool: call.name } },
        };
      }
      input = checked.value;
    }
    const started = performance.now();
    this.#emit({ type: "tool-call", phase: "start", threadId: context.threadId, callId: call.id, name: call.name, args: input });
    let result: CallResult;
    try {
      const value = await tool.definition.execute(input as never, context);
      result = { id: call.id, ok: true, ...encodeForGuest(value, this.options.maxToolPayloadBytes) };
    } catch (error) {
      const message =
        error instanceof PayloadError
          ? `tools.${tool.key}: ${error.message}`
          : this.options.sanitizeToolErrors
            ? "Tool failed"
            : truncateText(errorMessage(error), this.options.maxToolPayloadBytes);
      result = { id: call.id, ok: false, error: { name: "ToolError", message, details: { tool: call.name } } };
    }
    this.#emit({
      type: "tool-call",
      phase: "end",
      threadId: context.threadId,
      callId: call.id,
      name: call.name,
      args: input,
      durationMs: performance.now() - started,
      ok: result.ok,
      ...(result.error ? { error: result.error.message } : {}),
    });
    return result;
  }

  async #runTask(call: GuestCall, args: unknown, context: ToolContext): Promise<CallResult> {
    if (!this.subagents) return { id: call.id, ok: false, error: { name: "TaskError", message: "task() is not available: no subagents are configured" } };
    return this.subagents.run(call, args, context, (event) => this.#emit(event), this.options.maxToolPayloadBytes);
  }
}
