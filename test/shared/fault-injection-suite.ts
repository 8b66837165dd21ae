/**
 * Fault injection not covered by durability-suite.ts: an engine worker terminated from outside
 * mid-eval and mid-snapshot, a store that fails or hangs partway through a write (the head),
 * snapshot bytes corrupted at random offsets, and snapshots from another QuickJS build. In every
 * case: nothing is thrown for the program's sake, nothing stored is lost, the previous state is
 * restorable, and the errors say what happened. Shared by Node and Chromium.
 */
import { describe, expect, it } from "vitest";
import { isQuickboxError, memoryStore, type EvalResult, type InterpreterOptions, type SnapshotStore, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { makeForeign } from "./foreign-build.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

export interface FaultHooks {
  /**
   * Terminates every engine worker started so far, from outside quickbox (as a crash or the
   * platform would); resolves once they are terminated. Absent where it cannot be done.
   */
  terminateWorkers?: () => Promise<void>;
  /** Whether the host sees a terminated worker exit (Node) or only its silence (browsers). */
  workerExitIsObserved: boolean;
  /** How long a terminated worker can go unnoticed (an exit event, or the watchdog's silence limit). */
  workerLossNoticedWithinMs: (timeoutMs: number) => number;
}

type PutMeta = Parameters<SnapshotStore["put"]>[2];

/** A store over `inner` whose head writes (of `state.thread`) can be made to throw (after the snapshot was written) or hang. */
function faultyStore(inner: SnapshotStore = memoryStore()) {
  const state = { headPuts: "normal" as "normal" | "throw" | "hang", thread: "", hangingPuts: 0 };
  const store: SnapshotStore = {
    get: (key) => inner.get(key),
    put: async (key: string, value: Uint8Array, meta: PutMeta) => {
      const head = key === `head:${state.thread}`;
      if (head && state.headPuts === "throw") throw new Error("the disk went away while writing the head");
      if (head && state.headPuts === "hang") {
        state.hangingPuts++;
        return new Promise<void>(() => {});
      }
      return inner.put(key, value, meta);
    },
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
  };
  return { store, state, inner };
}

async function rejectionOf(promise: Promise<unknown>): Promise<{ code?: string; reason?: string; message: string } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(isQuickboxError(error), String(error)).toBe(true);
    const { code, reason, message } = error as { code?: string; reason?: string; message: string };
    return { code, ...(reason ? { reason } : {}), message };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small deterministic generator, so that a failing offset can be reproduced from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const STATE_PROGRAM = "let ledger = { owner: 'ada', entries: [1, 2, 3] }; const total = () => ledger.entries.reduce((a, b) => a + b, 0); total()";
const STATE_CHECK = "[ledger.owner, total(), typeof ledger.late]";

export function defineFaultInjectionSuite(create: InterpreterFactory, hooks: FaultHooks): void {
  const make = trackedInterpreters(create);

  // Only where there are workers to terminate (the inline suite has none): registered, not skipped.
  if (hooks.terminateWorkers) describe("a worker terminated from outside", () => {
    it(
      "mid-eval: the eval ends with a clear error, the thread comes back from its last snapshot, neighbours too, the host never hangs",
      async () => {
        const store = memoryStore();
        const timeoutMs = 300;
        // A real-clock wait keeps the eval running with the worker idle: Chromium defers a
        // terminate() while a worker is inside a long synchronous run (Node does not).
        const qb = await make({ isolation: "worker", store, timeoutMs, clock: "real", wallTimeoutMs: 120_000 });
        expect((await qb.eval(STATE_PROGRAM, { threadId: "victim" })).value).toBe(6);
        expect((await qb.eval("let seen = 'neighbour state'", { threadId: "neighbour" })).status).toBe("ok");
        const started = performance.now();
        const running = qb.eval("ledger.late = 'never stored'; await new Promise((resolve) => setTimeout(resolve, 60_000))", { threadId: "victim" });
        await sleep(50);
        await hooks.terminateWorkers!();
        const result = await running;
        const elapsed = performance.now() - started;
        expect(result.status).toBe("error");
        expect(result.error?.type).toBe("Timeout");
        expect(result.error?.details).toMatchObject({ workerRestarted: true });
        expect(result.error?.message).toMatch(/engine worker was restarted/);
        expect(elapsed).toBeLessThan(hooks.workerLossNoticedWithinMs(timeoutMs) + 2000);
        expect(result.warnings?.join("\n")).toMatch(/state was lost .*its next eval restores its last stored snapshot/);
        const back = await qb.eval(STATE_CHECK, { threadId: "victim" });
        expect(back.value).toEqual(["ada", 6, "undefined"]);
        const neighbour = await qb.eval("seen", { threadId: "neighbour" });
        expect(neighbour.value).toBe("neighbour state");
        expect(neighbour.warnings?.join("\n")).toMatch(/thread was restarted from its last snapshot/);
      },
      30_000,
    );

    it(
      "mid-eval while a tool call is in flight: the call's signal aborts, its late result goes nowhere",
      async () => {
        let aborted = false;
        let finish: (value: unknown) => void = () => {};
        const slow: ToolDefinition = {
          name: "slow",
          execute: (_input, { signal }) => {
            signal.addEventListener("abort", () => (aborted = true));
            return new Promise((resolve) => (finish = resolve));
          },
        };
        const qb = await make({ isolation: "worker", store: memoryStore(), tools: [slow], timeoutMs: 300 });
        await qb.eval("let before = 'kept'", { threadId: "t" });
        const running = qb.eval("await tools.slow()", { threadId: "t" });
        await sleep(100);
        await hooks.terminateWorkers!();
        const result = await running;
        expect(result.error?.details).toMatchObject({ workerRestarted: true });
        expect(aborted).toBe(true);
        finish("too late");
        await sleep(20);
        expect((await qb.eval("before", { threadId: "t" })).value).toBe("kept");
      },
      30_000,
    );

    // Browsers report no exit for a terminated worker: there only the watchdog notices, after
    // the (long) silence allowed during a snapshot.
    if (hooks.workerExitIsObserved) it(
      "mid-snapshot (hibernation, snapshot()): the request fails with WORKER_FAILED instead of hanging; the stored state is intact",
      async () => {
        const store = memoryStore();
        const qb = await make({ isolation: "worker", store, timeoutMs: 3000, memoryLimitBytes: 64 * 2 ** 20 });
        await qb.eval(STATE_PROGRAM, { threadId: "big" });
        // Enough incompressible memory that writing the snapshot takes a while.
        const filled = await qb.eval(
          "const blob = new Uint8Array(24 * 2 ** 20); const chunk = new Uint8Array(2 ** 14); for (let i = 0; i < chunk.length; i++) chunk[i] = Math.random() * 256; for (let o = 0; o < blob.length; o += chunk.length) { chunk.reverse(); blob.set(chunk, o) }",
          { threadId: "big" },
        );
        expect(filled.status, filled.text).toBe("ok");
        const headBefore = await store.get("head:big");
        const snapshotting = qb.snapshot("big");
        await sleep(5);
        await hooks.terminateWorkers!();
        // It fails with a clear code (before the fix it never settled), and nothing was written.
        const failure = await rejectionOf(snapshotting);
        expect(failure?.code).toBe("WORKER_FAILED");
        expect(await store.get("head:big")).toEqual(headBefore);
        const back = await qb.eval("[ledger.owner, total(), typeof blob]", { threadId: "big" });
        expect(back.value).toEqual(["ada", 6, "object"]);
      },
      60_000,
    );
  });

  describe("a store failing partway through a write", () => {
    it("the head write throws after the snapshot was written: a warning, the previous head is what another interpreter restores, later writes chain correctly", async () => {
      const { store, state } = faultyStore();
      const a = await make({ store });
      await a.eval(STATE_PROGRAM, { threadId: "s" });
      state.thread = "s";
      state.headPuts = "throw";
      const failed = await a.eval("ledger.owner = 'changed while the disk was away'; ledger.owner", { threadId: "s" });
      expect(failed.status).toBe("ok");
      expect(failed.warnings?.join("\n")).toMatch(/snapshot not stored: the disk went away while writing the head/);
      const b = await make({ store });
      expect((await b.eval(STATE_CHECK, { threadId: "s" })).value).toEqual(["ada", 6, "undefined"]);
      await b.dispose();
      state.headPuts = "normal";
      const after = await a.eval("ledger.entries.push(4); total()", { threadId: "s" });
      expect(after.value).toBe(10);
      expect(after.warnings).toBeUndefined();
      const c = await make({ store });
      expect((await c.eval("[ledger.owner, total()]", { threadId: "s" })).value).toEqual(["changed while the disk was away", 10]);
    });

    it("the head write hangs and the process dies there: the previous head is intact and restores", async () => {
      const { store, state, inner } = faultyStore();
      const a = await make({ store });
      await a.eval(STATE_PROGRAM, { threadId: "h" });
      const headBefore = await inner.get("head:h");
      state.thread = "h";
      state.headPuts = "hang";
      // This eval's result waits for the store forever: the process "dies" here.
      void a.eval("ledger.owner = 'lost with the process'", { threadId: "h" });
      for (let i = 0; i < 100 && state.hangingPuts === 0; i++) await sleep(10);
      expect(state.hangingPuts).toBe(1);
      expect(await inner.get("head:h")).toEqual(headBefore);
      // Another process, same disk.
      const b = await make({ store: inner });
      expect((await b.eval(STATE_CHECK, { threadId: "h" })).value).toEqual(["ada", 6, "undefined"]);
      // The other threads of the first interpreter still work meanwhile (and store their heads).
      expect((await a.eval("1 + 1", { threadId: "other" })).value).toBe(2);
      expect(await inner.get("head:other")).toBeDefined();
    });
  });

  describe("corrupted snapshots", () => {
    /** A thread with a full snapshot and a delta in the store; returns the store and its ids. */
    async function storedThread(options: InterpreterOptions = {}) {
      const store = memoryStore();
      const qb = await make({ ...options, store });
      await qb.eval(STATE_PROGRAM, { threadId: "c" });
      await qb.eval("ledger.entries.push(10); total()", { threadId: "c" });
      await qb.dispose();
      const head = JSON.parse(new TextDecoder().decode(await store.get("head:c"))) as { chain: string[] };
      expect(head.chain.length).toBe(2);
      return { store, chain: head.chain };
    }

    it("random byte flips anywhere in a stored snapshot: a SnapshotError result or the exact state, never a crash or a half-restored thread", async () => {
      const { store, chain } = await storedThread();
      const headBytes = (await store.get("head:c"))!;
      const originals = new Map<string, Uint8Array>();
      for (const id of chain) originals.set(id, (await store.get(`snap:${id}`))!);
      const qb = await make({ store });
      const next = random(0x5eed);
      const outcomes = { rejected: 0, restored: 0 };
      const rounds = 40;
      for (let round = 0; round < rounds; round++) {
        const id = chain[round % chain.length]!;
        const original = originals.get(id)!;
        const damaged = original.slice();
        // One to three bytes, anywhere (magic, header, body, gzip trailer).
        const flips = 1 + Math.floor(next() * 3);
        for (let f = 0; f < flips; f++) damaged[Math.floor(next() * damaged.length)]! ^= 1 + Math.floor(next() * 255);
        await store.put(`snap:${id}`, damaged, { sizeBytes: damaged.length, createdAt: 0, threadId: "c", kind: "full" });
        // Each round restores a thread of its own from the same (damaged) chain.
        const threadId = `round-${round}`;
        await store.put(`head:${threadId}`, headBytes, { sizeBytes: headBytes.length, createdAt: 0, threadId, kind: "head" });
        let result: EvalResult;
        try {
          result = await qb.eval("[ledger.owner, total()]", { threadId });
        } catch (error) {
          throw new Error(`round ${round}: eval threw ${String(error)}`);
        }
        if (result.status === "error") {
          expect(result.error?.type, `round ${round}: ${result.text}`).toBe("SnapshotError");
          expect(result.error?.message).toMatch(/^snapshot rejected \(/);
          outcomes.rejected++;
          // The thread was not silently replaced: the damaged head is still refused, not overwritten.
          const again = await qb.eval("typeof ledger", { threadId });
          expect(again.error?.type, `round ${round}: a retry must not start a fresh thread over the stored one`).toBe("SnapshotError");
          expect(await store.get(`head:${threadId}`)).toEqual(headBytes);
        } else {
          expect(result.value, `round ${round}`).toEqual(["ada", 16]);
          expect((await qb.eval("ledger.entries.length", { threadId })).value).toBe(4);
          outcomes.restored++;
        }
        // The interpreter's other threads are unaffected.
        expect((await qb.eval("6 * 7", { threadId: "elsewhere" })).value).toBe(42);
        await store.put(`snap:${id}`, original, { sizeBytes: original.length, createdAt: 0, threadId: "c", kind: "full" });
      }
      // Every damaged chain is refused: the last snapshot's bytes must hash to the id its head names.
      expect(outcomes).toEqual({ rejected: rounds, restored: 0 });
      // With the original bytes back, nothing was lost.
      const healed = await make({ store });
      expect((await healed.eval("[ledger.owner, total()]", { threadId: "c" })).value).toEqual(["ada", 16]);
    }, 120_000);

    it("a corrupted paused thread refuses to resume (SNAPSHOT_REJECTED) and resumes once the bytes are right", async () => {
      const store = memoryStore();
      const send: ToolDefinition = { name: "send", execute: () => "sent" };
      const a = await make({ store, tools: [send], interruptOn: { send: true } });
      const paused = await a.eval("const note = 'before the pause'; const reply = await tools.send(); note + ' / ' + reply", { threadId: "p" });
      await a.dispose();
      const [record] = (await store.list("snap:")).filter((r) => r.kind === "full" || r.kind === "delta");
      const original = (await store.get(record!.key))!;
      const damaged = original.slice();
      damaged[Math.floor(damaged.length / 2)]! ^= 0x40;
      await store.put(record!.key, damaged, { sizeBytes: damaged.length, createdAt: 0, threadId: "p", kind: "full" });
      const b = await make({ store, tools: [send], interruptOn: { send: true } });
      const refused = await rejectionOf(b.resume("p", { [paused.interrupts![0]!.id]: { type: "approve" } }));
      expect(refused?.code).toBe("SNAPSHOT_REJECTED");
      await store.put(record!.key, original, { sizeBytes: original.length, createdAt: 0, threadId: "p", kind: "full" });
      const c = await make({ store, tools: [send], interruptOn: { send: true } });
      expect((await c.resume("p", { [paused.interrupts![0]!.id]: { type: "approve" } })).value).toBe("before the pause / sent");
    });
  });

  describe("a snapshot from another QuickJS build", () => {
    it("without a journal to rebuild it from: refused with a clear error (NOT_REPLAYABLE), not overwritten or lost, and restores in a matching build", async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval(STATE_PROGRAM, { threadId: "w" });
      await a.dispose();
      const original = (await store.get("head:w"))!;
      // The same thread as another build of QuickJS, from before journals, would have stored it.
      await makeForeign(store, "w", { wasmBuild: "@jitl/quickjs-wasmfile-release-sync@9.9.9", editManifest: (manifest) => void delete manifest.journal });
      const foreignHead = (await store.get("head:w"))!;
      const b = await make({ store });
      const refused = await b.eval(STATE_CHECK, { threadId: "w" });
      expect(refused.error?.type).toBe("SnapshotError");
      expect(refused.error?.details).toMatchObject({ code: "NOT_REPLAYABLE", refused: "wasm-build" });
      expect(refused.error?.message).toMatch(/snapshot rejected \(wasm-build\): made by QuickJS build \S+@9\.9\.9; this interpreter runs .* nor rebuilt: it was written before quickbox kept journals/);
      // Asking again does not quietly start over.
      expect((await b.eval("typeof ledger", { threadId: "w" })).error?.type).toBe("SnapshotError");
      expect(await store.get("head:w")).toEqual(foreignHead);
      expect((await store.list("head:")).map((r) => r.key)).toEqual(["head:w"]);
      // The process with the matching build (here: the original head and snapshots) still has everything.
      await store.put("head:w", original, { sizeBytes: original.length, createdAt: 0, threadId: "w", kind: "head" });
      const c = await make({ store });
      expect((await c.eval(STATE_CHECK, { threadId: "w" })).value).toEqual(["ada", 6, "undefined"]);
    });
  });
}
