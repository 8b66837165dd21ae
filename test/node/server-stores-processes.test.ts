/**
 * postgresStore and redisStore (node-redis and ioredis) across real processes, against real
 * servers this test starts (test/shared/database-servers.ts) and the built package (dist/): the
 * child processes of the fsStore durability tests (test/fixtures/durable/, stores.mjs picks the
 * store) race, crash and resume here on a database instead of a directory. Table names, key
 * prefixes and thread ids are hostile throughout.
 *
 * 1. Two processes resume one pause at the same instant: the tool runs once, one gets CONFLICT.
 * 2. A resuming process killed (SIGKILL) inside the tool, or during its final head write; a new one recovers.
 * 3. 200 threads made by two processes at once, then each takes up some of the other's.
 * 4. An 8 MiB snapshot (Redis: in parts) paused, the server restarted, resumed elsewhere: nothing lost.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnapshotStore } from "../../src/index.js";
import type { ThreadHead } from "../../src/stores/store-contract.js";
import { PostgresServer, RedisServer } from "../../scripts/database-servers.mjs";
import { effectLines, FIXTURES, Racer, runChild, runOk } from "../shared/durable-children.js";

const DIST = new URL("../../dist/", import.meta.url).href;
const { createInterpreter } = (await import(/* @vite-ignore */ `${DIST}index.js`)) as typeof import("../../src/index.js");

type StoreSpec = { kind: "postgres"; url: string; table: string } | { kind: "redis"; client: "node-redis" | "ioredis"; url: string; prefix: string };
const { openStore } = (await import(/* @vite-ignore */ `${FIXTURES}stores.mjs`)) as { openStore(spec: StoreSpec): Promise<{ store: SnapshotStore; close(): Promise<void> }> };

