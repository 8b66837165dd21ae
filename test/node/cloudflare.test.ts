/**
 * quickbox/cloudflare in real workerd (miniflare 4): the example worker of the README (a Durable
 * Object per thread: eval, tools, a durable pause that survives eviction, the CPU limit), and the
 * shared store contract on real Durable Object storage and Workers KV. Bundles are built with
 * vite.edge.config.ts; nothing here is mocked.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvalResult, SnapshotStore, ThreadInfo } from "../../src/index.js";
import { MAX_POLLS_PER_CPU_MS } from "../../src/engine/run-budget.js";
import { buildWorker, startWorker, type WorkerBindings } from "../../edge/run-in-workerd.js";
import { remoteStore, type StoreCall, type StoreCallOptions } from "../../edge/store-calls.js";
import { defineStoreContract } from "../shared/store-contract-suite.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "quickbox-cloudflare-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const EXAMPLE_BINDINGS: WorkerBindings = { durableObjects: { THREADS: { className: "AgentThread" } }, kvNamespaces: ["SNAPSHOTS", "OUTBOX"] };
const HARNESS_BINDINGS: WorkerBindings = {
  durableObjects: { SQLITE_STORES: { className: "SqliteStoreHarness" }, KV_BACKED_STORES: { className: "KvBackedStoreHarness", sqlite: false } },
  kvNamespaces: ["KV"],
};

let exampleBundle: string;
let harness: Miniflare;

beforeAll(async () => {
  [exampleBundle] = await Promise.all([
    buildWorker({ entry: join(repo, "edge/example-worker.ts"), outDir: join(scratch, "example") }),
    buildWorker({ entry: join(repo, "edge/store-harness-worker.ts"), outDir: join(scratch, "harness") }),
  ]);
  harness = startWorker(join(scratch, "harness"), HARNESS_BINDINGS);
  await harness.ready;
}, 60_000);
afterAll(() => harness?.dispose());

async function post(mf: Miniflare, path: string, body: string | object): Promise<{ status: number; json: unknown }> {
  const response = await mf.dispatchFetch(`http://worker${path}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    throw new Error(`${path}: HTTP ${response.status}: ${text}`);
  }
}

async function evalIn(mf: Miniflare, thread: string, code: string): Promise<EvalResult> {
  const { status, json } = await post(mf, `/threads/${thread}/eval`, code);
  expect(status, JSON.stringify(json)).toBe(200);
  return json as EvalResult;
}

/** The OUTBOX namespace, read from Node (miniflare's KV types need @cloudflare/workers-types). */
async function outbox(mf: Miniflare): Promise<{ get(key: string): Promise<string | null> }> {
  return (await mf.getKVNamespace("OUTBOX")) as unknown as { get(key: string): Promise<string | null> };
}

async function threadInfo(mf: Miniflare, thread: string): Promise<ThreadInfo> {
  return (await (await mf.dispatchFetch(`http://worker/threads/${thread}`)).json()) as ThreadInfo;
}

