/**
 * CallScheduler (src/engine/call-scheduler.ts) on its own: per-kind budgets and concurrency caps
 * of guest→host calls, held calls (a decision pending) and their release, budgets carried across
 * a pause.
 */
import { describe, expect, it } from "vitest";
import type { CallLimits, GuestCall } from "../../src/engine-contract.js";
import { CallScheduler } from "../../src/engine/call-scheduler.js";

const limits = (overrides: Partial<CallLimits> = {}): CallLimits => ({
  maxToolCalls: null,
  maxConcurrentToolCalls: 100,
  maxTaskCalls: null,
  maxConcurrentTasks: 100,
  ...overrides,
});
const tool = (id: string): GuestCall => ({ id, kind: "tool", name: "search", args: "{}" });
const task = (id: string): GuestCall => ({ id, kind: "task", name: "general", args: "{}" });
const ids = (calls: { id: string }[]) => calls.map((call) => call.id);
const ok = (id: string) => ({ id, ok: true });

describe("CallScheduler budgets", () => {
  it("sends tool calls up to maxToolCalls and fails the rest with ToolCallBudgetExceeded", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 2 }));
    const { send, rejected } = scheduler.admit([tool("a"), tool("b"), tool("c")]);
    expect(ids(send)).toEqual(["a", "b"]);
    expect(rejected).toEqual([{ id: "c", ok: false, error: { name: "ToolCallBudgetExceeded", message: "tool call 3 (search) is over this eval's budget of 2 tool calls (maxToolCalls)" } }]);
  });

  it("counts the budget across batches of one eval", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 3 }));
    expect(scheduler.admit([tool("a"), tool("b")]).rejected).toEqual([]);
    const second = scheduler.admit([tool("c"), tool("d")]);
    expect(ids(second.send)).toEqual(["c"]);
    expect(ids(second.rejected)).toEqual(["d"]);
  });

  it("keeps separate budgets for tools and tasks (TaskBudgetExceeded for task())", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 1, maxTaskCalls: 2 }));
    const { send, rejected } = scheduler.admit([task("t1"), tool("a"), task("t2"), tool("b"), task("t3")]);
    expect(ids(send).sort()).toEqual(["a", "t1", "t2"]);
    expect(rejected.map((r) => [r.id, r.error?.name])).toEqual([
      ["b", "ToolCallBudgetExceeded"],
      ["t3", "TaskBudgetExceeded"],
    ]);
    expect(rejected[0]!.error!.message).toBe("tool call 2 (search) is over this eval's budget of 1 tool call (maxToolCalls)");
    expect(rejected[1]!.error!.message).toBe('task 3 (subagent type "general") is over this eval\'s budget of 2 tasks (maxTaskCalls)');
  });

  it("null budgets are unlimited", () => {
    const scheduler = new CallScheduler(limits({ maxConcurrentToolCalls: 1000, maxConcurrentTasks: 1000 }));
    const calls = Array.from({ length: 600 }, (_, i) => (i % 2 ? tool(`a${i}`) : task(`t${i}`)));
    const { send, rejected } = scheduler.admit(calls);
    expect(rejected).toEqual([]);
    expect(send).toHaveLength(600);
  });

  it("a budget of 0 fails every call of that kind, and only that kind", () => {
    const scheduler = new CallScheduler(limits({ maxTaskCalls: 0 }));
    const { send, rejected } = scheduler.admit([task("t1"), tool("a")]);
    expect(ids(send)).toEqual(["a"]);
    expect(rejected.map((r) => r.error?.name)).toEqual(["TaskBudgetExceeded"]);
  });

  it("calls over budget never reach the host: they take no slot and leave nothing in flight", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 0, maxConcurrentToolCalls: 1 }));
    const { send, rejected } = scheduler.admit([tool("a"), tool("b")]);
    expect(send).toEqual([]);
    expect(ids(rejected)).toEqual(["a", "b"]);
    expect(scheduler.busy).toBe(false);
    // Completing a rejected call's id (the host never saw it) releases nothing.
    expect(scheduler.complete([ok("a")])).toEqual([]);
  });

  it("toolCalls counts tool calls made, over-budget ones included, and no task calls", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 1 }));
    scheduler.admit([tool("a"), tool("b"), task("t1"), task("t2")]);
    expect(scheduler.toolCalls).toBe(2);
    expect(scheduler.issued).toEqual({ tool: 2, task: 2 });
  });
});

