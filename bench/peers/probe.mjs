// One measurement of one system, run in its own process by bench/peers.mjs (so a peer that
// crashes, hangs or leaks cannot spoil the others, and memory figures start from a clean heap):
//
//   node bench/peers/probe.mjs <section> <system>
//
// Prints one line "@@RESULT <json>" at the end. Sections: eval, tools, fib, idle, throughput,
// hibernate, snapshot, load, targets.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { Worker } from "node:worker_threads";
import { SYSTEMS, bellardWasm } from "./systems.mjs";
import { median, sample, settle, sleep, summarize } from "./sample.mjs";

// The probe exposes gc itself instead of being started with --expose-gc: quickbox's worker hands
// that flag on to its worker_threads, and Node 20 rejects it there ("invalid execArgv flags").
setFlagsFromString("--expose-gc");
globalThis.gc ??= runInNewContext("gc");

export const WORKLOADS = {
  one: { expr: "1+1", expect: 2 },
  tool1: { expr: "(async () => Number(await tools.noop({ i: 7 })))()", async: true, expect: 7 },
  tool256: {
    expr: "(async () => (await Promise.all(Array.from({ length: 256 }, (_, i) => tools.noop({ i })))).reduce((sum, x) => sum + Number(x), 0))()",
    async: true,
    expect: 32640,
  },
  fib25: { expr: "(() => { function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } return fib(25) })()", expect: 75025 },
};

const [section, key, arg] = process.argv.slice(2);
const rss = () => process.memoryUsage().rss;

// For "idle": every WebAssembly.Memory made in this process (quickbox inline makes one per thread,
// fixed size), to count the pages each thread has touched (DESIGN §8: resident beyond touched pages).
const memories = [];
if (section === "idle") {
  const NativeMemory = WebAssembly.Memory;
  const RecordedMemory = function Memory(descriptor) {
    const memory = new NativeMemory(descriptor);
    memories.push(memory);
    return memory;
  };
  RecordedMemory.prototype = NativeMemory.prototype;
  WebAssembly.Memory = RecordedMemory;
}

/** 4 KiB pages holding any non-zero byte: a lower bound of the pages touched (zeroed ones look untouched). */
function touchedBytes(memory) {
  const words = new BigUint64Array(memory.buffer);
  let pages = 0;
  for (let page = 0; page < words.length; page += 512) {
    for (let i = page; i < page + 512; i++) {
      if (words[i] !== 0n) {
        pages++;
        break;
      }
    }
  }
  return pages * 4096;
}

async function check(session, workload) {
  const value = await session.run(workload);
  if (value !== workload.expect) throw new Error(`wrong result: ${JSON.stringify(value)} (expected ${workload.expect})`);
  return value;
}

// Warm per-eval cost, and a new sandbox/thread/session + its first eval (close not timed).
async function evalSection(system) {
  const session = await system.open();
  await check(session, WORKLOADS.one);
  const warm = await sample(() => session.run(WORKLOADS.one), { warmup: 100, samples: 3000, budgetMs: 2000 });
  await session.close();
  const cold = await sample(
    async () => {
      await sleep(5); // the same idle gap for every system (quickbox's pool prepares a spare instance in it)
      const t0 = performance.now();
      const fresh = await system.open();
      await check(fresh, WORKLOADS.one);
      const elapsed = performance.now() - t0;
      await fresh.close();
      return elapsed;
    },
    { warmup: 3, samples: 200, minSamples: 10, budgetMs: 2500, measured: true },
  );
  return { warm, cold };
}

async function toolsSection(system) {
  const session = await system.open();
  await check(session, WORKLOADS.tool1);
  await check(session, WORKLOADS.tool256);
  const one = await sample(() => check(session, WORKLOADS.tool1), { warmup: 20, samples: 1000, budgetMs: 2500 });
  const fanOut = await sample(() => check(session, WORKLOADS.tool256), { warmup: 3, samples: 200, minSamples: 5, budgetMs: 4000 });
  await session.close();
  return { one, fanOut };
}

