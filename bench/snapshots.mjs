// Snapshot benchmark (issue "Durable threads"): sizes and times through the public API, built
// package, inline isolation (no thread hops in the figures). Prints a table, writes JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
// QB_DIST=/path/to/dist/index.js measures another build (a before/after in one sitting).
const { createInterpreter, memoryStore } = await import(process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => (bytes / 1024).toFixed(1) + " KB";

async function measureProgram(label, setup) {
  const store = memoryStore();
  const qb = await createInterpreter({ isolation: "inline", store, memoryLimitBytes: 64 * 2 ** 20 });
  await qb.eval(setup, { threadId: "p" });
  // Full snapshot: a fresh thread holding the program (first snapshot of the thread is full).
  const fullRecord = (await store.list("snap:")).find((r) => r.kind === "full");
  // Delta per eval: small state changes on the same thread.
  const deltaSizes = [];
  for (let i = 0; i < 15; i++) {
    const before = new Set((await store.list("snap:")).map((r) => r.key));
    await qb.eval(`globalThis.turn = ${i}; counter = (globalThis.counter ?? 0) + 1`, { threadId: "p" });
    const added = (await store.list("snap:")).filter((r) => !before.has(r.key));
    for (const record of added) if (record.kind === "delta") deltaSizes.push(record.sizeBytes);
  }
  // Take: explicit snapshot() (hash, diff, gzip, sha256, store write).
  const takes = [];
  for (let i = 0; i < 15; i++) {
    await qb.eval(`globalThis.turn = ${100 + i}`, { threadId: "p" });
    const t0 = performance.now();
    await qb.snapshot("p");
    takes.push(performance.now() - t0);
  }
  // Restore: waking the stored thread in a warm interpreter with one live slot (another thread's
  // eval evicts it), minus a warm eval of it. Cold: the same in a brand-new interpreter.
  const restores = [];
  const warm = await createInterpreter({ isolation: "inline", store, memoryLimitBytes: 64 * 2 ** 20, maxLiveThreads: 1 });
  for (let i = 0; i < 15; i++) {
    await warm.eval("1", { threadId: "other" });
    const t0 = performance.now();
    await warm.eval("1", { threadId: "p" });
    const first = performance.now() - t0;
    const t1 = performance.now();
    await warm.eval("1", { threadId: "p" });
    restores.push(first - (performance.now() - t1));
  }
  await warm.dispose();
  const coldRestores = [];
  for (let i = 0; i < 9; i++) {
    const other = await createInterpreter({ isolation: "inline", store, memoryLimitBytes: 64 * 2 ** 20 });
    await other.eval("1", { threadId: "warm-up" });
    const t0 = performance.now();
    await other.eval("1", { threadId: "p" });
    const first = performance.now() - t0;
    const t1 = performance.now();
    await other.eval("1", { threadId: "p" });
    coldRestores.push(first - (performance.now() - t1));
    await other.dispose();
  }
  await qb.dispose();
  return {
    label,
    fullStoredBytes: fullRecord?.sizeBytes ?? null,
    medianDeltaBytes: median(deltaSizes),
    maxDeltaBytes: Math.max(...deltaSizes),
    takeMs: median(takes),
    restoreMs: median(restores),
    coldRestoreMs: median(coldRestores),
  };
}

const small = await measureProgram("small program", "const prices = [3, 5, 8]; let counter = 0; function total() { return prices.reduce((a, b) => a + b, 0) } class Cart { constructor() { this.items = [] } } const cart = new Cart();");
const big = await measureProgram("program holding 10 MB", "const blob = new Uint8Array(10 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24); let counter = 0;");

// Hibernation: resume latency of a hibernated thread, and 1,000 threads through 20 live slots.
const hib = await createInterpreter({ isolation: "inline", maxLiveThreads: 20 });
const t0 = performance.now();
for (let i = 0; i < 1000; i++) await hib.eval(`const id = ${i}; let n = 1`, { threadId: `h${i}` });
const fillMs = performance.now() - t0;
const wakes = [];
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  const r = await hib.eval("n++; id", { threadId: `h${i * 7}` });
  if (r.value !== i * 7) throw new Error("wrong thread state");
  wakes.push(performance.now() - t);
}
const rss = process.memoryUsage().rss;
await hib.dispose();

const rows = [small, big];
console.log(`\nquickbox snapshots — Node ${process.version}, ${new Date().toISOString()} (targets: full ≤ 64 KB stored, delta ≤ 8 KB, take ≤ 5 ms; waking against quickjs-wasi: bench/peers.mjs)`);
for (const row of rows) {
  console.log(`${row.label.padEnd(24)} full stored ${kb(row.fullStoredBytes).padStart(9)}  delta median ${kb(row.medianDeltaBytes).padStart(8)} (max ${kb(row.maxDeltaBytes)})  take ${row.takeMs.toFixed(2)} ms  restore ${row.restoreMs.toFixed(2)} ms (in a new interpreter ${row.coldRestoreMs.toFixed(2)} ms)`);
}
console.log(`1,000 threads, maxLiveThreads 20: created in ${(fillMs / 1000).toFixed(1)} s (${(fillMs / 1000).toFixed(2)} ms each); waking a hibernated thread: median ${median(wakes).toFixed(2)} ms; process RSS ${(rss / 2 ** 20).toFixed(0)} MiB`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/snapshots.json", import.meta.url), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows, hibernation: { threads: 1000, fillMs, wakeMedianMs: median(wakes), rssBytes: rss } }, null, 2));