describe("the example worker (edge/example-worker.ts) in workerd", () => {
  it("evaluates with tools, pauses durably, survives eviction, resumes once, and holds the CPU limit", async () => {
    const persist = join(scratch, "example-state");
    const first = startWorker(exampleBundle, EXAMPLE_BINDINGS, persist);
    let interruptId: string;
    try {
      const found = await evalIn(first, "ana", 'const order = await tools.getOrder({ id: "A-1" }); order.status');
      expect(found).toMatchObject({ status: "ok", value: "shipped", toolCalls: 1 });

      const paused = await evalIn(first, "ana", "const receipt = await tools.sendEmail({ to: order.owner, body: `Order ${order.id} has ${order.status}` }); receipt.toUpperCase()");
      expect(paused.status).toBe("paused");
      expect(paused.interrupts).toMatchObject([{ name: "send_email", args: { to: "ana@example.com", body: "Order A-1 has shipped" } }]);
      interruptId = paused.interrupts![0]!.id;
      expect(await threadInfo(first, "ana")).toMatchObject({ state: "paused", pendingInterrupts: 1 });
      const refused = await post(first, "/threads/ana/eval", "1");
      expect(refused).toMatchObject({ status: 409, json: { error: { name: "QuickboxError", code: "THREAD_PAUSED" } } });
      expect(await (await outbox(first)).get("ana@example.com")).toBeNull();

      // Threads without a Durable Object: kept in Workers KV between requests (each request
      // creates its own interpreter in the same isolate).
      expect((await post(first, "/scratch/bo/eval", "const total = 40; total")).json).toMatchObject({ status: "ok", value: 40 });
      expect((await post(first, "/scratch/bo/eval", "total + 1")).json).toMatchObject({ status: "ok", value: 41 });
    } finally {
      await first.dispose();
    }

    // Evicted: a new workerd on the same storage, nothing in memory.
    const second = startWorker(exampleBundle, EXAMPLE_BINDINGS, persist);
    try {
      expect(await threadInfo(second, "ana")).toMatchObject({ state: "paused", pendingInterrupts: 1, interrupts: [{ id: interruptId, name: "send_email" }] });
      const resumed = await post(second, "/threads/ana/resume", { [interruptId]: { type: "approve" } });
      expect(resumed.json).toMatchObject({ status: "ok", value: "SENT TO ANA@EXAMPLE.COM" });
      expect(await (await outbox(second)).get("ana@example.com")).toBe("Order A-1 has shipped");
      expect(await post(second, "/threads/ana/resume", { [interruptId]: { type: "approve" } })).toMatchObject({ status: 409, json: { error: { code: "NOT_PAUSED" } } });
      expect(await evalIn(second, "ana", "[order.id, receipt]")).toMatchObject({ status: "ok", value: ["A-1", "sent to ana@example.com"] });
      // The web platform in workerd, on the restored thread: the Intl bridge answers there too.
      expect(
        await evalIn(second, "ana", "[new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5), new URL('../x', 'https://a/b/c').href, new Date(0).toLocaleDateString(), crypto.randomUUID().length]"),
      ).toMatchObject({ status: "ok", value: ["$1,234.50", "https://a/x", "1/1/1970", 36] });

      const stuck = await evalIn(second, "ana", "while (true) {}");
      expect(stuck.error).toMatchObject({ type: "Timeout", details: { kind: "cpu" } });
      expect(stuck.text).toContain('<error type="Timeout">');
      expect(await evalIn(second, "ana", "order.status")).toMatchObject({ status: "ok", value: "shipped" });

      const snapshot = (await post(second, "/threads/ana/snapshot", {})).json;
      expect(snapshot).toMatchObject({ threadId: "default", paused: false });
      expect(await evalIn(second, "other", "typeof order")).toMatchObject({ value: "undefined" });
      expect((await post(second, "/scratch/bo/eval", "total + 2")).json).toMatchObject({ status: "ok", value: 42 });

      // Storage: prune keeps what the head needs; reset forgets the thread and frees its snapshots.
      expect((await post(second, "/threads/ana/prune", {})).json).toMatchObject({ removed: expect.any(Array) });
      expect(await evalIn(second, "ana", "order.id")).toMatchObject({ status: "ok", value: "A-1" });
      const reset = (await post(second, "/threads/ana/reset", {})).json as { removed: string[] };
      expect(reset.removed.length).toBeGreaterThan(0);
      expect(await threadInfo(second, "ana")).toMatchObject({ state: "idle" });
      expect(await evalIn(second, "ana", "typeof order")).toMatchObject({ value: "undefined" });
    } finally {
      await second.dispose();
    }
  }, 60_000);

  it("is the example README.md shows", () => {
    const readme = readFileSync(join(repo, "README.md"), "utf8");
    const section = readme.split("\n## Cloudflare Workers: `quickbox/cloudflare`\n")[1] ?? "";
    const shown = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const source = readFileSync(join(repo, "edge/example-worker.ts"), "utf8");
    expect(shown).toBe(source.slice(source.indexOf("import {")));
  });

  it("typechecks (edge/tsconfig.json)", () => {
    execFileSync(join(repo, "node_modules/.bin/tsc"), ["--noEmit", "-p", join(repo, "edge")], { stdio: "pipe" });
  }, 30_000);
});

