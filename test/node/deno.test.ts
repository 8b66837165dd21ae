/**
 * quickbox/deno in real Deno (the npm package `deno`, the binary `npx deno` runs), always on the
 * built package (dist/; npm test builds before the unit tests). The Deno test files in test/deno/
 * run under `deno test`; the durable-pause cases spawn separate Deno processes and resume the same
 * pause in another Deno process (same KV file) and in this Node process (same snapshot bytes).
 * Two long-running Deno processes (test/deno/race-resume.ts, driven over stdin/stdout) race to
 * approve the same pause on one KV file: the tool must run once, one process get the result and
 * the other CONFLICT.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, memoryStore, threadBundleBytes, type Interrupt, type ToolDefinition } from "../../src/index.js";
import { PAUSED_PROGRAM_SUFFIX, PAUSED_THREAD_ID, type ExportedRecords } from "../deno/pause-program.js";
import type { InspectReply, RaceCommand, ResumeReply } from "../deno/race-resume.js";
import { raceTrials } from "../shared/race-trials.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const LOCAL_DENO = join(ROOT, "node_modules", ".bin", "deno");
/** --no-check: tsc checks these files; --unstable-sloppy-imports: they import siblings as .js, like the rest of the repo. */
const TEST_FLAGS = ["--no-check", "--unstable-sloppy-imports", "--node-modules-dir=manual"];