let postgres: PostgresServer;
let redis: RedisServer;
const scratch = mkdtempSync(join(tmpdir(), "quickbox-server-stores-"));
beforeAll(async () => {
  [postgres, redis] = await Promise.all([PostgresServer.create(), RedisServer.create()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([postgres?.dispose(), redis?.dispose()]);
  rmSync(scratch, { recursive: true, force: true });
});

const KINDS = ["postgres", "node-redis", "ioredis"] as const;
type Kind = (typeof KINDS)[number];
let cases = 0;
/** A fresh table or prefix, hostile: quotes, SQL, glob and lex characters, U+0000 (Redis), emoji. */
function freshSpec(kind: Kind): StoreSpec {
  const n = cases++;
  if (kind === "postgres") return { kind, url: postgres.url, table: `q"; DROP TABLE t;-- 🦊 ${n}` };
  return { kind: "redis", client: kind, url: redis.url, prefix: `*?[{x}](\u0000🦊 ${n}:` };
}
const hostileThread = (label: string) => `${label} 'q' "dq" \u0000 🦊`;
const effectsFile = () => ({ email: join(scratch, `email-${cases++}.log`), note: join(scratch, `note-${cases++}.log`) });

async function withStore<T>(spec: StoreSpec, work: (store: SnapshotStore) => Promise<T>): Promise<T> {
  const { store, close } = await openStore(spec);
  try {
    return await work(store);
  } finally {
    await close();
  }
}

async function readHead(spec: StoreSpec, threadId: string): Promise<ThreadHead | undefined> {
  const bytes = await withStore(spec, (store) => store.get(`head:${threadId}`));
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as ThreadHead) : undefined;
}

const TO = "ana@example.com";
const PROGRAM = `
let receipt;
try { receipt = await tools.sendEmail({ to: ${JSON.stringify(TO)} }); } catch (error) { receipt = error.name + ": " + error.message; }
globalThis.after = receipt;
({ receipt, note: null })
`;

/** Pauses PROGRAM on send_email in this process; returns the interrupt id. */
async function pauseHere(spec: StoreSpec, threadId: string, code = PROGRAM): Promise<string> {
  return withStore(spec, async (store) => {
    // A CPU budget a loaded machine cannot spend: the 8 MiB case fills its noise in ~1 s when nothing else runs.
    const qb = await createInterpreter({ isolation: "inline", store, timeoutMs: 60_000, tools: [{ name: "send_email", execute: () => Promise.reject(new Error("the parent never runs it")) }], interruptOn: { send_email: true } });
    try {
      const paused = await qb.eval(code, { threadId });
      expect(paused.status, paused.text).toBe("paused");
      return paused.interrupts![0]!.id;
    } finally {
      await qb.dispose();
    }
  });
}

/** What a fresh interpreter in this process reads from the thread. */
async function evalHere(spec: StoreSpec, threadId: string, code: string): Promise<unknown> {
  return withStore(spec, async (store) => {
    const qb = await createInterpreter({ isolation: "inline", store });
    try {
      const result = await qb.eval(code, { threadId });
      expect(result.status, result.text).toBe("ok");
      return result.value;
    } finally {
      await qb.dispose();
    }
  });
}

function expectFinished(head: ThreadHead | undefined): void {
  expect(head).toMatchObject({ paused: false, interrupts: [] });
  expect(head!.claim).toBeUndefined();
}

// ioredis and node-redis drive the same store code: ioredis gets fewer trials and cases (the
// store contract and the outage cases run on both clients in redis-store.test.ts).
describe("two processes resume one pause at the same instant", () => {
  const TRIALS: Record<Kind, number> = { postgres: 5, "node-redis": 5, ioredis: 3 };
  for (const kind of KINDS) {
    it(`[${kind}] exactly one runs the approved call, the other gets CONFLICT (${TRIALS[kind]} trials)`, async () => {
      const racers = [new Racer(), new Racer()] as const;
      try {
        for (let trial = 0; trial < TRIALS[kind]; trial++) {
          const spec = freshSpec(kind);
          const effects = effectsFile();
          const threadId = hostileThread(`race ${trial}`);
          const interruptId = await pauseHere(spec, threadId);
          const isolations = trial % 2 ? ["inline", "worker"] : ["inline", "inline"];
          racers.forEach((racer, i) => racer.send(JSON.stringify({ prepare: { store: spec, threadId, interruptId, isolation: isolations[i], effects } })));
          for (const racer of racers) expect(await racer.next()).toMatchObject({ ready: true });
          for (const racer of racers) racer.send("go");
          const outs = await Promise.all(racers.map((racer) => racer.next()));
          const context = `${kind} trial ${trial}: ${JSON.stringify(outs)}`;
          const winners = outs.filter((out) => out.ok === true);
          expect(winners, context).toHaveLength(1);
          expect(outs.find((out) => out.ok !== true)!.error, context).toBe("CONFLICT");
          const receipt = `sent to ${TO} by ${winners[0]!.pid}`;
          expect(winners[0]!.value, context).toEqual({ receipt, note: null });
          expect(effectLines(effects.email).map((line) => line.pid), context).toEqual([winners[0]!.pid]);
          expectFinished(await readHead(spec, threadId));
          expect(await evalHere(spec, threadId, "after"), context).toBe(receipt);
        }
      } finally {
        const ends = await Promise.all(racers.map((racer) => racer.end()));
        for (const end of ends) expect(end.code, end.stderr).toBe(0);
      }
    }, 60_000);
  }
});

describe("a resuming process killed with SIGKILL; a new process recovers", () => {
  const CLAIM_TIMEOUT_MS = 300;
  for (const kind of KINDS) {
    for (const step of kind === "ioredis" ? (["c"] as const) : (["c", "f"] as const)) {
      const when = step === "c" ? "inside the tool, after its effect" : "during its final head write";
      it(`[${kind}] killed ${when}: the call is never silently run twice, and the thread ends usable`, async () => {
        const spec = freshSpec(kind);
        const effects = effectsFile();
        const threadId = hostileThread("crash");
        const interruptId = await pauseHere(spec, threadId);
        const crash = await runChild<{ survived?: true }>("crash.mjs", { store: spec, threadId, interruptId, isolation: "inline", effects, step, delayMs: 1 });
        const context = `${kind} step ${step}\ncrash stderr: ${crash.stderr}`;
        expect(crash.signal, context).toBe("SIGKILL");
        expect(effectLines(effects.email), context).toHaveLength(1);
        const crashed = await readHead(spec, threadId);
        await new Promise((resolve) => setTimeout(resolve, CLAIM_TIMEOUT_MS + 100));
        const recovery = await runOk<{ resume: { status?: string; value?: { receipt: string }; error?: string }; recoverCalls: unknown[] }>("resume.mjs", {
          store: spec,
          threadId,
          interruptId,
          isolation: "inline",
          tools: { email: {} },
          effects,
          recover: "fail",
          claimTimeoutMs: CLAIM_TIMEOUT_MS,
        });
        const full = `${context}\nhead after the crash: ${JSON.stringify(crashed)}\nrecovery: ${JSON.stringify(recovery.out)}`;
        let receipt: string;
        if (crashed?.paused === false) {
          // The final head write landed before the kill: the thread is done.
          expect(recovery.out.resume, full).toMatchObject({ error: "NOT_PAUSED" });
          receipt = `sent to ${TO} by ${crash.pid}`;
        } else if (step === "c") {
          // The call was executing when the process died: recover decides ("fail"), nothing runs again.
          expect(recovery.out.recoverCalls, full).toHaveLength(1);
          expect(recovery.out.resume.status, full).toBe("ok");
          receipt = recovery.out.resume.value!.receipt;
          expect(receipt, full).toMatch(/^ToolError: send_email was executing when the process stopped/);
        } else {
          // The call had finished and was logged "done": its result is replayed.
          expect(recovery.out.recoverCalls, full).toEqual([]);
          receipt = recovery.out.resume.value!.receipt;
          expect(receipt, full).toBe(`sent to ${TO} by ${crash.pid}`);
        }
        expect(effectLines(effects.email), full).toHaveLength(1);
        expectFinished(await readHead(spec, threadId));
        expect(await evalHere(spec, threadId, "after"), full).toBe(receipt);
      }, 60_000);
    }
  }
});

describe("200 threads across two processes", () => {
  for (const kind of ["postgres", "node-redis"] as const) {
    it(`[${kind}] two processes make 100 threads each at once, then each takes up 25 of the other's; every thread is there`, async () => {
      const spec = freshSpec(kind);
      const ids = Array.from({ length: 200 }, (_, n) => ({ threadId: n % 7 ? `t${n}` : hostileThread(`t${n}`), n }));
      const halves = [ids.filter(({ n }) => n % 2 === 0), ids.filter(({ n }) => n % 2 === 1)];
      const run = (threads: typeof ids, code: string) => runOk<{ results: { threadId: string; status: string; value: unknown; warnings?: string[] }[] }>("many-threads.mjs", { store: spec, isolation: "inline", threads, code });
      const first = await Promise.all(halves.map((threads) => run(threads, "var mine = __n; var touched = [__n]; mine")));
      for (const [half, done] of first.entries()) {
        expect(done.out.results.filter((result) => result.status !== "ok" || result.warnings), JSON.stringify(done.out.results.slice(0, 3))).toEqual([]);
        expect(done.out.results.map((result) => result.value)).toEqual(halves[half]!.map(({ n }) => n));
      }
      // Then each process takes up 25 threads the other made (restored from the database).
      const second = await Promise.all([run(halves[1]!.slice(0, 25), "touched.push(__n); touched.length"), run(halves[0]!.slice(0, 25), "touched.push(__n); touched.length")]);
      for (const done of second) expect(done.out.results.filter((result) => result.status !== "ok" || result.value !== 2 || result.warnings)).toEqual([]);
      await withStore(spec, async (store) => {
        const qb = await createInterpreter({ isolation: "inline", store });
        try {
          expect((await qb.threads()).map((info) => info.threadId).sort()).toEqual(ids.map(({ threadId }) => threadId).sort());
          for (const { threadId, n } of [ids[0]!, ids[7]!, ids[49]!]) expect((await qb.eval("[mine, touched.length]", { threadId })).value).toEqual([n, 2]);
          expect((await qb.eval("[mine, touched.length]", { threadId: ids[199]!.threadId })).value).toEqual([199, 1]);
        } finally {
          await qb.dispose();
        }
      });
    }, 60_000);
  }
});

/** The guest's noise and its checksum, computed here by the same JavaScript. */
const NOISE_LOOP = "for (let i = 0, x = 7; i < noise.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; noise[i] = x; }";
function noiseSum(): number {
  const noise = new Uint32Array(2 * 1024 * 1024);
  for (let i = 0, x = 7; i < noise.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise[i] = x;
  }
  let sum = 0;
  for (let i = 0; i < noise.length; i += 4099) sum = (sum + noise[i]!) % 1000003;
  return sum;
}

// Not concurrent: a restart would cut the other cases' connections.
describe("a large snapshot paused, the server restarted, resumed in another process", () => {
  for (const kind of ["postgres", "node-redis"] as const) {
    it(`[${kind}] an 8 MiB snapshot survives a restart between pause and resume; the tool runs once`, async () => {
      const spec = freshSpec(kind);
      const effects = effectsFile();
      const threadId = hostileThread("big");
      // 8 MiB of noise (xorshift32): it does not compress, so the snapshot holds it all (Redis: 16+ parts).
      const noise = `const noise = new Uint32Array(2 * 1024 * 1024); ${NOISE_LOOP}\nlet sum = 0; for (let i = 0; i < noise.length; i += 4099) sum = (sum + noise[i]) % 1000003;`;
      const interruptId = await pauseHere(spec, threadId, `${noise}\n${PROGRAM}`);
      const snapshots = await withStore(spec, (store) => store.list("snap:"));
      expect(Math.max(...snapshots.map((record) => record.sizeBytes))).toBeGreaterThan(8 * 2 ** 20);
      const expectedSum = noiseSum();
      await (kind === "postgres" ? postgres : redis).restart();
      const resumed = await runOk<{ resume: { status?: string; value?: { receipt: string } } }>("resume.mjs", { store: spec, threadId, interruptId, isolation: "inline", tools: { email: {} }, effects });
      expect(resumed.out.resume.status, JSON.stringify(resumed.out)).toBe("ok");
      expect(resumed.out.resume.value!.receipt).toBe(`sent to ${TO} by ${resumed.pid}`);
      expect(effectLines(effects.email)).toHaveLength(1);
      expect(await evalHere(spec, threadId, "[sum, noise.length, after]")).toEqual([expectedSum, 2 * 2 ** 20, `sent to ${TO} by ${resumed.pid}`]);
    }, 60_000);
  }
});

describe("README's PostgreSQL and Redis example", () => {
  it("runs against the built package and real servers, and prints what its comment says", async () => {
    const root = new URL("../../", import.meta.url).pathname;
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const section = readme.split("\n## PostgreSQL and Redis: `quickbox/postgres`, `quickbox/redis`\n")[1]!.split("\n## ")[0]!;
    const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
    // Inside the repository, so that "quickbox" resolves to this package (dist/) by its exports.
    const dir = join(root, "scratch");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `readme-servers-${process.pid}.mjs`);
    writeFileSync(file, `${code}\nawait qb.dispose(); await other.dispose(); await pool.end(); redis.destroy();\n`);
    try {
      const env = { ...process.env, DATABASE_URL: postgres.url, REDIS_URL: redis.url };
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [file], { env, timeout: 30_000 }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out))),
      );
      expect(stdout.trim()).toBe("42");
      expect(await evalHere({ kind: "postgres", url: postgres.url, table: "quickbox_records" }, "ana", "visits")).toBe(1);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
