/**
 * Runs the program's host calls on the host (the main thread in worker mode): parse and check
 * the arguments, validate them against the tool's schema, ask interruptOn whether the call waits
 * for a person (then it is answered "held" and nothing runs), else run the tool or subagent with
 * `{ threadId, callId, signal, caller }` (caller: the program, with its eval), encode the result,
 * and deliver results in batches (everything that completes in the same microtask turn goes back
 * together). A held call a person approved comes back marked `approved` and runs, validated again.
 */
import type { CallError, CallResult, CallRunner, CallScope, GuestCall, ResultSink } from "../engine-contract.js";
import { truncateText } from "../result/wire-format.js";
import type { InterpreterEvent, ToolContext } from "../types.js";
import { errorMessage } from "./error-message.js";
import type { EmitEvent } from "./events.js";
import { encodeForGuest, PayloadError, payloadTooLarge } from "./guest-encoding.js";
import type { HoldDecision, HoldPolicy } from "./hold-policy.js";
import { describeIssues } from "./schema-issues.js";
import type { SubagentRunner } from "./subagents.js";
import { newEvalId } from "./tool-callers.js";
import type { RegisteredTool, ToolRegistry } from "./tool-registry.js";
import { taskRequestProblem } from "../guest/task-request.js";
import { jsonNestsDeeperThan, MAX_ARGUMENT_NESTING } from "../result/json-nesting.js";
import { hostSliceIsFull, nextHostSlice } from "../util/host-slices.js";

export interface ExecutorOptions {
  maxToolPayloadBytes: number;
  sanitizeToolErrors: boolean;
  emit: EmitEvent;
  /** false: nobody listens to onEvent, so the tool-call events are not even built (default true). */
  listening?: boolean;
}

/**
 * A call of a tool the program may not call: a direct-only tool (allowedCallers without
 * "program"), or no tool at all. The guest's `tools` does not offer either; this answers a call
 * made anyway (a forged call, or a resume under another tool set).
 */
function refusal(call: GuestCall, tool: RegisteredTool | undefined): CallResult {
  if (!tool) return { id: call.id, ok: false, error: { name: "ToolError", message: `unknown tool ${JSON.stringify(call.name)}` } };
  return {
    id: call.id,
    ok: false,
    error: { name: "ToolError", message: `tools.${tool.key} is not available to programs (allowedCallers: ${JSON.stringify(tool.definition.allowedCallers)})`, details: { tool: call.name } },
  };
}

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

export class CallExecutor implements CallRunner {
  constructor(
    private readonly tools: ToolRegistry,
    private readonly holds: HoldPolicy,
    private readonly subagents: SubagentRunner | undefined,
    private readonly options: ExecutorOptions,
  ) {}