function harnessStore(backend: "do-sqlite" | "do-kv" | "kv", options: StoreCallOptions = {}, name = `store-${crypto.randomUUID()}`): SnapshotStore {
  return remoteStore(async (call: StoreCall) => {
    const { status, json } = await post(harness, `/store/${backend}/${name}`, call);
    if (status !== 200) throw new Error(`store call ${call.method} failed: HTTP ${status}`);
    return (json as { result: unknown }).result;
  }, options, backend !== "kv");
}

const randomBytes = (length: number) => {
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
  return bytes;
};

for (const backend of ["do-sqlite", "do-kv", "kv"] as const) {
  const title = { "do-sqlite": "durableObjectStore (SQLite-backed object)", "do-kv": "durableObjectStore (KV-backed object)", kv: "kvStore (Workers KV)" }[backend];
  describe(`${title}, in workerd`, () => {
    const atomic = { compareAndSet: backend !== "kv" };
    defineStoreContract(() => harnessStore(backend), atomic);
    describe("with values in parts of 2 bytes", () => defineStoreContract(() => harnessStore(backend, { maxPartBytes: 2 }), { ...atomic, largeValues: false }));

    it(backend === "kv" ? "has no compareAndSet: Workers KV is eventually consistent (decisions go through InterpreterDurableObject)" : "has compareAndSet", async () => {
      const { json } = await post(harness, `/store/${backend}/has-cas`, { method: "hasCompareAndSet" } satisfies StoreCall);
      expect((json as { result: unknown }).result).toBe(backend !== "kv");
    });

    it("stores values above the backend's value limit in parts, and overwrites them", async () => {
      const store = harnessStore(backend, backend === "kv" ? { maxPartBytes: 64 * 1024 } : {});
      const large = randomBytes(backend === "kv" ? 300_000 : 600_000); // DO: 5 parts of 127 KiB
      await store.put("snap:big", large, { sizeBytes: large.length, createdAt: 1, threadId: "t", kind: "full" });
      expect(await store.get("snap:big")).toEqual(large);
      const many = randomBytes(40_000);
      const manyParts = harnessStore(backend, { maxPartBytes: 256 }); // 157 parts: more than one storage call
      await manyParts.put("snap:many", many, { sizeBytes: many.length, createdAt: 2 });
      expect(await manyParts.get("snap:many")).toEqual(many);
      await store.put("snap:big", Uint8Array.of(7), { sizeBytes: 1, createdAt: 3 });
      expect(await store.get("snap:big")).toEqual(Uint8Array.of(7));
      expect(await store.list()).toEqual([{ key: "snap:big", sizeBytes: 1, createdAt: 3 }]);
    }, 30_000);

    it("a write cut short keeps the previous value readable; a cleanup cut short keeps the new one", async () => {
      const name = `cut-${crypto.randomUUID()}`;
      const inParts = { maxPartBytes: 10 }; // 200 parts, more than one write holds
      const reader = harnessStore(backend, inParts, name);
      const before = randomBytes(2000);
      await reader.put("data:t", before, { sizeBytes: before.length, createdAt: 1, kind: "head" });
      const after = randomBytes(2000);
      const meta = { sizeBytes: after.length, createdAt: 2, kind: "head" } as const;
      for (const writesBeforeFailure of [0, 1, 2]) {
        await expect(harnessStore(backend, { ...inParts, writesBeforeFailure }, name).put("data:t", after, meta)).rejects.toThrow();
        expect(await reader.get("data:t")).toEqual(before);
      }
      // DO: marker + 126 parts, 74 parts, then the index switch (a transaction: its put, and the
      // delete of the write's marker); KV: the marker, 200 parts, the replaced record's marker,
      // then the record. The cleanup after it fails.
      const indexWritten = backend === "kv" ? 203 : 4;
      await harnessStore(backend, { ...inParts, writesBeforeFailure: indexWritten }, name).put("data:t", after, meta);
      expect(await reader.get("data:t")).toEqual(after);
      expect(await reader.list()).toEqual([{ key: "data:t", ...meta }]);

      // The cut writes and the cleanup cut short left parts no record names. prune() removes the
      // replaced record's at once (its marker says no write of it is running), keeps those of the
      // cut writes while they may still be running (default: an hour), then removes exactly those.
      const rawKeys = async () => (await post(harness, `/store/${backend}/${name}`, { method: "rawKeys" } satisfies StoreCall)).json as { result: string[] };
      const partsOf = (keys: string[]) => keys.filter((key) => key.includes("p:"));
      const leftBefore = partsOf((await rawKeys()).result);
      expect(leftBefore.length).toBeGreaterThan(400); // the live record's 200 parts, the replaced one's 200 + leftovers
      await reader.prune!({});
      expect(partsOf((await rawKeys()).result)).toHaveLength(leftBefore.length - 200);
      await harnessStore(backend, { ...inParts, abandonedWriteAgeMs: 0 }, name).prune!({});
      const leftAfter = partsOf((await rawKeys()).result);
      expect(leftAfter).toHaveLength(200);
      expect((await rawKeys()).result.filter((key) => key.includes("w:"))).toEqual([]);
      expect(await reader.get("data:t")).toEqual(after);
    }, 30_000);
  });
}