interface DenoRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runDeno(args: string[], options: { cwd?: string } = {}): Promise<DenoRun> {
  const [command, prefix] = existsSync(LOCAL_DENO) ? [LOCAL_DENO, []] : ["npx", ["deno"]];
  return new Promise((resolve) => {
    execFile(
      command,
      [...prefix, ...args],
      { cwd: options.cwd ?? ROOT, timeout: 60_000, maxBuffer: 16 * 2 ** 20, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Which check stopped a losing resume: the winner's claim was already in the head, or the loser's conditional write found the head moved. */
function conflictKind(message = ""): string {
  if (/being resumed elsewhere/.test(message)) return " (claim held)";
  if (/was changed by another interpreter/.test(message)) return " (head moved)";
  if (/decided by another resume/.test(message)) return " (same interpreter)";
  return "";
}

/** Runs one Deno test file; all of its `count` tests must pass. Returns the report. */
async function expectDenoTestsPass(file: string, count: number): Promise<string> {
  const run = await runDeno(["test", ...TEST_FLAGS, "--unstable-kv", "--allow-read", file]);
  const report = `${run.stdout}\n${run.stderr}`;
  expect(run.code, report).toBe(0);
  expect(report).toMatch(new RegExp(`ok \\| ${count} passed \\| 0 failed`));
  return report;
}

/** The last line of a script's stdout, as JSON. */
function lastJsonLine<T>(run: DenoRun): T {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as T;
}

describe("quickbox/deno in real Deno", () => {
  it("isolation 'worker' by default: a module Worker on dist/worker.mjs, state across evals, tool calls, the watchdog, the shipped wasm", async () => {
    await expectDenoTestsPass("test/deno/worker-isolation.test.ts", 3);
  });

  it("a worker that cannot start (no read permission for its script) fails createInterpreter with WORKER_FAILED, without ending the process", async () => {
    const run = await runDeno(["run", ...TEST_FLAGS, "--allow-read", `--deny-read=${join(ROOT, "dist", "worker.mjs")}`, "test/deno/worker-start-failure.ts"]);
    const outcome = lastJsonLine<{ outcome: string; code: string | null; message: string }>(run);
    expect(outcome).toMatchObject({ outcome: "failed", code: "WORKER_FAILED" });
    expect(outcome.message).toMatch(/could not start/);
  });

  it("denoKvStore passes the store contract and the chunking, cut-write and concurrency cases on a real Deno KV", async () => {
    const report = await expectDenoTestsPass("test/deno/kv-store.test.ts", 12);
    // The Deno file ports test/shared/store-contract-suite.ts case by case: it must not drift.
    const suite = readFileSync(new URL("../shared/store-contract-suite.ts", import.meta.url), "utf8");
    const cases = [...suite.matchAll(/\n\s*it\("([^"]+)"/g)].map((match) => match[1]!);
    expect(cases.length).toBeGreaterThan(0);
    for (const name of cases) expect(report).toContain(`contract: ${name} ... ok`);
  });

  it("threads outlive the build in Deno: stored fixtures resume as stored and rebuilt from their journals (Deno KV and memory stores)", async () => {
    await expectDenoTestsPass("test/deno/replay-fixtures.test.ts", 4);
  });

  it("quickbox/codemode's executor runs codemode programs in Deno (worker and inline)", async () => {
    await expectDenoTestsPass("test/deno/codemode.test.ts", 1);
  });

  it("a thread paused in Node moves as bundle bytes into Deno KV and resumes in Deno with the same held call id", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quickbox-bundle-"));
    try {
      const qb = await createInterpreter({ isolation: "inline", tools: [{ name: "send_email", execute: () => "never here" }], interruptOn: { send_email: true } });
      let interruptId: string;
      try {
        const paused = await qb.eval("const from = 'node'; from + ' then ' + (await tools.sendEmail({ to: 'ana' }))", { threadId: "from-node" });
        interruptId = paused.interrupts![0]!.id;
        writeFileSync(join(dir, "bundle.bin"), threadBundleBytes(await qb.exportThread("from-node")));
      } finally {
        await qb.dispose();
      }
      const run = await runDeno(["run", ...TEST_FLAGS, "--unstable-kv", "--allow-read", "test/deno/import-bundle.ts", join(dir, "bundle.bin"), interruptId]);
      expect(lastJsonLine(run)).toEqual({
        info: [{ threadId: "from-node", state: "paused", interruptIds: [interruptId] }],
        status: "ok",
        value: "node then sent to ana from deno",
        sent: ["ana"],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a snapshot over 800 KiB round-trips through chunked Deno KV commits", async () => {
    await expectDenoTestsPass("test/deno/big-snapshot.test.ts", 1);
  });

  describe("a program paused in Deno with denoKvStore", () => {
    let dir: string;
    let paused: { status: string; interrupts: Interrupt[]; pid: number };
    const script = (mode: string, ...args: string[]) =>
      runDeno(["run", ...TEST_FLAGS, "--unstable-kv", "--allow-read", `--allow-write=${dir}`, "test/deno/pause-resume.ts", mode, ...args]);

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "quickbox-deno-"));
      paused = lastJsonLine(await script("pause", join(dir, "threads.kv"), join(dir, "export.json")));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("pauses at the tool call that needs approval", () => {
      expect(paused.status).toBe("paused");
      expect(paused.interrupts).toEqual([expect.objectContaining({ kind: "tool", name: "send_email", args: { to: "ana@example.com" } })]);
    });

    it("resumes in a second Deno process from the same KV file, exactly at the await", async () => {
      const done = lastJsonLine<{ status: string; value: string; sent: unknown[]; pid: number }>(await script("resume", join(dir, "threads.kv"), paused.interrupts[0]!.id));
      expect(done.pid).not.toBe(paused.pid);
      expect(done.status).toBe("ok");
      expect(done.value).toBe(`hello 2 sent to ana@example.com by deno ${done.pid}${PAUSED_PROGRAM_SUFFIX}`);
      expect(done.sent).toEqual([{ to: "ana@example.com" }]);
    });

    it("resumes in Node from the same snapshot bytes, imported into memoryStore", async () => {
      const exported = JSON.parse(readFileSync(join(dir, "export.json"), "utf8")) as ExportedRecords;
      expect(exported.runtime).toMatch(/^deno 2\./);
      const store = memoryStore();
      for (const { key, meta, base64 } of exported.records) {
        const bytes = new Uint8Array(Buffer.from(base64, "base64"));
        // Snapshots are content-addressed: Deno's bytes arrive unchanged.
        if (key.startsWith("snap:")) expect(createHash("sha256").update(bytes).digest("hex")).toBe(key.slice("snap:".length));
        await store.put(key, bytes, meta);
      }
      expect(exported.records.map((record) => record.key.split(":")[0]).sort()).toEqual(["head", "snap"]);
      const sent: string[] = [];
      const sendEmail: ToolDefinition<{ to: string }> = {
        name: "send_email",
        execute: ({ to }) => {
          sent.push(to);
          return `sent to ${to} by node ${process.pid}`;
        },
      };
      const qb = await createInterpreter({ store, tools: [sendEmail], interruptOn: { send_email: true } });
      try {
        const done = await qb.resume(PAUSED_THREAD_ID, { [paused.interrupts[0]!.id]: { type: "approve" } });
        expect(done.status).toBe("ok");
        expect(done.value).toBe(`hello 2 sent to ana@example.com by node ${process.pid}${PAUSED_PROGRAM_SUFFIX}`);
        expect(sent).toEqual(["ana@example.com"]);
      } finally {
        await qb.dispose();
      }
    });
  });

  describe("two Deno processes approve one pause at the same moment (denoKvStore on one SQLite KV file)", () => {
    const TRIALS = raceTrials(12);
    let dir: string;
    let racers: Racer[] = [];

    /** A Deno process running test/deno/race-resume.ts: one JSON command in, one JSON reply out. */
    interface Racer {
      name: string;
      child: ChildProcessWithoutNullStreams;
      send<T>(command: RaceCommand): Promise<T>;
      /** Writes a command without waiting for its reply (the "go" of a race); the reply comes from `next`. */
      write(command: RaceCommand): void;
      next<T>(): Promise<T>;
    }

    function startRacer(name: string): Racer {
      const [command, prefix] = existsSync(LOCAL_DENO) ? [LOCAL_DENO, []] : ["npx", ["deno"]];
      const child = spawn(
        command,
        [...prefix, "run", ...TEST_FLAGS, "--unstable-kv", "--allow-read", `--allow-write=${dir}`, "test/deno/race-resume.ts", name, join(dir, "threads.kv"), join(dir, "effects.log")],
        { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } },
      );
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const lines: string[] = [];
      const waiting: ((line: string) => void)[] = [];
      let buffered = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (!line.startsWith("{")) continue; // anything else a process prints is not a reply
          const waiter = waiting.shift();
          if (waiter) waiter(line);
          else lines.push(line);
        }
      });
      const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`racer ${name} exited (${code}): ${stderr}`))));
      exited.catch(() => {});
      const next = <T>() =>
        Promise.race([
          exited,
          new Promise<T>((resolve, reject) => {
            const take = (line: string) => {
              const reply = JSON.parse(line) as T & { failed?: string };
              if (reply.failed) reject(new Error(`racer ${name}: ${reply.failed}`));
              else resolve(reply);
            };
            const line = lines.shift();
            if (line !== undefined) take(line);
            else waiting.push(take);
          }),
        ]);
      const write = (command: RaceCommand) => child.stdin.write(`${JSON.stringify(command)}\n`);
      return { name, child, next, write, send: <T>(command: RaceCommand) => (write(command), next<T>()) };
    }

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "quickbox-deno-race-"));
      writeFileSync(join(dir, "effects.log"), "");
      racers = [startRacer("A"), startRacer("B")];
      await Promise.all(racers.map((racer) => racer.next()));
    }, 30_000);
    afterAll(async () => {
      await Promise.all(
        racers.map(async (racer) => {
          if (racer.child.exitCode !== null) return;
          const exited = new Promise((resolve) => racer.child.on("exit", resolve));
          racer.write({ cmd: "exit" });
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
          if (racer.child.exitCode === null) racer.child.kill();
        }),
      );
      rmSync(dir, { recursive: true, force: true });
    });

    it(`${TRIALS} trials: the tool runs once, one process gets the result and the other CONFLICT, and the stored head is the winner's`, async () => {
      const started = performance.now();
      const skews: number[] = [];
      const outcomes: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const threadId = `race-${trial}`;
        const phases: number[] = [performance.now()];
        // Odd trials: one process's racer paused the thread itself and still holds it live; even ones: a
        // helper paused it, and both racers restore it from the KV.
        const live = trial % 2 === 1;
        const pauser = racers[Math.floor(trial / 2) % 2]!;
        const paused = await pauser.send<{ status: string; interruptId: string }>({ cmd: "pause", threadId, live });
        expect(paused.status, `trial ${trial}`).toBe("paused");
        phases.push(performance.now());
        // Go: both processes wait on stdin; the resume is written to both at once.
        for (const racer of racers) racer.write({ cmd: "resume", threadId, interruptId: paused.interruptId });
        const [a, b] = await Promise.all(racers.map((racer) => racer.next<ResumeReply>()));
        phases.push(performance.now());
        const replies: Record<string, ResumeReply> = { A: a!, B: b! };
        const context = `trial ${trial} (${live ? `paused live in ${pauser.name}` : "restored by both"}): ${JSON.stringify(replies)}`;
        skews.push(Math.abs(a!.startedAt - b!.startedAt));
        outcomes.push(Object.entries(replies).map(([name, reply]) => `${name}:${reply.outcome === "result" ? reply.status : `${reply.code}${conflictKind(reply.message)}`}`).join(" "));

        // Every trial is checked in full (soft: one failing trial does not hide what the others did).
        const winners = Object.keys(replies).filter((name) => replies[name]!.outcome === "result");
        const losers = Object.keys(replies).filter((name) => replies[name]!.outcome === "error");
        expect.soft(winners, context).toHaveLength(1);
        expect.soft(losers, context).toHaveLength(1);
        const winner = winners[0] ?? "?";
        expect.soft(replies[winner], context).toMatchObject({ status: "ok", value: `done:sent to ana@example.com by ${winner}` });
        for (const loser of losers) expect.soft(replies[loser], context).toMatchObject({ quickboxError: true, code: "CONFLICT" });

        const effects = readFileSync(join(dir, "effects.log"), "utf8").split("\n").filter((line) => line.startsWith(`${threadId} `));
        expect.soft(effects, `${context}: runs of send_email`).toEqual([`${threadId} ${winner}`]);

        const inspected = await racers[trial % 2]!.send<InspectReply>({ cmd: "inspect", threadId });
        expect.soft(inspected.head, `${context}: stored head`).toMatchObject({ paused: false, interrupts: [] });
        expect.soft(inspected.head, `${context}: stored head`).not.toHaveProperty("claim");
        expect.soft(inspected.later, `${context}: a later eval`).toMatchObject({ status: "ok", value: [2, `sent to ana@example.com by ${winner}`] });
        phases.push(performance.now());
        const [pausing, raced, checked] = phases.slice(1).map((at, n) => Math.round(at - phases[n]!));
        outcomes[trial] += `  (pause ${pausing} ms, race ${raced} ms, checks ${checked} ms)`;
      }
      const elapsedMs = performance.now() - started;
      skews.sort((x, y) => x - y);
      console.log(
        `deno race: ${TRIALS} trials in ${Math.round(elapsedMs)} ms; start skew max ${skews.at(-1)} ms, median ${skews[skews.length >> 1]} ms\n${outcomes.map((line, trial) => `  trial ${trial}: ${line}`).join("\n")}`,
      );
    }, 90_000);
  });

  it("README's Deno example type-checks with Deno's types, runs with the flags the README gives and prints what its comments say", async () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.split("\n## Deno: `quickbox/deno`\n")[1]?.split("\n## ")[0];
    expect(section, "README.md has a '## Deno: `quickbox/deno`' section").toBeDefined();
    const example = /```ts\n([\s\S]*?)```/.exec(section!)![1]!;
    const command = /^deno run (.+) main\.ts$/m.exec(section!);
    expect(command, "the section shows `deno run … main.ts`").not.toBeNull();
    const expected = example
      .split("\n")
      .filter((line) => /^\s*console\.log\(/.test(line))
      .map((line) => /\);\s*\/\/ (.*)$/.exec(line)![1]!);
    expect(expected.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), "quickbox-deno-readme-"));
    try {
      writeFileSync(join(dir, "main.ts"), example);
      // Stands in for the installed package: "quickbox" and "quickbox/deno" are the built dist/.
      const dist = new URL("../../dist/", import.meta.url);
      const imports = { quickbox: new URL("index.js", dist).href, "quickbox/deno": new URL("deno.js", dist).href };
      writeFileSync(join(dir, "import-map.json"), JSON.stringify({ imports }));
      // Type-checked with Deno's own types against dist's declarations: a real Deno.Kv fits denoKvStore.
      const types = { quickbox: new URL("index.d.ts", dist).href, "quickbox/deno": new URL("deno.d.ts", dist).href };
      writeFileSync(join(dir, "types-map.json"), JSON.stringify({ imports: types }));
      const check = await runDeno(["check", "--import-map=types-map.json", "--unstable-kv", "--unstable-sloppy-imports", "--node-modules-dir=manual", "main.ts"], { cwd: dir });
      expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
      const flags = command![1]!.split(/\s+/);
      const run = await runDeno(["run", ...flags, "--import-map=import-map.json", "--node-modules-dir=manual", "main.ts"], { cwd: dir });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout.trim().split("\n")).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
