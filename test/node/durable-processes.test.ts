/**
 * Durable threads across real processes, against the built package (dist/): every pause, resume,
 * race and crash below happens in Node child processes (test/fixtures/durable/*.mjs) sharing one
 * fsStore directory. Tools record each real run by appending a line to an effect file
 * (O_APPEND), so the parent counts how often a tool ran across processes.
 *
 * 1. The tool set changes between the pause and the resume (description, schema, a tool added,
 *    the tool removed → TOOL_MISSING, a schema the paused call no longer meets).
 * 2. Two processes resume one pause at the same instant: one runs it, the other gets CONFLICT.
 * 3. A resuming process is killed with SIGKILL at each step of the resume; a new process recovers.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Isolation } from "../../src/index.js";
import type { ThreadHead } from "../../src/stores/store-contract.js";
import { effectLines, Racer, runChild, runOk, type ChildRun } from "../shared/durable-children.js";
import { raceTrials } from "../shared/race-trials.js";

// The parent runs the same build as its children (dist/, which the node project's global setup
// builds): imported by URL so that typechecking needs no dist/, with the types of src/.
const DIST = new URL("../../dist/", import.meta.url).href;
const { createInterpreter } = (await import(/* @vite-ignore */ `${DIST}index.js`)) as typeof import("../../src/index.js");
const { fsStore } = (await import(/* @vite-ignore */ `${DIST}node.js`)) as typeof import("../../src/node.js");

const ISOLATIONS: Isolation[] = ["inline", "worker"];
const TO = "ana@example.com";

/** The program every pause below runs: it sets `after` once the approved call settled. */
const PROGRAM = `
let receipt;
try {
  receipt = await tools.sendEmail({ to: ${JSON.stringify(TO)} });
} catch (error) {
  receipt = error.name + ": " + error.message;
}
const note = "logNote" in tools ? await tools.logNote({ text: receipt }) : null;
globalThis.after = receipt;
({ receipt, note })
`;

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function caseDir(): { dir: string; effects: { email: string; note: string } } {
  const root = mkdtempSync(join(tmpdir(), "quickbox-durable-"));
  tempDirs.push(root);
  return { dir: join(root, "store"), effects: { email: join(root, "email.log"), note: join(root, "note.log") } };
}


async function readHead(dir: string, threadId: string): Promise<ThreadHead | undefined> {
  const bytes = await fsStore(dir).get(`head:${threadId}`);
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as ThreadHead) : undefined;
}


interface ToolSpec {
  email?: { description?: string; schema?: "v1" | "optional-cc" | "requires-subject"; sleepMs?: number };
  note?: true;
}

interface ChildResult {
  ok: boolean;
  status: string;
  value?: { receipt: string; note: string | null } | string;
  errorType?: string;
  errorMessage?: string;
  text: string;
}
interface ChildError {
  error: string;
  message: string;
}
interface PauseOut extends ChildResult {
  pid: number;
  interrupts: { id: string; name: string; args: unknown }[];
  /** The eval's own status: "running" when it became a background cell (yieldAfterMs). */
  firstStatus: string;
}
interface ResumeOut {
  pid: number;
  resume: ChildResult | ChildError;
  threads?: { threadId: string; state: string; interrupts?: { id: string; name: string; args: unknown }[] }[];
  evalWhileStopped?: ChildResult | ChildError;
  then?: ChildResult | ChildError;
  recoverCalls: { threadId: string; callId: string; name: string; args: unknown }[];
}

function asResult(value: ChildResult | ChildError | undefined): ChildResult {
  if (!value || "error" in value) throw new Error(`expected a result, got ${JSON.stringify(value)}`);
  return value;
}

function expectNoClaimFinished(head: ThreadHead | undefined): void {
  expect(head).toBeDefined();
  expect(head!.paused).toBe(false);
  expect(head!.interrupts).toEqual([]);
  expect(head!.claim).toBeUndefined();
}