async function fibSection(system) {
  const session = await system.open();
  await check(session, WORKLOADS.fib25);
  const fib = await sample(() => check(session, WORKLOADS.fib25), { warmup: 1, samples: 30, minSamples: 5, budgetMs: 3000 });
  await session.close();
  return { fib };
}

// Resident memory per idle live thread: N sessions each holding a little state, after a full GC.
async function idleSection(system, n) {
  const hold = "(globalThis.state = { items: Array.from({ length: 100 }, (_, i) => ({ i, label: 'item ' + i })) }, 1)";
  const first = await system.open();
  await first.run({ expr: hold });
  await settle();
  const before = rss();
  const memoriesBefore = memories.length;
  const sessions = [];
  for (let i = 0; i < n; i++) {
    const session = await system.open();
    await session.run({ expr: hold });
    sessions.push(session);
  }
  await sleep(300); // let a worker pool finish its spare instances
  await settle();
  const after = rss();
  // Every session is still alive and answering.
  for (const session of sessions.slice(0, 5)) if ((await session.run({ expr: "state.items.length" })) !== 100) throw new Error("lost state");
  // Memories made by these sessions (quickbox inline: one per thread, plus its spare instances).
  const made = memories.slice(memoriesBefore);
  const touched = made.length >= n ? made.map(touchedBytes) : [];
  const touchedPerThreadBytes = touched.length ? touched.reduce((sum, bytes) => sum + bytes, 0) / touched.length : undefined;
  return { threads: n, rssBeforeBytes: before, rssAfterBytes: after, perThreadBytes: (after - before) / n, ...(touchedPerThreadBytes !== undefined ? { memories: made.length, touchedPerThreadBytes } : {}) };
}

// 10 threads in parallel, each running CPU-bound evals one after another: evals per second.
// light: a 10,000-iteration loop (~0.6 ms in raw QuickJS), heavy: 150,000 iterations (~9 ms).
// (A loop, not recursion: @langchain/quickjs overflows the host stack on deep recursion.)
const loop = (n) => {
  let s = 0;
  for (let i = 0; i < n; i++) s = (s + i * i) % 1000003;
  return { expr: `(() => { let s = 0; for (let i = 0; i < ${n}; i++) s = (s + i * i) % 1000003; return s })()`, expect: s };
};
async function throughputSection(system) {
  const threads = 10;
  const sessions = [];
  for (let i = 0; i < threads; i++) sessions.push(await system.open());
  const out = { threads };
  for (const [name, workload, evalsEach] of [["light", loop(10_000), 20], ["heavy", loop(150_000), 5]]) {
    for (const session of sessions) await check(session, workload);
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      await Promise.all(sessions.map(async (session) => { for (let i = 0; i < evalsEach; i++) await check(session, workload); }));
      rounds.push(performance.now() - t0);
    }
    const wallMs = median(rounds);
    out[name] = { evalsEach, wallMs, evalsPerSecond: (threads * evalsEach) / (wallMs / 1000), rounds };
  }
  return out;
}

