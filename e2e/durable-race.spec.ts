/**
 * Two tabs approve the same pause at the same moment (issue "durable threads you can trust"):
 * two pages of one browser context (one origin, one IndexedDB) each have an interpreter on the
 * same idbStore, and both resume the paused thread at once. In every trial the tool runs once
 * (the runs counted in both pages add up to 1), one page gets the program's result, the other a
 * QuickboxError CONFLICT, and the stored head is the winner's: not paused, no claim, and a later
 * eval sees the program's state with the winner's receipt.
 *
 * Odd trials: one page's racing interpreter paused the thread itself and still holds it in
 * memory; even trials: a helper interpreter paused it, and both racers restore it from IndexedDB.
 * The page (e2e/race-app) loads the built package as an installed dependency.
 */
import { expect, test, type Page } from "@playwright/test";
import { buildAndServe } from "./support/build-app.js";
import { raceTrials } from "../test/shared/race-trials.js";

const TRIALS = raceTrials(20);

/** Which check stopped a losing resume: the winner's claim was already in the head, or the loser's conditional write found the head moved. */
function conflictKind(message = ""): string {
  if (/being resumed elsewhere/.test(message)) return " (claim held)";
  if (/was changed by another interpreter/.test(message)) return " (head moved)";
  if (/decided by another resume/.test(message)) return " (same interpreter)";
  return "";
}

interface ResumeReply {
  outcome: "result" | "error";
  status?: string;
  value?: unknown;
  quickboxError?: boolean;
  code?: string;
  message?: string;
  startedAt: number;
  endedAt: number;
}

/** window.race of e2e/race-app/main.js. */
interface Race {
  open(dbName: string): Promise<void>;
  close(): Promise<void>;
  pause(threadId: string, live: boolean): Promise<{ status: string; interruptId: string }>;
  resume(threadId: string, interruptId: string): Promise<ResumeReply>;
  runs(threadId: string): number;
  inspect(threadId: string): Promise<{ head: { paused: boolean; interrupts: unknown[]; claim?: unknown } | null; later: { status: string; value?: unknown } }>;
}

const race = (page: Page) => ({
  open: (dbName: string) => page.evaluate((d) => (window as unknown as { race: Race }).race.open(d), dbName),
  close: () => page.evaluate(() => (window as unknown as { race: Race }).race.close()),
  pause: (threadId: string, live: boolean) => page.evaluate(([t, l]) => (window as unknown as { race: Race }).race.pause(t, l), [threadId, live] as const),
  resume: (threadId: string, interruptId: string) => page.evaluate(([t, i]) => (window as unknown as { race: Race }).race.resume(t, i), [threadId, interruptId] as const),
  runs: (threadId: string) => page.evaluate((t) => (window as unknown as { race: Race }).race.runs(t), threadId),
  inspect: (threadId: string) => page.evaluate((t) => (window as unknown as { race: Race }).race.inspect(t), threadId),
});

test(`two pages of one origin approve one pause at the same moment (idbStore), ${TRIALS} trials`, async ({ context }) => {
  test.setTimeout(90_000);
  const { url, server } = await buildAndServe("race-app");
  try {
    const pages = { A: await context.newPage(), B: await context.newPage() };
    for (const [name, page] of Object.entries(pages)) {
      await page.goto(`${url}?name=${name}`);
      await expect(page.locator("#ready")).toHaveText("ready", { timeout: 30_000 });
    }
    const racers = { A: race(pages.A), B: race(pages.B) };
    // Each page: a racing interpreter and a helper (pauses, and evaluates afterwards), all on one idbStore database.
    await Promise.all([racers.A.open("race"), racers.B.open("race")]);
    const started = performance.now();
    const skews: number[] = [];
    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const threadId = `race-${trial}`;
      const phases: number[] = [performance.now()];
      // Odd trials: one page's racer paused the thread itself and still holds it live; even ones: a helper
      // paused it, and both racers restore it from IndexedDB.
      const live = trial % 2 === 1;
      const pauserName = Math.floor(trial / 2) % 2 === 0 ? "A" : "B";
      const paused = await racers[pauserName].pause(threadId, live);
      expect(paused.status, `trial ${trial}`).toBe("paused");
      phases.push(performance.now());
      // Go: both resumes are sent at once.
      const [a, b] = await Promise.all([racers.A.resume(threadId, paused.interruptId), racers.B.resume(threadId, paused.interruptId)]);
      phases.push(performance.now());
      const replies: Record<string, ResumeReply> = { A: a, B: b };
      const context = `trial ${trial} (${live ? `paused live in ${pauserName}` : "restored by both"}): ${JSON.stringify(replies)}`;
      skews.push(Math.abs(a.startedAt - b.startedAt));
      outcomes.push(Object.entries(replies).map(([name, reply]) => `${name}:${reply.outcome === "result" ? reply.status : `${reply.code}${conflictKind(reply.message)}`}`).join(" "));

      // Every trial is checked in full (soft: one failing trial does not hide what the others did).
      const winners = Object.keys(replies).filter((name) => replies[name]!.outcome === "result");
      const losers = Object.keys(replies).filter((name) => replies[name]!.outcome === "error");
      expect.soft(winners, context).toHaveLength(1);
      expect.soft(losers, context).toHaveLength(1);
      const winner = winners[0] ?? "?";
      expect.soft(replies[winner], context).toMatchObject({ status: "ok", value: `done:sent to ana@example.com by ${winner}` });
      for (const loser of losers) expect.soft(replies[loser], context).toMatchObject({ quickboxError: true, code: "CONFLICT" });

      const runs = { A: await racers.A.runs(threadId), B: await racers.B.runs(threadId) };
      expect.soft(runs, `${context}: runs of send_email per page`).toEqual({ A: winner === "A" ? 1 : 0, B: winner === "B" ? 1 : 0 });

      const inspected = await racers[trial % 2 === 0 ? "A" : "B"].inspect(threadId);
      expect.soft(inspected.head, `${context}: stored head`).toMatchObject({ paused: false, interrupts: [] });
      expect.soft(inspected.head, `${context}: stored head`).not.toHaveProperty("claim");
      expect.soft(inspected.later, `${context}: a later eval`).toMatchObject({ status: "ok", value: [2, `sent to ana@example.com by ${winner}`] });
      phases.push(performance.now());
      const [pausing, raced, checked] = phases.slice(1).map((at, n) => Math.round(at - phases[n]!));
      outcomes[trial] += `  (pause ${pausing} ms, race ${raced} ms, checks ${checked} ms)`;
    }
    await Promise.all([racers.A.close(), racers.B.close()]);
    skews.sort((x, y) => x - y);
    console.log(
      `chromium race: ${TRIALS} trials in ${Math.round(performance.now() - started)} ms; start skew max ${skews.at(-1)!.toFixed(1)} ms, median ${skews[skews.length >> 1]!.toFixed(1)} ms\n${outcomes.map((line, trial) => `  trial ${trial}: ${line}`).join("\n")}`,
    );
  } finally {
    await server.close();
  }
});