/** A fresh interpreter in this process reads the thread's `after` (the program set it after the await). */
async function afterOf(dir: string, threadId: string): Promise<unknown> {
  const qb = await createInterpreter({ isolation: "inline", store: fsStore(dir) });
  try {
    const result = await qb.eval("after", { threadId });
    expect(result.status, result.text).toBe("ok");
    return result.value;
  } finally {
    await qb.dispose();
  }
}

/** Pauses PROGRAM on send_email in this process (the parent); returns the interrupt id. */
async function pauseHere(dir: string, threadId: string): Promise<string> {
  const qb = await createInterpreter({
    isolation: "inline",
    store: fsStore(dir),
    tools: [{ name: "send_email", execute: () => Promise.reject(new Error("the parent never runs send_email")) }],
    interruptOn: { send_email: true },
  });
  try {
    const paused = await qb.eval(PROGRAM, { threadId });
    expect(paused.status, paused.text).toBe("paused");
    return paused.interrupts![0]!.id;
  } finally {
    await qb.dispose();
  }
}

const timings: string[] = [];

/** Records the wall time of the enclosing describe block (its tests may run concurrently). */
function timeSection(name: string): void {
  let started = 0;
  beforeAll(() => {
    started = performance.now();
  });
  afterAll(() => {
    timings.push(`SECTION ${name}: ${Math.round(performance.now() - started)} ms`);
  });
}
afterAll(() => {
  if (timings.length) console.log(`durable-processes timings:\n  ${timings.join("\n  ")}`);
});

