// Host stall (DESIGN §8's last target, issue 24): the longest time the host's event loop is held
// while a hostile program runs and the host uses what comes back, for a corpus of programs and tool
// results, inline and in a worker. "Uses": what an app naturally does — JSON.stringify the result
// (value included) and every onEvent event, as it would to log them or send them to a browser.
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
// build; HOST_STALL_ONLY=name,… for some cases; HOST_STALL_RUNS, default 3). Writes results/host-stall.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { corpus } from "./host-stall-corpus.mjs";

const dist = process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href;
const { createInterpreter } = await import(dist);
const RUNS = Number(process.env.HOST_STALL_RUNS ?? 3);
const ONLY = process.env.HOST_STALL_ONLY ? new Set(process.env.HOST_STALL_ONLY.split(",")) : null;
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

/** What the result (and the events) amount to once an app has JSON-encoded them. */
function describeOutcome(result, eventChars) {
  if (!result) return "threw";
  const valueChars = result.value === undefined ? 0 : (JSON.stringify(result.value)?.length ?? 0);
  const warning = result.warnings?.[0] ? `; ${result.warnings[0].slice(0, 70)}` : "";
  return `${result.status}${result.error ? ` ${result.error.type}` : ""}, value ${valueChars} chars as JSON, events ${eventChars} chars${warning}`;
}

const rows = [];
console.error(`host-stall: ${corpus.length} cases × inline/worker × ${RUNS} runs`);
for (const entry of corpus) {
  if (ONLY && !ONLY.has(entry.name)) continue;
  for (const isolation of ["inline", "worker"]) {
    let eventChars = 0;
    const qb = await createInterpreter({
      isolation,
      ...entry.options,
      tools: entry.tools ?? [],
      onEvent: (event) => {
        // What an app does with an event: log it, or send it to a browser.
        eventChars += JSON.stringify(event).length;
      },
    });
    const blocks = [];
    let outcome = "";
    try {
      await qb.eval("let w = { x: 1 }; for (let i = 0; i < 3; i++) w = { a: w, b: w }; w", { threadId: "bench" });
      for (let run = 0; run < RUNS; run++) {
        eventChars = 0;
        const threadId = `bench-${run}`;
        await qb.eval("1", { threadId });
        const measured = await longestBlock(async () => {
          const result = await qb.eval(entry.program, { threadId });
          // What an app does with the result: log it, store it, send it on.
          JSON.stringify(result);
          if (result.status === "paused") await qb.reset(threadId);
          return result;
        });
        blocks.push(measured.blockMs);
        outcome = measured.error ? `threw: ${measured.error.message}` : describeOutcome(measured.value, eventChars);
      }
    } finally {
      await qb.dispose();
    }
    const verdictMs = Math.min(...blocks);
    const row = { name: entry.name, isolation, blocksMs: blocks, verdictMs, maxMs: Math.max(...blocks), met: verdictMs <= TARGET_MS, outcome };
    rows.push(row);
    console.error(`  ${entry.name} (${isolation}): ${blocks.map((ms) => ms.toFixed(0)).join(" / ")} ms — ${outcome}`);
  }
}

const header = ["case", "isolation", "longest block (min of runs)", "max of runs", `≤ ${TARGET_MS} ms`, "what came back"];
const lines = rows.map((row) => [row.name, row.isolation, `${row.verdictMs.toFixed(1)} ms`, `${row.maxMs.toFixed(1)} ms`, row.met ? "met" : "NOT met", row.outcome]);
const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
const format = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join("  ");
console.log(`\nHost stall: longest host event-loop block per hostile case, watched from a worker_thread — Node ${process.version}, ${new Date().toISOString()}`);
console.log(format(header));
for (const line of lines) console.log(format(line));
const missed = rows.filter((row) => !row.met);
console.log(missed.length === 0 ? `\nEvery case within ${TARGET_MS} ms.` : `\n${missed.length} of ${rows.length} rows over ${TARGET_MS} ms: ${missed.map((row) => `${row.name} (${row.isolation})`).join(", ")}`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/host-stall.json", import.meta.url), JSON.stringify({ node: process.version, date: new Date().toISOString(), targetMs: TARGET_MS, runs: RUNS, rows }, null, 2));
