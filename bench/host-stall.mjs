// Host stall (DESIGN §8's last target, issue 24): the longest time the host's event loop is held
// while a hostile program runs, for a corpus of programs and tool results (host-stall-corpus.mjs),
// inline and in a worker. Then, apart, what an app naturally does with what came back — JSON.stringify
// the result (value included) and every onEvent event, to log them or send them to a browser — timed
// on its own: that is the app's cost (DESIGN §3: proportional to the limits), not quickbox's block.
//
// Measured from OUTSIDE the loop: a worker_thread pings this thread every millisecond and times
// each answer with its own clock; the slowest answer is the longest block (±1 ms). Each case runs
// RUNS times on a thread that has already run (boot and the wasm's first tier-up are not hostile
// work); the verdict figure is the smallest of the runs' longest blocks (a block quickbox causes
// repeats; the OS not scheduling a loaded machine's process does not), the largest is printed too.
// Inline, the program itself runs on the host's thread (README, Isolation): its own CPU time is in
// the inline figures by design, so the corpus keeps the programs' own work small.
//
// Run: npm run build && node bench/host-stall.mjs   (QB_DIST=/path/to/dist/index.js for another
// build; HOST_STALL_ONLY="name;name" for some cases; HOST_STALL_RUNS, default 3). Writes results/host-stall.json.
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { writeBuildResults } from "./build-results.mjs";
import { corpus } from "./host-stall-corpus.mjs";

const dist = process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href;
const { createInterpreter } = await import(dist);
const RUNS = Number(process.env.HOST_STALL_RUNS ?? 3);
const ONLY = process.env.HOST_STALL_ONLY ? new Set(process.env.HOST_STALL_ONLY.split(";")) : null;
const TARGET_MS = 50;

const WATCHER = `
  const { parentPort } = require("node:worker_threads");
  const sentAt = new Map();
  let seq = 0, longestMs = 0;
  const timer = setInterval(() => { sentAt.set(++seq, performance.now()); parentPort.postMessage({ ping: seq }); }, 1);
  parentPort.on("message", (message) => {
    if (message.pong !== undefined) {
      const sent = sentAt.get(message.pong);
      sentAt.delete(message.pong);
      if (sent !== undefined) longestMs = Math.max(longestMs, performance.now() - sent);
    } else if (message.stop) {
      clearInterval(timer);
      parentPort.postMessage({ longestMs });
    }
  });
`;

/** Runs `work` while the watcher pings: its value and the longest block (ms). */
async function longestBlock(work) {
  const watcher = new Worker(WATCHER, { eval: true });
  let report;
  const reported = new Promise((resolve) => (report = resolve));
  let started;
  const firstPing = new Promise((resolve) => (started = resolve));
  watcher.on("message", (message) => {
    if (message.ping !== undefined) {
      watcher.postMessage({ pong: message.ping });
      started();
    } else if (message.longestMs !== undefined) {
      report(message.longestMs);
    }
  });
  await firstPing;
  let value;
  let error;
  try {
    value = await work();
  } catch (caught) {
    error = caught;
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
  watcher.postMessage({ stop: true });
  const blockMs = await reported;
  await watcher.terminate();
  return { value, error, blockMs };
}

/** What came back, in a few words. */
function describeOutcome(result, events) {
  if (!result) return "threw";
  const warning = result.warnings?.[0] ? `; ${result.warnings[0].slice(0, 60)}` : "";
  return `${result.status}${result.error ? ` ${result.error.type}` : ""}, ${events.length} events${warning}`;
}

/** An app's use of what came back: JSON-encode the result and every event. Its duration (ms) and size. */
function appEncoding(result, events) {
  const started = performance.now();
  let chars = 0;
  try {
    chars = JSON.stringify(result)?.length ?? 0;
    for (const event of events) chars += JSON.stringify(event).length;
  } catch (error) {
    return { ms: performance.now() - started, chars, error: error.message };
  }
  return { ms: performance.now() - started, chars };
}

const rows = [];
console.error(`host-stall: ${corpus.length} cases × inline/worker × ${RUNS} runs`);
for (const entry of corpus) {
  if (ONLY && !ONLY.has(entry.name)) continue;
  for (const isolation of ["inline", "worker"]) {
    let events = [];
    const qb = await createInterpreter({ isolation, ...entry.options, tools: entry.tools ?? [], onEvent: (event) => events.push(event) });
    const blocks = [];
    const encodings = [];
    let outcome = "";
    try {
      await qb.eval("let w = { x: 1 }; for (let i = 0; i < 3; i++) w = { a: w, b: w }; w", { threadId: "bench" });
      for (let run = 0; run < RUNS; run++) {
        const threadId = `bench-${run}`;
        await qb.eval("1", { threadId });
        events = [];
        const measured = await longestBlock(() => qb.eval(entry.program, { threadId }));
        blocks.push(measured.blockMs);
        if (measured.error) {
          outcome = `threw: ${measured.error.message}`;
          continue;
        }
        encodings.push(appEncoding(measured.value, events));
        outcome = describeOutcome(measured.value, events);
        if (measured.value.status === "paused") await qb.reset(threadId);
      }
    } finally {
      await qb.dispose();
    }
    const verdictMs = Math.min(...blocks);
    const encoding = encodings.length ? encodings.reduce((least, next) => (next.ms < least.ms ? next : least)) : { ms: NaN, chars: 0 };
    const row = { name: entry.name, isolation, blocksMs: blocks, verdictMs, maxMs: Math.max(...blocks), met: verdictMs <= TARGET_MS, appEncodeMs: encoding.ms, appEncodeChars: encoding.chars, ...(encoding.error ? { appEncodeError: encoding.error } : {}), outcome };
    rows.push(row);
    console.error(`  ${entry.name} (${isolation}): ${blocks.map((ms) => ms.toFixed(0)).join(" / ")} ms; app encode ${encoding.ms.toFixed(0)} ms — ${outcome}`);
  }
}

const header = ["case", "isolation", "longest block (min of runs)", "max of runs", `≤ ${TARGET_MS} ms`, "app: JSON of result + events", "what came back"];
const lines = rows.map((row) => [
  row.name,
  row.isolation,
  `${row.verdictMs.toFixed(1)} ms`,
  `${row.maxMs.toFixed(1)} ms`,
  row.met ? "met" : "NOT met",
  row.appEncodeError ? `threw: ${row.appEncodeError}` : `${row.appEncodeMs.toFixed(1)} ms, ${(row.appEncodeChars / 2 ** 20).toFixed(2)} M chars`,
  row.outcome,
]);
const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
const format = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join("  ");
console.log(`\nHost stall: longest host event-loop block per hostile case, watched from a worker_thread — Node ${process.version}, ${new Date().toISOString()}`);
console.log(format(header));
for (const line of lines) console.log(format(line));
const missed = rows.filter((row) => !row.met);
console.log(missed.length === 0 ? `\nEvery case within ${TARGET_MS} ms.` : `\n${missed.length} of ${rows.length} rows over ${TARGET_MS} ms: ${missed.map((row) => `${row.name} (${row.isolation})`).join(", ")}`);
// bench/peers.mjs's DESIGN §8 table takes it only from a run of the build in dist/ over the whole corpus.
writeBuildResults("host-stall", { node: process.version, targetMs: TARGET_MS, runs: RUNS, wholeCorpus: ONLY === null, rows }, process.env.QB_DIST ? dirname(process.env.QB_DIST) : undefined);