describe.concurrent("a pause made in one process resumes in another under a changed tool set", () => {
  timeSection("1 tool set changes");
  const V1: ToolSpec = { email: { description: "Sends an email.", schema: "v1" } };

  /** Pauses PROGRAM in a child with `pauseTools`; returns the interrupt. */
  async function pauseInChild(isolation: Isolation, dir: string, effects: object, threadId: string, pauseTools: ToolSpec = V1) {
    const pause = await runOk<PauseOut>("pause.mjs", { dir, threadId, isolation, tools: pauseTools, effects, code: PROGRAM });
    expect(pause.out.status, pause.out.text).toBe("paused");
    expect(pause.out.interrupts).toHaveLength(1);
    expect(pause.out.interrupts[0]).toMatchObject({ name: "send_email", args: { to: TO } });
    expect(pause.pid).not.toBe(process.pid);
    return pause.out.interrupts[0]!;
  }

  function resumeInChild(isolation: Isolation, dir: string, effects: object, threadId: string, interruptId: string, tools: ToolSpec, thenEval?: string) {
    return runOk<ResumeOut>("resume.mjs", { dir, threadId, interruptId, isolation, tools, effects, ...(thenEval ? { thenEval } : {}) });
  }

  /** The resumed program's final value carries the tool's result from the resuming process; the tool ran once. */
  async function expectDelivered(run: ChildRun<ResumeOut> & { out: ResumeOut }, effects: { email: string }, dir: string, threadId: string) {
    const result = asResult(run.out.resume);
    expect(result.status, result.text).toBe("ok");
    expect(result.errorType).toBeUndefined();
    const receipt = `sent to ${TO} by ${run.pid}`;
    expect((result.value as { receipt: string }).receipt).toBe(receipt);
    const lines = effectLines(effects.email);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ pid: run.pid, args: { to: TO } });
    expectNoClaimFinished(await readHead(dir, threadId));
    return result;
  }

  for (const isolation of ISOLATIONS) {
    it(`[${isolation}] send_email's description changed`, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const interrupt = await pauseInChild(isolation, dir, effects, "desc");
      const run = await resumeInChild(isolation, dir, effects, "desc", interrupt.id, { email: { description: "Sends an email to one person (v2).", schema: "v1" } });
      const result = await expectDelivered(run, effects, dir, "desc");
      expect(result.value).toEqual({ receipt: `sent to ${TO} by ${run.pid}`, note: null });
      timings.push(`tools/${isolation}/description: ${Math.round(performance.now() - started)} ms`);
    }, 60_000);

    it(`[${isolation}] a background cell (yieldAfterMs) that paused resumes in another process`, async () => {
      const { dir, effects } = caseDir();
      const pause = await runOk<PauseOut>("pause.mjs", { dir, threadId: "cell", isolation, tools: V1, effects, code: `await tools.slowStep({});\n${PROGRAM}`, yieldAfterMs: 50 });
      expect(pause.out.firstStatus).toBe("running");
      expect(pause.out.status, pause.out.text).toBe("paused");
      expect(pause.out.interrupts[0]).toMatchObject({ name: "send_email", args: { to: TO } });
      const run = await resumeInChild(isolation, dir, effects, "cell", pause.out.interrupts[0]!.id, V1);
      const result = await expectDelivered(run, effects, dir, "cell");
      expect(result.value).toEqual({ receipt: `sent to ${TO} by ${run.pid}`, note: null });
    }, 60_000);

    it(`[${isolation}] send_email's inputSchema gained an optional property`, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const interrupt = await pauseInChild(isolation, dir, effects, "schema");
      const run = await resumeInChild(isolation, dir, effects, "schema", interrupt.id, { email: { description: "Sends an email.", schema: "optional-cc" } });
      await expectDelivered(run, effects, dir, "schema");
      timings.push(`tools/${isolation}/optional property: ${Math.round(performance.now() - started)} ms`);
    }, 60_000);

    it(`[${isolation}] a tool was added: the resumed program and a later eval call it`, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const interrupt = await pauseInChild(isolation, dir, effects, "added");
      const run = await resumeInChild(isolation, dir, effects, "added", interrupt.id, { ...V1, note: true }, "await tools.logNote({ text: 'later: ' + after })");
      const result = await expectDelivered(run, effects, dir, "added");
      // The program paused when log_note did not exist; after the await it finds and calls it.
      expect(result.value).toEqual({ receipt: `sent to ${TO} by ${run.pid}`, note: `noted by ${run.pid}` });
      const then = asResult(run.out.then);
      expect(then.status, then.text).toBe("ok");
      expect(then.value).toBe(`noted by ${run.pid}`);
      expect(effectLines(effects.note).map((line) => line.args)).toEqual([{ text: `sent to ${TO} by ${run.pid}` }, { text: `later: sent to ${TO} by ${run.pid}` }]);
      timings.push(`tools/${isolation}/tool added: ${Math.round(performance.now() - started)} ms`);
    }, 60_000);

    it(`[${isolation}] send_email was removed: TOOL_MISSING, still paused; a later process with the tool resumes it`, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const interrupt = await pauseInChild(isolation, dir, effects, "removed");
      const pausedHead = await readHead(dir, "removed");
      const missing = await resumeInChild(isolation, dir, effects, "removed", interrupt.id, { note: true });
      expect(missing.out.resume).toMatchObject({ error: "TOOL_MISSING" });
      expect((missing.out.resume as ChildError).message).toContain("send_email");
      const listed = missing.out.threads!.find((thread) => thread.threadId === "removed");
      expect(listed).toMatchObject({ state: "paused", interrupts: [{ id: interrupt.id, name: "send_email", args: { to: TO } }] });
      expect(missing.out.evalWhileStopped).toMatchObject({ error: "THREAD_PAUSED" });
      // Nothing ran and nothing was written: the stored head is the pause as it was.
      expect(effectLines(effects.email)).toEqual([]);
      expect(effectLines(effects.note)).toEqual([]);
      const head = await readHead(dir, "removed");
      expect(head).toEqual(pausedHead);
      expect(head!.paused).toBe(true);
      expect(head!.claim).toBeUndefined();
      const later = await resumeInChild(isolation, dir, effects, "removed", interrupt.id, V1);
      const result = await expectDelivered(later, effects, dir, "removed");
      expect(result.value).toEqual({ receipt: `sent to ${TO} by ${later.pid}`, note: null });
      timings.push(`tools/${isolation}/tool removed, then back: ${Math.round(performance.now() - started)} ms`);
    }, 60_000);

    it(`[${isolation}] the approved call is checked against the new schema: ToolInputError reaches the program`, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const interrupt = await pauseInChild(isolation, dir, effects, "stricter");
      const run = await resumeInChild(isolation, dir, effects, "stricter", interrupt.id, { email: { description: "Sends an email.", schema: "requires-subject" } });
      const result = asResult(run.out.resume);
      expect(result.status, result.text).toBe("ok");
      const receipt = (result.value as { receipt: string }).receipt;
      expect(receipt).toMatch(/^ToolInputError: /);
      expect(receipt).toContain("subject");
      expect(effectLines(effects.email)).toEqual([]);
      expectNoClaimFinished(await readHead(dir, "stricter"));
      expect(await afterOf(dir, "stricter")).toBe(receipt);
      timings.push(`tools/${isolation}/stricter schema: ${Math.round(performance.now() - started)} ms`);
    }, 60_000);
  }
});