// DESIGN §8 ratios measured interleaved in one process (A, B, A, B, …) so that load from other
// processes on the machine hits both sides alike. `measured: true`: each fn returns its own
// duration in ms (its set-up and tear-down left out).
async function interleaved(fns, { warmup = 200, samples = 2000, budgetMs = 4000, measured = false } = {}) {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const times = fns.map(() => []);
  const start = performance.now();
  while (times[0].length < samples && (times[0].length < 10 || performance.now() - start < budgetMs)) {
    for (let k = 0; k < fns.length; k++) {
      const t0 = performance.now();
      const own = await fns[k]();
      times[k].push(measured ? own : performance.now() - t0);
    }
  }
  return times.map(summarize);
}
async function targetsSection() {
  const raw = await (await SYSTEMS.raw.create({})).open();
  const wasi = await SYSTEMS.wasi.create({});
  const wasiVM = await wasi.open();
  const worker = await SYSTEMS.quickboxWorker.create({});
  const inline = await SYSTEMS.quickboxInline.create({});
  const workerThread = await worker.open(), inlineThread = await inline.open();
  // One raw cross-thread round trip: a MessagePort echo in a worker thread.
  const echo = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.once('message', (port) => port.on('message', (m) => port.postMessage(m)));", { eval: true });
  const { port1, port2 } = new MessageChannel();
  echo.postMessage(port2, [port2]);
  const roundTrip = () => new Promise((resolve) => { port1.once("message", resolve); port1.postMessage({ t: "ping", id: 1 }); });
  await roundTrip();
  // Warm eval: inline vs raw and vs quickjs-wasi; worker vs raw eval + one round trip.
  const [rawEval, wasiEval, inlineEval, trip, workerEval] = await interleaved([
    () => check(raw, WORKLOADS.one),
    () => check(wasiVM, WORKLOADS.one),
    () => check(inlineThread, WORKLOADS.one),
    roundTrip,
    () => check(workerThread, WORKLOADS.one),
  ]);
  // One tool call: worker vs raw async host call + one round trip.
  const [rawTool, toolTrip, workerTool] = await interleaved([
    () => check(raw, WORKLOADS.tool1),
    roundTrip,
    () => check(workerThread, WORKLOADS.tool1),
  ], { warmup: 50, samples: 1000, budgetMs: 4000 });
  const [workerFanOut, inlineFanOut] = await interleaved([
    () => check(workerThread, WORKLOADS.tool256),
    () => check(inlineThread, WORKLOADS.tool256),
  ], { warmup: 5, samples: 200, budgetMs: 5000 });
  await echo.terminate();
  port1.close();
  await worker.dispose();
  await inline.dispose();
  return { rawEval, wasiEval, inlineEval, roundTrip: trip, workerEval, rawTool, toolRoundTrip: toolTrip, workerTool, workerFanOut, inlineFanOut, wake: await wakeVersusWasi(wasi) };
}

// Waking a hibernated small program (quickbox inline) against quickjs-wasi's restore + first eval,
// interleaved. Each quickbox sample wakes a thread stored as one full snapshot, with a free live
// slot: untimed, the program runs on a new thread, is snapshotted, and is evicted by another
// thread's eval (maxLiveThreads 1); that other thread is snapshotted too, so the timed eval only
// wakes (restore + first eval) and drops an unchanged thread, it takes no snapshot itself.
// quickjs-wasi: deserialize + QuickJS.restore + host callback + first eval of the same program.
async function wakeVersusWasi(wasi) {
  const { createInterpreter, memoryStore } = await import(process.env.QB_DIST ?? "../../dist/index.js");
  const first = { expr: "total()", expect: 16 };
  const session = await wasi.open();
  await check(session, { expr: PROGRAM, expect: 16 });
  const bytes = wasi.QuickJS.serializeSnapshot(session.vm.snapshot());
  await session.close();
  const qb = await createInterpreter({ isolation: "inline", store: memoryStore(), wasmModule: await bellardWasm(), maxLiveThreads: 1 });
  const ok = async (code, threadId) => {
    const result = await qb.eval(code, { threadId });
    if (result.status !== "ok") throw new Error(`${result.error?.type}: ${result.error?.message}`);
    return result.value;
  };
  let n = 0;
  const [wasiRestoreEval, quickboxWake] = await interleaved([
    async () => {
      const t0 = performance.now();
      const restored = await wasi.restore(bytes);
      await check(restored, first);
      const elapsed = performance.now() - t0;
      await restored.close();
      return elapsed;
    },
    async () => {
      const threadId = `w${n++}`;
      await ok(PROGRAM, threadId);
      await qb.snapshot(threadId);
      await ok("1", "other");
      await qb.snapshot("other");
      const t0 = performance.now();
      if ((await ok(first.expr, threadId)) !== first.expect) throw new Error("state lost in wake");
      return performance.now() - t0;
    },
  ], { warmup: 5, samples: 100, budgetMs: 4000, measured: true });
  await qb.dispose();
  return { wasiRestoreEval, quickboxWake };
}