  /** The call's arguments, parsed once their size and nesting are known to be within bounds. */
  #readArgs(call: GuestCall): { args: unknown } | { problem: string } {
    if (payloadTooLarge(call.args, this.options.maxToolPayloadBytes)) return { problem: `${call.name}: the arguments are larger than maxToolPayloadBytes (${this.options.maxToolPayloadBytes} bytes)` };
    if (jsonNestsDeeperThan(call.args, MAX_ARGUMENT_NESTING)) return { problem: `${call.name}: the arguments are nested more than ${MAX_ARGUMENT_NESTING} levels deep` };
    try {
      return { args: JSON.parse(call.args) as unknown };
    } catch {
      return { problem: `${call.name}: the arguments are not valid JSON` };
    }
  }

  /** Starts every call; results reach `sink` in batches. */
  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void {
    const batcher = new ResultBatcher(sink);
    // A batch of several calls shares one signal made now (one AbortController costs less than a getter per call).
    const signal = calls.length > 1 ? scope.signal : undefined;
    for (const call of calls) {
      // Every call settles, whatever happens on the host: an unsettled call would hang the eval.
      void this.#runOne(call, scope, signal)
        .catch((error: unknown): CallResult => ({
          id: call.id,
          ok: false,
          error: { name: call.kind === "task" ? "TaskError" : "ToolError", message: `${call.name} failed on the host: ${errorMessage(error)}` },
        }))
        .then((result) => batcher.push(result));
    }
  }

  #emit(event: InterpreterEvent): void {
    this.options.emit(event);
  }

  /** `signal`: the batch's, when it was made already; else the context reads the scope's when a tool asks. */
  async #runOne(call: GuestCall, scope: CallScope, signal: AbortSignal | undefined): Promise<CallResult> {
    const fail = (error: CallError): CallResult => ({ id: call.id, ok: false, error });
    while (hostSliceIsFull()) await nextHostSlice();
    const read = this.#readArgs(call);
    if ("problem" in read) return { id: call.id, ok: false, error: { name: call.kind === "task" ? "TaskError" : "ToolInputError", message: read.problem } };
    const { args } = read;
    // The thread directory names the eval; a scope without one (none in practice) gets its own.
    const caller = { type: "program", threadId: scope.threadId, evalId: scope.evalId ?? newEvalId() } as const;
    // A single call's `signal` is the scope's getter: the AbortController behind it is made only for a
    // tool that reads it (call-session.ts). An own enumerable getter (ctx spreads and lists as before):
    // ~2 µs to make at load ~15, an AbortController and its signal ~5–15 µs with their collection.
    const context: ToolContext = signal
      ? { threadId: scope.threadId, callId: call.id, signal, caller }
      : {
          threadId: scope.threadId,
          callId: call.id,
          get signal() {
            return scope.signal;
          },
          caller,
        };
    if (call.kind === "task") {
      const problem = this.#taskProblem(call, args);
      if (problem || !this.subagents) return fail({ name: "TaskError", message: problem ?? "task() is not available" });
      const held = this.#holdFor(call, args, context);
      const heldTask = held instanceof Promise ? await held : held;
      return heldTask ?? this.subagents.run(call, args, context, (event) => this.#emit(event), this.options.maxToolPayloadBytes);
    }
    const tool = this.tools.get(call.name);
    if (!tool?.forPrograms) return refusal(call, tool);
    let input = args;
    if (tool.input) {
      const checked = await tool.input.validate(args);
      if (!checked.ok) return fail({ name: "ToolInputError", message: `tools.${tool.key}: invalid input: ${describeIssues(checked.issues)}`, details: { tool: call.name } });
      input = checked.value;
    }
    const held = this.#holdFor(call, input, context);
    return (held instanceof Promise ? await held : held) ?? this.#runTool(call, tool, input, context);
  }

  /** interruptOn, asked for a call not approved already: the "held" answer, or null (it runs). Synchronous unless a predicate decides. */
  #holdFor(call: GuestCall, input: unknown, context: ToolContext): CallResult | null | Promise<CallResult | null> {
    if (call.approved || !this.holds.gates(call)) return null;
    const decision = this.holds.decide(call, input, { threadId: context.threadId, callId: call.id, kind: call.kind, name: call.name, caller: context.caller });
    return decision instanceof Promise ? decision.then((decided) => this.#heldResult(call, decided, context)) : this.#heldResult(call, decision, context);
  }

  #heldResult(call: GuestCall, decision: HoldDecision, context: ToolContext): CallResult | null {
    if (decision.warning) this.#emit({ type: "warning", threadId: context.threadId, message: decision.warning });
    return decision.hold ? { id: call.id, ok: true, held: decision.hold } : null;
  }

  async #runTool(call: GuestCall, tool: RegisteredTool, input: unknown, context: ToolContext): Promise<CallResult> {
    const listening = this.options.listening !== false;
    const started = listening ? performance.now() : 0;
    const evalId = context.caller.type === "program" ? context.caller.evalId : undefined;
    if (listening) this.#emit({ type: "tool-call", phase: "start", threadId: context.threadId, ...(evalId ? { evalId } : {}), callId: call.id, name: call.name, args: input });
    let result: CallResult;
    try {
      const value = await tool.definition.execute(input as never, context);
      while (hostSliceIsFull()) await nextHostSlice();
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
    if (!listening) return result;
    this.#emit({
      type: "tool-call",
      phase: "end",
      threadId: context.threadId,
      ...(evalId ? { evalId } : {}),
      callId: call.id,
      name: call.name,
      args: input,
      durationMs: performance.now() - started,
      ok: result.ok,
      ...(result.error ? { error: result.error.message } : {}),
    });
    return result;
  }

  /**
   * A task request checked again on the host (the guest's own check can be forged): the same
   * rules, and the subagent type it names must be the call's.
   */
  #taskProblem(call: GuestCall, args: unknown): string | null {
    if (!this.subagents) return "task() is not available: no subagents are configured";
    if (typeof args !== "object" || args === null || Array.isArray(args)) return "task(): the request must be an object";
    const problem = taskRequestProblem(args as Record<string, unknown>, this.subagents.types.map((type) => type.name));
    if (problem) return `task(): ${problem}`;
    if ((args as { subagentType: unknown }).subagentType !== call.name) return "task(): the request does not match its call";
    return null;
  }
}