describe("two processes resume one pause at the same instant", () => {
  timeSection("2 race");
  // Four of each isolation pair.
  const TRIALS = raceTrials(12);
  /** Isolation of the two racers' interpreters, by trial (cycled). */
  const PAIRS: [Isolation, Isolation][] = [
    ["inline", "inline"],
    ["worker", "worker"],
    ["inline", "worker"],
  ];

  it(`exactly one runs the approved call, the other gets CONFLICT (${TRIALS} trials)`, async () => {
    const started = performance.now();
    const racers = [new Racer(), new Racer()] as const;
    const tally = { first: 0, second: 0 };
    const loserSaw = { claim: 0, write: 0 };
    let maxSkewMs = 0;
    const phases: string[] = [];
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { dir, effects } = caseDir();
        const threadId = `race-${trial}`;
        const t0 = performance.now();
        const interruptId = await pauseHere(dir, threadId);
        const pair = PAIRS[trial % PAIRS.length]!;
        const t1 = performance.now();
        racers.forEach((racer, i) => racer.send(JSON.stringify({ prepare: { dir, threadId, interruptId, isolation: pair[i], effects } })));
        for (const racer of racers) expect(await racer.next()).toMatchObject({ ready: true });
        const t2 = performance.now();
        // Both have their interpreter on the store: "go" to both at once.
        for (const racer of racers) racer.send("go");
        const outs = await Promise.all(racers.map((racer) => racer.next()));
        const t3 = performance.now();
        const context = `trial ${trial} (${pair.join("/")}): ${JSON.stringify(outs)}`;
        maxSkewMs = Math.max(maxSkewMs, Math.abs(outs[0]!.startedAt! - outs[1]!.startedAt!));
        const winners = outs.filter((out) => out.ok === true);
        const losers = outs.filter((out) => out.ok !== true);
        expect(winners, context).toHaveLength(1);
        expect(losers[0]!.error, context).toBe("CONFLICT");
        // Which check stopped the loser: the claim it found, or its own claim write that failed.
        const found = /claimed \d+ s ago/.test(losers[0]!.message ?? "");
        loserSaw[found ? "claim" : "write"]++;
        const winner = winners[0]!;
        tally[winner === outs[0] ? "first" : "second"]++;
        const receipt = `sent to ${TO} by ${winner.pid}`;
        expect(winner.value, context).toEqual({ receipt, note: null });
        // The tool ran exactly once, in the winner.
        expect(effectLines(effects.email).map((line) => line.pid), context).toEqual([winner.pid]);
        // The store holds the winner's end: not paused, no claim; a fresh interpreter builds on it.
        expectNoClaimFinished(await readHead(dir, threadId));
        expect(await afterOf(dir, threadId), context).toBe(receipt);
        phases.push([t1 - t0, t2 - t1, t3 - t2, performance.now() - t3].map(Math.round).join("/"));
      }
    } finally {
      const ends = await Promise.all(racers.map((racer) => racer.end()));
      for (const end of ends) expect(end.code, end.stderr).toBe(0);
    }
    const ms = performance.now() - started;
    timings.push(
      `race: ${TRIALS} trials in ${Math.round(ms)} ms (${Math.round(ms / TRIALS)} ms each), winner first/second racer ${tally.first}/${tally.second}, loser stopped by the claim it read/its failed claim write ${loserSaw.claim}/${loserSaw.write}, max go skew ${maxSkewMs} ms; ms per trial pause/ready/go→result/check: ${phases.join(" ")}`,
    );
  }, 120_000);
});