// 1,000 threads through 20 live slots; then wake 50 hibernated ones.
async function hibernateSection(key) {
  const threads = 1000, live = 20;
  const create = (i) => ({ expr: `(globalThis.id = ${i}, globalThis.n = 1, id)`, expect: i });
  const wake = (i) => ({ expr: "(n++, id)", expect: i });
  if (key === "wasi") return wasiHibernate(threads, live, create, wake);
  const { memoryStore } = await import(process.env.QB_DIST ?? "../../dist/index.js");
  const store = memoryStore();
  const system = await SYSTEMS[key].create({ maxLiveThreads: live, store, ...(key === "quickboxWorker" ? { workers: 2 } : {}) });
  const sessions = [];
  const t0 = performance.now();
  for (let i = 0; i < threads; i++) {
    const session = await system.open(`h${i}`);
    await check(session, create(i));
    sessions.push(session);
  }
  const fillMs = performance.now() - t0;
  const wakes = [];
  for (let i = 0; i < 50; i++) {
    const index = (i * 19) % (threads - live);
    const t = performance.now();
    await check(sessions[index], wake(index));
    wakes.push(performance.now() - t);
  }
  const records = await store.list("snap:");
  const storedBytes = records.reduce((sum, r) => sum + (r.sizeBytes ?? 0), 0);
  await settle();
  const result = { threads, live, fillMs, perThreadMs: fillMs / threads, wake: summarize(wakes), rssBytes: rss(), storedBytes };
  await system.dispose();
  return result;
}

// quickjs-wasi has snapshots but no hibernation: a hand-written LRU of 20 live VMs, the rest kept
// as serialized snapshots (bytes in a Map), which is what an application would build on it.
async function wasiHibernate(threads, live, create, wake) {
  const system = await SYSTEMS.wasi.create({});
  const liveVMs = new Map(); // id → session, in LRU order
  const stored = new Map(); // id → Uint8Array
  const evict = () => {
    while (liveVMs.size > live) {
      const [oldest, session] = liveVMs.entries().next().value;
      stored.set(oldest, system.QuickJS.serializeSnapshot(session.vm.snapshot()));
      session.vm.dispose();
      liveVMs.delete(oldest);
    }
  };
  const get = async (id) => {
    let session = liveVMs.get(id);
    if (session) { liveVMs.delete(id); liveVMs.set(id, session); return session; }
    session = stored.has(id) ? await system.restore(stored.get(id)) : await system.open();
    stored.delete(id);
    liveVMs.set(id, session);
    evict();
    return session;
  };
  const t0 = performance.now();
  for (let i = 0; i < threads; i++) await check(await get(i), create(i));
  const fillMs = performance.now() - t0;
  const wakes = [];
  for (let i = 0; i < 50; i++) {
    const index = (i * 19) % (threads - live);
    const t = performance.now();
    await check(await get(index), wake(index));
    wakes.push(performance.now() - t);
  }
  let storedBytes = 0;
  for (const bytes of stored.values()) storedBytes += bytes.byteLength;
  const oneGzipped = gzipSync(stored.values().next().value).byteLength;
  await settle();
  return { threads, live, fillMs, perThreadMs: fillMs / threads, wake: summarize(wakes), rssBytes: rss(), storedBytes, storedNote: `raw serialized snapshots; one gzips to ${oneGzipped} B` };
}

// The same small program in quickbox (full snapshot, then deltas) and quickjs-wasi (full only).
const PROGRAM = "(globalThis.prices = [3, 5, 8], globalThis.counter = 0, globalThis.total = () => prices.reduce((a, b) => a + b, 0), globalThis.Cart = class { constructor() { this.items = [] } }, globalThis.cart = new Cart(), total())";
const STEP = (i) => `(globalThis.turn = ${i}, counter++, total())`;

