/**
 * Two approvals of one pause reach ONE Durable Object at the same moment (issue "durable threads
 * you can trust"), in real workerd through miniflare 4. The object (edge/durable-race-worker.ts, an
 * InterpreterDurableObject) owns one interpreter; its send_email counts runs in the object's
 * storage and takes 200 ms. In every trial: the tool runs once, one request gets the program's
 * result and the other a QuickboxError CONFLICT (as the worker sees it over RPC), and the stored
 * head is the winner's: not paused, no claim, and a later eval sees the program's state.
 *
 * Half the trials race an object that paused the thread itself and holds it live; the other half race
 * objects evicted after pausing (workerd stopped and started again on the same storage): both
 * requests reach a cold object, which restores the paused thread from its storage.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvalResult } from "../../src/index.js";
import { buildWorker, startWorker, type WorkerBindings } from "../../edge/run-in-workerd.js";
import { raceTrials } from "../shared/race-trials.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "quickbox-do-race-"));
const BINDINGS: WorkerBindings = { durableObjects: { RACES: { className: "RaceThread" } } };
const PROGRAM = "let steps = 1; const receipt = await tools.sendEmail({ to: 'ana@example.com' }); steps++; `done:${receipt}`";
const WARM_TRIALS = raceTrials(10);
const EVICTED_TRIALS = raceTrials(10);

interface ResumeReply {
  outcome: "result" | "error";
  result?: EvalResult;
  error?: { name?: string; code?: string; message?: string; isQuickboxError: boolean };
  startedAt: number;
  endedAt: number;
}

let bundle: string;
beforeAll(async () => {
  bundle = await buildWorker({ entry: join(repo, "edge/durable-race-worker.ts"), outDir: join(scratch, "bundle") });
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function call<T>(mf: Miniflare, path: string, body?: string | object): Promise<T> {
  const init = body === undefined ? {} : { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) };
  const response = await mf.dispatchFetch(`http://worker/race/${path}`, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function pause(mf: Miniflare, name: string): Promise<string> {
  const paused = await call<EvalResult>(mf, `${name}/eval`, PROGRAM);
  expect(paused, name).toMatchObject({ status: "paused", interrupts: [{ name: "send_email" }] });
  return paused.interrupts![0]!.id;
}

/** Which check stopped the losing resume. */
function conflictKind(message = ""): string {
  if (/decided by another resume/.test(message)) return " (same interpreter)";
  if (/being resumed elsewhere/.test(message)) return " (claim held)";
  if (/was changed by another interpreter/.test(message)) return " (head moved)";
  return "";
}

/** Sends both approvals at once, then checks everything the issue promises; returns a summary line. */
async function raceAndCheck(mf: Miniflare, name: string, interruptId: string): Promise<string> {
  const decisions = { [interruptId]: { type: "approve" } };
  const replies = await Promise.all([call<ResumeReply>(mf, `${name}/resume`, decisions), call<ResumeReply>(mf, `${name}/resume`, decisions)]);
  const context = `${name}: ${JSON.stringify(replies)}`;
  // Every trial is checked in full (soft: one failing trial does not hide what the others did).
  const winners = replies.filter((reply) => reply.outcome === "result");
  const losers = replies.filter((reply) => reply.outcome === "error");
  expect.soft(winners, context).toHaveLength(1);
  expect.soft(losers, context).toHaveLength(1);
  const won = winners[0]?.result;
  expect.soft(won, context).toMatchObject({ status: "ok", value: "done:sent to ana@example.com (run 1)" });
  for (const lost of losers) expect.soft(lost.error, context).toMatchObject({ name: "QuickboxError", code: "CONFLICT", isQuickboxError: true });

  expect.soft(await call<{ runs: number }>(mf, `${name}/runs`), `${context}: runs of send_email`).toEqual({ runs: 1 });
  const { head } = await call<{ head: { paused: boolean; interrupts: unknown[]; claim?: unknown } | null }>(mf, `${name}/head`);
  expect.soft(head, `${context}: stored head`).toMatchObject({ paused: false, interrupts: [] });
  expect.soft(head, `${context}: stored head`).not.toHaveProperty("claim");
  const later = await call<EvalResult>(mf, `${name}/eval`, "[steps, receipt]");
  expect.soft(later, `${context}: a later eval`).toMatchObject({ status: "ok", value: [2, "sent to ana@example.com (run 1)"] });
  const skew = Math.abs(replies[0]!.startedAt - replies[1]!.startedAt);
  return `${name}: ${replies.map((reply) => (reply.outcome === "result" ? reply.result?.status : `${reply.error?.code}${conflictKind(reply.error?.message)}`)).join(" ")} (start skew ${skew} ms)`;
}

describe("two approvals of one pause reach one Durable Object at the same moment (workerd)", () => {
  it(`${WARM_TRIALS + EVICTED_TRIALS} trials: the tool runs once, one request gets the result and the other CONFLICT, and the stored head is the winner's`, async () => {
    const persist = join(scratch, "state");
    const started = performance.now();
    const lines: string[] = [];
    const first = startWorker(bundle, BINDINGS, persist);
    const evictedPauses = new Map<string, string>();
    try {
      for (let trial = 0; trial < WARM_TRIALS; trial++) {
        const name = `warm-${trial}`;
        lines.push(await raceAndCheck(first, name, await pause(first, name)));
      }
      for (let trial = 0; trial < EVICTED_TRIALS; trial++) {
        const name = `evicted-${trial}`;
        evictedPauses.set(name, await pause(first, name));
      }
    } finally {
      await first.dispose();
    }
    const second = startWorker(bundle, BINDINGS, persist);
    try {
      // workerd up and the worker loaded (a request no object answers); the objects stay cold. The first
      // approval to a cold object still holds the isolate while the object creates its interpreter
      // (CPU work), so the second one starts a few hundred ms later, while the first is restoring the thread.
      expect((await second.dispatchFetch("http://worker/")).status).toBe(404);
      for (const [name, interruptId] of evictedPauses) lines.push(await raceAndCheck(second, name, interruptId));
    } finally {
      await second.dispose();
    }
    console.log(`durable object race: ${lines.length} trials in ${Math.round(performance.now() - started)} ms\n${lines.map((line) => `  ${line}`).join("\n")}`);
  }, 120_000);
});
