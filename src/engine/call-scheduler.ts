/**
 * Per-eval budgets and concurrency for guest→host calls. Tools and task() have separate budgets
 * (`maxToolCalls`, `maxTaskCalls`; null = unlimited) and separate concurrency caps; calls beyond a
 * cap wait here and go out as earlier ones complete. A call over budget never reaches the host:
 * it fails at once in the guest with ToolCallBudgetExceeded / TaskBudgetExceeded.
 */
import type { CallLimits, CallResult, GuestCall } from "../engine-contract.js";

interface Lane {
  issued: number;
  inFlight: Set<string>;
  queue: GuestCall[];
  max: number | null;
  concurrency: number;
  /** The error of the call that went over the budget: names the call, its number and the budget. */
  budgetError: (call: GuestCall, number: number, max: number) => CallResult["error"];
}

export class CallScheduler {
  readonly #lanes: Record<GuestCall["kind"], Lane>;

  constructor(limits: CallLimits, issued: { tool: number; task: number } = { tool: 0, task: 0 }) {
    this.#lanes = {
      tool: {
        issued: issued.tool,
        inFlight: new Set(),
        queue: [],
        max: limits.maxToolCalls,
        concurrency: limits.maxConcurrentToolCalls,
        budgetError: (call, number, max) => ({
          name: "ToolCallBudgetExceeded",
          message: `tool call ${number} (${call.name}) is over this eval's budget of ${max} tool call${max === 1 ? "" : "s"} (maxToolCalls)`,
        }),
      },
      task: {
        issued: issued.task,
        inFlight: new Set(),
        queue: [],
        max: limits.maxTaskCalls,
        concurrency: limits.maxConcurrentTasks,
        budgetError: (call, number, max) => ({
          name: "TaskBudgetExceeded",
          message: `task ${number} (subagent type ${JSON.stringify(call.name)}) is over this eval's budget of ${max} task${max === 1 ? "" : "s"} (maxTaskCalls)`,
        }),
      },
    };
  }

  /** Tool calls made by the guest in this eval (over-budget ones included). */
  get toolCalls(): number {
    return this.#lanes.tool.issued;
  }

  /** Calls issued per kind in this eval so far (kept across a pause). */
  get issued(): { tool: number; task: number } {
    return { tool: this.#lanes.tool.issued, task: this.#lanes.task.issued };
  }

  /** A held call approved later: it runs now, taking a slot if one is free, else it queues. */
  release(call: GuestCall): GuestCall[] {
    this.#lanes[call.kind].queue.push(call);
    return this.#release();
  }

  get busy(): boolean {
    return Object.values(this.#lanes).some((lane) => lane.inFlight.size > 0 || lane.queue.length > 0);
  }

  /** New calls from the guest: which to send now, and which fail at once. */
  admit(calls: GuestCall[]): { send: GuestCall[]; rejected: CallResult[] } {
    const rejected: CallResult[] = [];
    for (const call of calls) {
      const lane = this.#lanes[call.kind];
      lane.issued++;
      if (lane.max !== null && lane.issued > lane.max) {
        rejected.push({ id: call.id, ok: false, error: lane.budgetError(call, lane.issued, lane.max) });
      } else {
        lane.queue.push(call);
      }
    }
    return { send: this.#release(), rejected };
  }

  /** Results arrived: free their slots; returns queued calls that may go now. */
  complete(results: CallResult[]): GuestCall[] {
    for (const result of results) {
      for (const lane of Object.values(this.#lanes)) lane.inFlight.delete(result.id);
    }
    return this.#release();
  }

  #release(): GuestCall[] {
    const ready: GuestCall[] = [];
    for (const lane of Object.values(this.#lanes)) {
      while (lane.queue.length && lane.inFlight.size < lane.concurrency) {
        const call = lane.queue.shift()!;
        lane.inFlight.add(call.id);
        ready.push(call);
      }
    }
    return ready;
  }
}
