/**
 * quickbox/deno in real Deno (the npm package `deno`, the binary `npx deno` runs), always on the
 * built package (dist/; npm test builds before the unit tests). The Deno test files in test/deno/
 * run under `deno test`; the durable-pause cases spawn separate Deno processes and resume the same
 * pause in another Deno process (same KV file) and in this Node process (same snapshot bytes).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, memoryStore, type Interrupt, type ToolDefinition } from "../../src/index.js";
import { PAUSED_THREAD_ID, type ExportedRecords } from "../deno/pause-program.js";

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
  it("isolation 'worker' by default: a module Worker on dist/worker.js, state across evals, tool calls, the watchdog, the shipped wasm", async () => {
    await expectDenoTestsPass("test/deno/worker-isolation.test.ts", 3);
  });

  it("a worker that cannot start (no read permission for its script) fails createInterpreter with WORKER_FAILED, without ending the process", async () => {
    const run = await runDeno(["run", ...TEST_FLAGS, "--allow-read", `--deny-read=${join(ROOT, "dist", "worker.js")}`, "test/deno/worker-start-failure.ts"]);
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
      expect(done.value).toBe(`hello 2 sent to ana@example.com by deno ${done.pid}`);
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
        expect(done.value).toBe(`hello 2 sent to ana@example.com by node ${process.pid}`);
        expect(sent).toEqual(["ana@example.com"]);
      } finally {
        await qb.dispose();
      }
    });
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