describe("CallScheduler concurrency", () => {
  it("queues calls beyond the cap and releases them in order as earlier ones complete", () => {
    const scheduler = new CallScheduler(limits({ maxConcurrentToolCalls: 2 }));
    const { send, rejected } = scheduler.admit(["a", "b", "c", "d", "e"].map(tool));
    expect(ids(send)).toEqual(["a", "b"]);
    expect(rejected).toEqual([]);
    expect(scheduler.busy).toBe(true);
    expect(ids(scheduler.complete([ok("b")]))).toEqual(["c"]);
    // An id that is not in flight frees no slot.
    expect(scheduler.complete([ok("zz")])).toEqual([]);
    expect(ids(scheduler.complete([ok("a"), { id: "c", ok: false }]))).toEqual(["d", "e"]);
    expect(scheduler.busy).toBe(true);
    expect(scheduler.complete([ok("d"), ok("e")])).toEqual([]);
    expect(scheduler.busy).toBe(false);
  });

  it("caps tools and tasks separately", () => {
    const scheduler = new CallScheduler(limits({ maxConcurrentToolCalls: 1, maxConcurrentTasks: 1 }));
    const { send } = scheduler.admit([tool("a"), tool("b"), task("t1"), task("t2")]);
    expect(ids(send)).toEqual(["a", "t1"]);
    // A finished task frees a task slot, not a tool slot.
    expect(ids(scheduler.complete([ok("t1")]))).toEqual(["t2"]);
    expect(ids(scheduler.complete([ok("a")]))).toEqual(["b"]);
  });

  it("new calls wait behind queued ones", () => {
    const scheduler = new CallScheduler(limits({ maxConcurrentToolCalls: 1 }));
    scheduler.admit([tool("a"), tool("b")]);
    expect(scheduler.admit([tool("c")]).send).toEqual([]);
    expect(ids(scheduler.complete([ok("a")]))).toEqual(["b"]);
    expect(ids(scheduler.complete([ok("b")]))).toEqual(["c"]);
  });
});

describe("CallScheduler approved held calls", () => {
  it("release() runs an approved call at once when a slot is free, without counting it again", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 1, maxConcurrentToolCalls: 1 }), { tool: 1, task: 0 });
    const approved = tool("h1");
    expect(scheduler.release(approved)).toEqual([approved]);
    expect(scheduler.busy).toBe(true);
    expect(scheduler.issued).toEqual({ tool: 1, task: 0 });
    expect(scheduler.complete([ok("h1")])).toEqual([]);
    expect(scheduler.busy).toBe(false);
  });

  it("release() queues an approved call while the slots are taken; it goes out when one frees", () => {
    const scheduler = new CallScheduler(limits({ maxConcurrentToolCalls: 1 }));
    const approved = tool("h1");
    expect(ids(scheduler.admit([tool("a")]).send)).toEqual(["a"]);
    expect(scheduler.release(approved)).toEqual([]);
    expect(scheduler.busy).toBe(true);
    expect(scheduler.complete([ok("a")])).toEqual([approved]);
  });

  it("a call the host answers as held frees its slot and stays counted", () => {
    const scheduler = new CallScheduler(limits({ maxToolCalls: 2, maxConcurrentToolCalls: 1 }));
    expect(ids(scheduler.admit([tool("h1"), tool("a")]).send)).toEqual(["h1"]);
    expect(ids(scheduler.complete([{ id: "h1", ok: true, held: { allowedDecisions: ["approve"] } }]))).toEqual(["a"]);
    expect(scheduler.admit([tool("b")]).rejected.map((r) => r.id)).toEqual(["b"]);
    expect(scheduler.toolCalls).toBe(3);
  });
});