async function snapshotSection(key) {
  if (key === "wasi") {
    const system = await SYSTEMS.wasi.create({});
    const session = await system.open();
    if ((await session.run({ expr: PROGRAM })) !== 16) throw new Error("wrong result");
    const takes = [], takesGzip = [], restores = [];
    let bytes, gzipped;
    for (let i = 0; i < 15; i++) {
      await session.run({ expr: STEP(i) });
      const t0 = performance.now();
      bytes = system.QuickJS.serializeSnapshot(session.vm.snapshot());
      takes.push(performance.now() - t0);
      gzipped = gzipSync(bytes, { level: 6 });
      takesGzip.push(performance.now() - t0);
    }
    const restoreEvals = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      const restored = await system.restore(bytes);
      restores.push(performance.now() - t0);
      if ((await restored.run({ expr: "counter" })) !== 15) throw new Error("state lost in restore");
      restoreEvals.push(performance.now() - t0);
      await restored.close();
    }
    return {
      fullRawBytes: bytes.byteLength,
      fullStoredBytes: gzipped.byteLength,
      deltaBytes: null,
      takeMs: median(takes),
      takeGzipMs: median(takesGzip),
      restoreMs: median(restores),
      restoreEvalMs: median(restoreEvals),
      note: "full snapshot of the linear memory every time (no deltas); stored = gzip level 6 of serializeSnapshot() (take alone does not gzip); restore = deserialize + QuickJS.restore + re-register the host callback; restoreEval = that + the first eval",
    };
  }
  const { createInterpreter, memoryStore } = await import(process.env.QB_DIST ?? "../../dist/index.js");
  const wasmModule = await bellardWasm();
  const store = memoryStore();
  const qb = await createInterpreter({ isolation: "inline", store, wasmModule });
  const ok = async (interp, code, threadId) => {
    const result = await interp.eval(code, { threadId });
    if (result.status !== "ok") throw new Error(`${result.error?.type}: ${result.error?.message}`);
    return result.value;
  };
  if ((await ok(qb, PROGRAM, "p")) !== 16) throw new Error("wrong result");
  const full = (await store.list("snap:")).find((r) => r.kind === "full");
  const deltas = [];
  for (let i = 0; i < 15; i++) {
    const before = new Set((await store.list("snap:")).map((r) => r.key));
    await ok(qb, STEP(i), "p");
    for (const r of await store.list("snap:")) if (!before.has(r.key) && r.kind === "delta") deltas.push(r.sizeBytes);
  }
  const takes = [];
  for (let i = 0; i < 15; i++) {
    await ok(qb, `globalThis.turn = ${100 + i}`, "p");
    const t0 = performance.now();
    await qb.snapshot("p");
    takes.push(performance.now() - t0);
  }
  // Restore: wake the stored thread in a warm interpreter with one live slot, first eval included.
  const warm = await createInterpreter({ isolation: "inline", store, wasmModule, maxLiveThreads: 1 });
  const restores = [], restoreEvals = [];
  for (let i = 0; i < 15; i++) {
    await ok(warm, "1", "other");
    // Stored now, "other" is unchanged when the waking eval evicts it: the eviction only drops it
    // (no snapshot of another thread inside the timed eval).
    await warm.snapshot("other");
    const t0 = performance.now();
    if ((await ok(warm, "counter", "p")) !== 15) throw new Error("state lost in restore");
    const first = performance.now() - t0;
    const t1 = performance.now();
    await ok(warm, "counter", "p");
    restoreEvals.push(first);
    restores.push(first - (performance.now() - t1)); // as bench/snapshots.mjs: minus a warm eval
  }
  await warm.dispose();
  await qb.dispose();
  return {
    fullRawBytes: null,
    fullStoredBytes: full?.sizeBytes ?? null,
    deltaBytes: median(deltas),
    deltaMaxBytes: Math.max(...deltas),
    takeMs: median(takes),
    takeGzipMs: median(takes),
    restoreMs: median(restores),
    restoreEvalMs: median(restoreEvals),
    note: "stored sizes as written to memoryStore (gzip, 128-byte chunk deltas); take = snapshot(); restore = wake of a hibernated thread in a warm interpreter (the thread it evicts is already stored) minus a warm eval; restoreEval = the waking eval itself",
  };
}