type Step = "a" | "b" | "c" | "d" | "e" | "e-snap" | "f";

interface CrashCase {
  isolation: Isolation;
  step: Step;
  recover: "fail" | "retry";
  /**
   * Step f: how long after the final head write starts the process is killed ("random": 0–3 ms,
   * chosen at run time; -1: right after the write returned, so that the new head is surely stored).
   */
  delayMs?: number | "random";
}

const CLAIM_TIMEOUT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The crash matrix: every step inline (c also with "retry", f several times); c, e and f in a worker too. */
function crashCases(): CrashCase[] {
  const cases: CrashCase[] = [];
  for (const step of ["a", "b", "c", "d", "e", "e-snap"] as Step[]) cases.push({ isolation: "inline", step, recover: "fail" });
  cases.push({ isolation: "inline", step: "c", recover: "retry" });
  for (const delayMs of [0, 1, 2, 3, "random", "random", -1] as const) cases.push({ isolation: "inline", step: "f", recover: "fail", delayMs });
  for (const step of ["c", "e"] as Step[]) cases.push({ isolation: "worker", step, recover: "fail" });
  cases.push({ isolation: "worker", step: "f", recover: "fail", delayMs: 1 });
  return cases;
}

const fOutcomes: string[] = [];
afterAll(() => {
  if (fOutcomes.length) console.log(`durable-processes: step f (kill during the final head write) left: ${fOutcomes.join(", ")}`);
});

