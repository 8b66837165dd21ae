/**
 * Load: many threads, several evals each, every eval calling a tool, over a pool of engine
 * workers, with more threads than may stay live (the rest hibernate into the store and come
 * back). Every result must be right, no thread may see another's state or tool results, and
 * memory stays bounded: at most maxLiveThreads live, and (where measurable) bounded RSS growth.
 */
import { expect, it } from "vitest";
import { memoryStore, type InterpreterOptions, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export interface LoadPlan {
  threads: number;
  evalsPerThread: number;
  /** Threads evaluated at the same time. */
  concurrency: number;
  maxLiveThreads: number;
  options?: InterpreterOptions;
  /** Resident memory of the process, where it can be measured (Node). */
  residentBytes?: () => number;
  /** Largest allowed growth of residentBytes over the run. */
  maxResidentGrowthBytes?: number;
  /** Receives the run's figures (for benchmarks and reports). */
  report?: (figures: { durationMs: number; evals: number; mostLive: number; residentGrowthBytes?: number }) => void;
}

export function defineLoadSuite(create: InterpreterFactory, plan: LoadPlan): void {
  it(`${plan.threads} threads × ${plan.evalsPerThread} evals with tool calls, ${plan.concurrency} at a time: right results, no leakage, bounded memory`, async () => {
    const calls = new Map<string, number[]>();
    const lookup: ToolDefinition<{ n: number; id: string }> = {
      name: "lookup",
      execute: async ({ n, id }, { threadId }) => {
        const list = calls.get(threadId) ?? [];
        list.push(n);
        calls.set(threadId, list);
        await new Promise((resolve) => setTimeout(resolve, (n * 7 + id.length) % 5));
        return { threadId, n, square: n * n, tag: `for ${id}` };
      },
    };
    const qb = await create({ ...plan.options, tools: [lookup], store: memoryStore(), maxLiveThreads: plan.maxLiveThreads });
    const residentBefore = plan.residentBytes?.();
    const startedAt = performance.now();
    let mostLive = 0;
    let liveChecks = 0;
    try {
      const ids = Array.from({ length: plan.threads }, (_, i) => `load-${i}`);
      const runThread = async (threadId: string) => {
        for (let round = 0; round < plan.evalsPerThread; round++) {
          const setup = round === 0 ? `const id = ${JSON.stringify(threadId)}; let count = 0; const secret = Math.random(); globalThis["mark_" + id] = secret;\n` : "";
          const result = await qb.eval(
            `${setup}count++;
             const reply = await tools.lookup({ n: count, id });
             ({ id, count, reply, marks: Object.keys(globalThis).filter((key) => key.startsWith("mark_")), kept: globalThis["mark_" + id] === secret })`,
            { threadId },
          );
          expect(result.status, `${threadId} round ${round}: ${result.text}`).toBe("ok");
          expect(result.value).toEqual({
            id: threadId,
            count: round + 1,
            reply: { threadId, n: round + 1, square: (round + 1) ** 2, tag: `for ${threadId}` },
            marks: [`mark_${threadId}`],
            kept: true,
          });
        }
      };
      // A fixed number of threads in flight at once; each runs all its evals in order.
      const queue = [...ids];
      const worker = async () => {
        for (let threadId = queue.shift(); threadId !== undefined; threadId = queue.shift()) {
          await runThread(threadId);
          if (queue.length % 25 === 0) {
            const live = (await qb.threads()).filter((info) => info.state !== "hibernated").length;
            mostLive = Math.max(mostLive, live);
            liveChecks++;
          }
        }
      };
      await Promise.all(Array.from({ length: plan.concurrency }, worker));

      // Each thread's tool calls came from that thread, in order, exactly once each.
      expect(calls.size).toBe(plan.threads);
      const expected = Array.from({ length: plan.evalsPerThread }, (_, i) => i + 1);
      for (const threadId of ids) expect(calls.get(threadId), threadId).toEqual(expected);

      const infos = await qb.threads();
      expect(infos).toHaveLength(plan.threads);
      expect(liveChecks).toBeGreaterThan(0);
      // Busy threads cannot hibernate: at most maxLiveThreads idle ones plus those in flight.
      expect(Math.max(mostLive, infos.filter((info) => info.state !== "hibernated").length)).toBeLessThanOrEqual(plan.maxLiveThreads + plan.concurrency);
      expect(infos.filter((info) => info.state !== "hibernated").length).toBeLessThanOrEqual(plan.maxLiveThreads);
      // A thread that hibernated long ago comes back with its own state.
      expect((await qb.eval("[id, count]", { threadId: ids[0]! })).value).toEqual([ids[0], plan.evalsPerThread]);
      const growth = residentBefore === undefined ? undefined : plan.residentBytes!() - residentBefore;
      plan.report?.({ durationMs: performance.now() - startedAt, evals: plan.threads * plan.evalsPerThread + 1, mostLive, ...(growth === undefined ? {} : { residentGrowthBytes: growth }) });
      if (growth !== undefined && plan.maxResidentGrowthBytes !== undefined) {
        expect(growth, `RSS grew by ${Math.round(growth / 2 ** 20)} MiB`).toBeLessThan(plan.maxResidentGrowthBytes);
      }
    } finally {
      await qb.dispose();
    }
  }, 120_000);
}
