/**
 * The CPU limit holds where the clock does not move during CPU work (deployed Cloudflare Workers):
 * QuickJS's interrupt polls are counted too (src/engine/run-budget.ts, POLLS_PER_CPU_MS).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { MAX_POLLS_PER_CPU_MS, POLLS_PER_CPU_MS, RunBudget, pollBudget } from "../../src/engine/run-budget.js";

/** Polls the budget until it expires (or `limit` polls), advancing the fake clock by `msPerPoll` each time. */
function pollUntilExpired(budget: RunBudget, clock: { ms: number }, msPerPoll: number, limit: number): number {
  for (let poll = 1; poll <= limit; poll++) {
    clock.ms += msPerPoll;
    if (budget.shouldInterrupt()) return poll;
  }
  return Number.POSITIVE_INFINITY;
}

describe("RunBudget poll budget", () => {
  it("derives the poll budget from timeoutMs", () => {
    expect(pollBudget(1000)).toBe(1000 * POLLS_PER_CPU_MS);
    expect(new RunBudget(250, 60_000).maxPolls).toBe(pollBudget(250));
  });

  it("a frozen clock: the eval expires as cpu after timeoutMs × POLLS_PER_CPU_MS polls", () => {
    const clock = { ms: 5000 };
    const budget = new RunBudget(100, 60_000, () => clock.ms);
    expect(pollUntilExpired(budget, clock, 0, 1e6)).toBe(pollBudget(100) + 1);
    expect(budget.expired).toBe("cpu");
    expect(budget.shouldInterrupt()).toBe(true);
  });

  it("a working clock decides alone, even at the fastest poll rate and with 1 ms granularity", () => {
    for (const granularityMs of [0, 1]) {
      const clock = { ms: 0 };
      const shown = () => (granularityMs ? Math.floor(clock.ms / granularityMs) * granularityMs : clock.ms);
      const budget = new RunBudget(100, 60_000, shown);
      const msPerPoll = 1 / MAX_POLLS_PER_CPU_MS;
      const expiredAt = pollUntilExpired(budget, clock, msPerPoll, 1e6);
      expect(budget.expired).toBe("cpu");
      // Expired by the clock: at timeoutMs (plus the clock's granularity), not at the poll budget's 400 polls.
      expect(expiredAt * msPerPoll).toBeGreaterThan(99.999);
      expect(expiredAt * msPerPoll).toBeLessThan(100 + granularityMs + 2 * msPerPoll);
    }
  });

  it("a clock that moves too little for the polls seen counts as standing still", () => {
    const clock = { ms: 0 };
    const budget = new RunBudget(100, 60_000, () => clock.ms);
    // 1 ms per 1000 polls: ten times faster than any loop polls, so the clock is not measuring CPU.
    const expiredAt = pollUntilExpired(budget, clock, 1 / 1000, 1e6);
    expect(budget.expired).toBe("cpu");
    expect(expiredAt).toBe(pollBudget(100) + 1);
  });

  it("time spent awaiting the host is not CPU time for either measure", async () => {
    const clock = { ms: 0 };
    const budget = new RunBudget(100, 60_000, () => clock.ms);
    await budget.awaitHost(Promise.resolve().then(() => void (clock.ms += 5000)));
    expect(budget.check()).toBeNull();
    expect(pollUntilExpired(budget, clock, 0, 1e6)).toBe(pollBudget(100) + 1);
  });
});

describe("the engine with a frozen clock (as on deployed Workers)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("while(true){} ends as a cpu Timeout, and the thread keeps working", async () => {
    const qb = await createInterpreter({ isolation: "inline", timeoutMs: 200 });
    try {
      await qb.eval("const kept = 41");
      vi.spyOn(performance, "now").mockReturnValue(1_000_000);
      const started = Date.now();
      const stuck = await qb.eval("while (true) {}");
      const realMs = Date.now() - started;
      vi.restoreAllMocks();
      expect(stuck.status).toBe("error");
      expect(stuck.error).toMatchObject({ type: "Timeout", details: { kind: "cpu" } });
      // 800 polls: ~0.1 s of tight looping in Node 20 on the reference machine; far from "forever".
      expect(realMs).toBeLessThan(20_000);
      expect((await qb.eval("kept + 1")).value).toBe(42);
    } finally {
      await qb.dispose();
    }
  });

  it("the tightest loop polls slower than MAX_POLLS_PER_CPU_MS here (so a working clock always decides)", async () => {
    const original = RunBudget.prototype.shouldInterrupt;
    const budgets: RunBudget[] = [];
    vi.spyOn(RunBudget.prototype, "shouldInterrupt").mockImplementation(function (this: RunBudget) {
      if (!budgets.includes(this)) budgets.push(this);
      return original.call(this);
    });
    const qb = await createInterpreter({ isolation: "inline", timeoutMs: 300 });
    try {
      const result = await qb.eval("while (true) {}");
      expect(result.error).toMatchObject({ type: "Timeout", details: { kind: "cpu" } });
      const polls = Math.max(...budgets.map((budget) => budget.polls));
      const pollsPerMs = polls / 300;
      expect(pollsPerMs).toBeGreaterThan(0.2);
      expect(pollsPerMs).toBeLessThan(MAX_POLLS_PER_CPU_MS);
    } finally {
      await qb.dispose();
    }
  });
});