describe("CPU limits in workerd", () => {
  it("with the clock frozen as on deployed Workers, while(true){} ends as a cpu Timeout and the thread lives on", async () => {
    const started = performance.now();
    const { json } = await post(harness, "/frozen-clock", { code: "while (true) {}", timeoutMs: 300 });
    const { stuck, after } = json as { stuck: EvalResult; after: EvalResult };
    expect(stuck.error).toMatchObject({ type: "Timeout", details: { kind: "cpu" } });
    expect(after).toMatchObject({ status: "ok", value: 42 });
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it("the tightest loop polls slower than MAX_POLLS_PER_CPU_MS (so where the clock works, it alone decides)", async () => {
    const { json } = await post(harness, "/poll-rate", { code: "while (true) {}", timeoutMs: 300 });
    const { polls, elapsedMs, errorType } = json as PollRate;
    expect(errorType).toBe("Timeout");
    expect(polls / elapsedMs).toBeGreaterThan(0.2);
    expect(polls / elapsedMs).toBeLessThan(MAX_POLLS_PER_CPU_MS);
  }, 30_000);

  // run-budget.ts's figures came from these shapes: each one polls the interrupt more slowly than
  // MAX_POLLS_PER_CPU_MS, so where workerd's clock works, the clock alone ends the run.
  it.each(Object.entries(LOOP_SHAPES))("loop shape %s: a Timeout, polling slower than MAX_POLLS_PER_CPU_MS", async (_shape, code) => {
    const { json } = await post(harness, "/poll-rate", { code, timeoutMs: 300 });
    const { polls, elapsedMs, errorType } = json as PollRate;
    expect(errorType).toBe("Timeout");
    expect(polls).toBeGreaterThan(0);
    expect(polls / elapsedMs).toBeLessThan(MAX_POLLS_PER_CPU_MS);
  }, 30_000);
});

type PollRate = { polls: number; elapsedMs: number; errorType: string };

const LOOP_SHAPES: Record<string, string> = {
  "empty loop": "while (true) {}",
  "counter loop": "let i = 0; while (true) { i++ }",
  "function calls": "function f(x) { return x + 1 } let i = 0; while (true) { i = f(i) }",
  recursion: "function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } while (true) fib(25)",
  regex: "while (true) { /(a+)+b/.test('aaaaaaaaaaaaaaaaaaaaaac') }",
  "array building": "while (true) { const a = []; for (let i = 0; i < 100; i++) a.push(i); a.sort((x, y) => y - x) }",
  "string building": "let s = ''; while (true) { s += 'x'; if (s.length > 1000) s = '' }",
};