describe.concurrent("a resuming process killed (SIGKILL) at each step; a new process recovers", () => {
  timeSection("3 crash matrix");
  for (const crash of crashCases()) {
    const when = crash.delayMs === -1 ? " (kill right after the write returned)" : crash.delayMs !== undefined ? ` (kill ${crash.delayMs} ms into the write)` : "";
    const name = `[${crash.isolation}] step ${crash.step}${when}, recover "${crash.recover}"`;
    it(name, async () => {
      const started = performance.now();
      const { dir, effects } = caseDir();
      const threadId = "crash";
      const interruptId = await pauseHere(dir, threadId);
      const pausedHead = (await readHead(dir, threadId))!;
      expect(pausedHead.paused).toBe(true);

      const delayMs = crash.delayMs === "random" ? Math.floor(Math.random() * 4) : crash.delayMs;
      const crashRun = await runChild<{ survived?: true }>("crash.mjs", { dir, threadId, interruptId, isolation: crash.isolation, effects, step: crash.step, delayMs });
      const context = `${name}\ncrash stdout: ${crashRun.stdout}\ncrash stderr: ${crashRun.stderr}`;
      expect(crashRun.signal, context).toBe("SIGKILL");
      expect(crashRun.out?.survived, context).toBeUndefined();
      const crashLines = effectLines(effects.email);

      // The head right after the crash: the old pause (maybe with the dead resume's claim) or the new end, never a mix.
      const crashed = (await readHead(dir, threadId))!;
      expect(crashed, context).toBeDefined();
      if (crashed.paused) {
        expect(crashed.chain, context).toEqual(pausedHead.chain);
        expect(crashed.interrupts, context).toEqual(pausedHead.interrupts);
      } else {
        expectNoClaimFinished(crashed);
        for (const id of crashed.chain) expect(await fsStore(dir).get(`snap:${id}`), context).toBeDefined();
      }
      const claimStates = crashed.claim?.calls.map((call) => call.state) ?? [];
      const expected: Record<Step, { claim: string[] | null; lines: number }> = {
        a: { claim: null, lines: 0 },
        b: { claim: ["executing"], lines: 0 },
        c: { claim: ["executing"], lines: 1 },
        d: { claim: ["executing"], lines: 1 },
        e: { claim: ["done"], lines: 1 },
        "e-snap": { claim: ["done"], lines: 1 },
        f: { claim: ["done"], lines: 1 },
      };
      const want = expected[crash.step];
      expect(crashLines.length, context).toBe(want.lines);
      if (crash.delayMs === -1) expect(crashed.paused, `${context}\nthe write had returned: the new head is stored`).toBe(false);
      if (crash.step === "f") fOutcomes.push(`${crash.isolation}/${delayMs === -1 ? "after the write" : `${delayMs} ms`}: ${crashed.paused ? "old pause + claim" : "new head"}`);
      if (crash.step !== "f" || crashed.paused) {
        expect(crashed.paused, context).toBe(true);
        if (want.claim === null) expect(crashed.claim, context).toBeUndefined();
        else expect(claimStates, context).toEqual(want.claim);
      }

      if (crash.step === "c" && crash.recover === "fail") {
        // Within claimTimeoutMs (the default: wallTimeoutMs + 15 s) the dead resume's claim still
        // counts as a resume running elsewhere: resume and eval are CONFLICT, nothing runs or changes.
        const early = await runOk<ResumeOut>("resume.mjs", { dir, threadId, interruptId, isolation: crash.isolation, tools: { email: {} }, effects, recover: "retry" });
        const earlyContext = `${context}\nearly: ${JSON.stringify(early.out)}`;
        expect(early.out.resume, earlyContext).toMatchObject({ error: "CONFLICT" });
        expect(early.out.evalWhileStopped, earlyContext).toMatchObject({ error: "CONFLICT" });
        expect(early.out.recoverCalls, earlyContext).toEqual([]);
        expect(effectLines(effects.email), earlyContext).toEqual(crashLines);
        expect(await readHead(dir, threadId), earlyContext).toEqual(crashed);
      }

      // The dead resume's claim holds for claimTimeoutMs; then a new process takes it over.
      if (crashed.claim) await sleep(Math.max(0, crashed.claim.claimedAt + CLAIM_TIMEOUT_MS + 50 - Date.now()));
      const recovery = await runOk<ResumeOut>("resume.mjs", {
        dir,
        threadId,
        interruptId,
        isolation: crash.isolation,
        tools: { email: {} },
        effects,
        recover: crash.recover,
        claimTimeoutMs: CLAIM_TIMEOUT_MS,
      });
      const full = `${context}\nrecovery: ${JSON.stringify(recovery.out)}\nrecovery stderr: ${recovery.stderr}`;
      const lines = effectLines(effects.email);
      const firstResult = `sent to ${TO} by ${crashRun.pid}`;
      let finalReceipt: string;

      if (!crashed.paused) {
        // The final head write landed before the kill: the thread is done; its pause is gone.
        expect(recovery.out.resume, full).toMatchObject({ error: "NOT_PAUSED" });
        expect(recovery.out.recoverCalls, full).toEqual([]);
        expect(lines.map((line) => line.pid), full).toEqual([crashRun.pid]);
        finalReceipt = firstResult;
      } else {
        const result = asResult(recovery.out.resume);
        expect(result.errorType, full).not.toBe("Deadlock");
        expect(result.status, full).toBe("ok");
        const receipt = (result.value as { receipt: string }).receipt;
        finalReceipt = receipt;
        switch (crash.step) {
          case "a": // nothing was claimed: an ordinary resume, the tool runs (once) now
            expect(recovery.out.recoverCalls, full).toEqual([]);
            expect(receipt, full).toBe(`sent to ${TO} by ${recovery.pid}`);
            expect(lines.map((line) => line.pid), full).toEqual([recovery.pid]);
            break;
          case "b":
          case "c":
          case "d": {
            // The call was "executing" (it may or may not have run): recover decides, never a silent re-run.
            expect(recovery.out.recoverCalls, full).toHaveLength(1);
            const [call] = recovery.out.recoverCalls;
            expect(call, full).toMatchObject({ threadId, name: "send_email", args: { to: TO } });
            if (crashLines.length) expect(call!.callId, full).toBe(crashLines[0]!.callId);
            if (crash.recover === "retry") {
              expect(receipt, full).toBe(`sent to ${TO} by ${recovery.pid}`);
              expect(lines.length, full).toBe(crashLines.length + 1);
              // The retried run gets the same ctx.callId as the run that died (and as recover saw): a tool's idempotency key.
              expect(call!.callId, full).toMatch(/^call_[0-9a-z]{26}$/);
              expect(lines.map((line) => line.callId), full).toEqual(lines.map(() => call!.callId));
              expect(lines.length, full).toBeLessThanOrEqual(2);
            } else {
              expect(receipt, full).toMatch(/^ToolError: send_email was executing when the process stopped/);
              expect(lines.length, full).toBe(crashLines.length);
            }
            break;
          }
          default: // e, e-snap, f with the old head: the call finished and was logged: replayed
            expect(recovery.out.recoverCalls, full).toEqual([]);
            expect(receipt, full).toBe(firstResult);
            expect(lines.map((line) => line.pid), full).toEqual([crashRun.pid]);
        }
      }
      expect(lines.length, full).toBeLessThanOrEqual(crash.recover === "retry" ? 2 : 1);
      // The thread is usable: finished, unclaimed, and a fresh interpreter sees the program's end.
      expectNoClaimFinished(await readHead(dir, threadId));
      expect(await afterOf(dir, threadId), full).toBe(finalReceipt);
      timings.push(`crash/${crash.isolation}/${crash.step}${delayMs !== undefined ? `@${delayMs}ms` : ""}/${crash.recover}: ${Math.round(performance.now() - started)} ms`);
    }, 90_000);
  }
});