// Load: 1,000 threads × 10 evals, each eval making 2 tool calls, through a 2-worker pool.
// `concurrency` threads are active at once (each runs its 10 evals one after another, then the
// next thread starts); arg "all" makes all 1,000 active at once. maxLiveThreads is the default (64).
async function loadSection(key, concurrencyArg) {
  const threads = 1000, evalsEach = 10;
  const concurrency = concurrencyArg === "all" ? threads : Number(concurrencyArg || 50);
  let toolCalls = 0;
  const tool = (input) => { toolCalls++; return input.i; };
  const system = await SYSTEMS[key].create({ tool, ...(key === "quickboxWorker" ? { workers: 2 } : {}), ...(process.env.LOAD_MAX_LIVE ? { maxLiveThreads: Number(process.env.LOAD_MAX_LIVE) } : {}) });
  let peak = rss();
  const timer = setInterval(() => { peak = Math.max(peak, rss()); }, 50);
  const latencies = [];
  let wrong = 0, next = 0;
  const runThread = async (t) => {
    const session = await system.open(`load-${t}`);
    for (let e = 0; e < evalsEach; e++) {
      const expr = `(async () => { const [a, b] = await Promise.all([tools.noop({ i: ${t} }), tools.noop({ i: ${e} })]); globalThis.sum = (globalThis.sum ?? 0) + Number(a) + Number(b); return sum })()`;
      const expect = (e + 1) * t + (e * (e + 1)) / 2;
      const s = performance.now();
      const value = await session.run({ expr, async: true });
      latencies.push(performance.now() - s);
      if (value !== expect) wrong++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < threads) await runThread(next++); }));
  const wallMs = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, rss());
  const live = (await system.interpreter.threads()).length;
  await system.dispose();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    threads, evalsEach, concurrency, evals: latencies.length, toolCalls, wrong, wallMs, threadsListed: live,
    evalsPerSecond: latencies.length / (wallMs / 1000),
    latency: { medianMs: sorted[Math.floor(sorted.length / 2)], p99Ms: sorted[Math.floor(sorted.length * 0.99)] },
    peakRssBytes: peak,
  };
}

async function main() {
  const started = performance.now();
  let result;
  switch (section) {
    case "eval": result = await evalSection(await SYSTEMS[key].create({})); break;
    case "tools": result = await toolsSection(await SYSTEMS[key].create({})); break;
    case "fib": result = await fibSection(await SYSTEMS[key].create({ noTools: true })); break;
    case "idle": result = await idleSection(await SYSTEMS[key].create(key.startsWith("quickbox") ? { maxLiveThreads: Number(arg) + 20 } : {}), Number(arg)); break;
    case "throughput": result = await throughputSection(await SYSTEMS[key].create(key === "quickboxWorker" ? { workers: 2 } : {})); break;
    case "hibernate": result = await hibernateSection(key); break;
    case "snapshot": result = await snapshotSection(key); break;
    case "load": result = await loadSection(key, arg); break;
    case "targets": result = await targetsSection(); break;
    default: throw new Error(`unknown section ${section}`);
  }
  result.probeMs = performance.now() - started;
  process.stdout.write(`@@RESULT ${JSON.stringify(result)}\n`);
  process.exit(0); // peers may keep worker pools or timers alive
}

main().catch((error) => {
  process.stdout.write(`@@ERROR ${JSON.stringify({ message: String(error?.message ?? error).split("\n")[0].slice(0, 300) })}\n`);
  process.exit(1);
});