describe("fsStore: a head lock left by a killed process", () => {
  it("is broken safely: of several processes then racing one compareAndSet, exactly one wins", async () => {
    const TRIALS = raceTrials(10), PROCESSES = 3, CONTENDERS = 3, key = "head:x";
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid;
    const first = Date.now() + 1500;
    const schedule: { dir: string; at: number }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const { dir } = caseDir();
      await fsStore(dir).put(key, new TextEncoder().encode("v0"), { sizeBytes: 2, createdAt: 0 });
      writeFileSync(join(dir, `${encodeURIComponent(key)}.qbrec.lock`), `${deadPid}\nkilled-holder\n${Date.now()}\n`);
      schedule.push({ dir, at: first + trial * 150 });
    }
    const runs = await Promise.all(Array.from({ length: PROCESSES }, () => runOk<{ results: (boolean | string)[][] }>("cas-contender.mjs", { schedule, key, contenders: CONTENDERS })));
    const winsPerTrial = schedule.map((_, t) => runs.flatMap((run) => run.out.results[t]!).filter((won) => won === true).length);
    expect(runs.flatMap((run) => run.out.results.flat().filter((won) => typeof won === "string"))).toEqual([]);
    expect(winsPerTrial).toEqual(schedule.map(() => 1));
  }, 60_000);
});
