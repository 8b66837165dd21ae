// Peer benchmark (issue "Proof: benchmarks against peers"): quickbox against raw
// quickjs-emscripten, @langchain/quickjs, @sebastianwessel/quickjs, Vercel's `run` and quickjs-wasi,
// on this machine, in one run. Every measurement runs in its own child process
// (bench/peers/probe.mjs) so a peer that crashes or hangs is recorded as a failure in the table.
// Medians of repeated samples; ratios to raw quickjs-emscripten in-thread.
//
// Peers are installed by bench's own package.json: npm install --prefix bench
// Run: npm run build && npm install --prefix bench && node bench/peers.mjs
// Writes bench/results/peers.json (peers-partial.json with PEERS_ONLY). See bench/README.md for
// the method and the latest figures.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { SYSTEMS, versionOf } from "./peers/systems.mjs";
import { readBuildResults } from "./build-results.mjs";

const PROBE = fileURLToPath(new URL("./peers/probe.mjs", import.meta.url));
const TIMEOUT_MS = Number(process.env.PEERS_TIMEOUT_MS ?? 150_000);
const IDLE_THREADS = Number(process.env.PEERS_IDLE_THREADS ?? 200);
const PASSES = Number(process.env.PEERS_PASSES ?? 2); // passes over all systems for eval, tools, fib
const ONLY = process.env.PEERS_ONLY?.split(","); // e.g. PEERS_ONLY=eval,tools for a partial run
const ALL = ["raw", "quickboxInline", "quickboxWorker", "langchain", "sebastian", "run", "wasi"];

if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  console.error("bench/peers.mjs: dist/ is missing; run `npm run build` first.");
  process.exit(1);
}
const peersInstalled = existsSync(new URL("./node_modules/quickjs-wasi/package.json", import.meta.url));
if (!peersInstalled) console.error("bench/peers.mjs: peers not installed (npm install --prefix bench); their rows will show the failure.");

/** Runs one probe; resolves { ok, result } or { ok: false, reason }. Never rejects. */
function probe(section, key, arg, nodeFlags = []) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeFlags, PROBE, section, key ?? "", String(arg ?? "")], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => { stdout += d; });
    child.stderr.on("data", (d) => { stderr += d; if (stderr.length > 200_000) stderr = stderr.slice(-100_000); });
    const timer = setTimeout(() => { child.kill("SIGKILL"); }, TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = stdout.match(/^@@RESULT (.*)$/m);
      const failed = stdout.match(/^@@ERROR (.*)$/m);
      let outcome;
      if (ok) outcome = { ok: true, result: JSON.parse(ok[1]) };
      else if (failed) outcome = { ok: false, reason: JSON.parse(failed[1]).message };
      else if (signal === "SIGKILL") outcome = { ok: false, reason: `timed out after ${TIMEOUT_MS / 1000} s` };
      else {
        const lines = stderr.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("at ") && !l.startsWith("wasm://") && !l.startsWith("Node.js v") && l !== "^");
        const last = lines.find((l) => /Error|Abort|abort|Assertion/.test(l)) ?? lines.at(-1) ?? "no output";
        outcome = { ok: false, reason: `process died (${signal ?? `exit ${code}`}): ${last.slice(0, 200)}` };
      }
      process.stderr.write(`  ${section.padEnd(10)} ${(key ?? "").padEnd(15)} ${nodeFlags.join(" ")} ${outcome.ok ? "ok" : "FAILED: " + outcome.reason} (${seconds} s)\n`);
      resolve(outcome);
    });
  });
}

const want = (section) => !ONLY || ONLY.includes(section);
const results = {};
async function runSection(section, keys, arg) {
  if (!want(section)) return;
  results[section] = {};
  for (const key of keys) results[section][key] = await probe(section, key, arg);
}
// Several passes over all systems (A B C … A B C …); per system and metric the table keeps the
// lowest median, i.e. the pass least disturbed by other load on the machine. All passes are in
// the JSON (passes[section]). A system that failed in any pass is shown as failed.
const passes = {};
async function runPasses(section, keys) {
  if (!want(section)) return;
  passes[section] = [];
  for (let p = 0; p < PASSES; p++) {
    const pass = {};
    for (const key of keys) pass[key] = await probe(section, key);
    passes[section].push(pass);
  }
  results[section] = {};
  for (const key of keys) {
    const all = passes[section].map((pass) => pass[key]);
    const failed = all.find((entry) => !entry.ok);
    results[section][key] = failed ?? { ok: true, result: bestOf(all.map((entry) => entry.result)) };
  }
}
/** Merges results of the same shape, keeping at each { medianMs } the summary with the lowest median. */
function bestOf(list) {
  const [first] = list;
  if (first && typeof first === "object" && "medianMs" in first) return list.reduce((a, b) => (b.medianMs < a.medianMs ? b : a));
  if (first && typeof first === "object") {
    const merged = {};
    for (const key of Object.keys(first)) merged[key] = bestOf(list.map((item) => item[key]));
    return merged;
  }
  return first;
}

const startedAt = new Date();
const loadBefore = loadavg();
const t0 = performance.now();
console.error(`bench/peers.mjs — each line is one child process (timeout ${TIMEOUT_MS / 1000} s)`);
await runPasses("eval", ALL);
await runPasses("tools", ALL);
await runPasses("fib", ALL);
// @langchain/quickjs runs QuickJS-NG's asyncify build on the host stack; when fib(25) overflows
// Node's default stack there, measure it again with a bigger one to still show the engine cost.
if (results.fib?.langchain && !results.fib.langchain.ok) results.fib.langchainBigStack = await probe("fib", "langchain", "", ["--stack-size=4000"]);
await runSection("idle", ALL.filter((k) => k !== "run"), IDLE_THREADS);
await runSection("throughput", ALL);
await runSection("snapshot", ["quickboxInline", "wasi"]);
await runSection("hibernate", ["quickboxInline", "quickboxWorker", "wasi"]);
await runSection("load", ["quickboxWorker"], process.env.PEERS_LOAD_CONCURRENCY ?? 50);
await runSection("targets", ["quickboxWorker"]);
const totalSeconds = (performance.now() - t0) / 1000;
const loadAfter = loadavg();

// ---------------------------------------------------------------------------------------------
// Formatting
const MiB = 2 ** 20;
const fmtMs = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 100 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(0)} ms`);
const fmtBytes = (b) => (b == null ? "-" : b < 1024 ? `${b} B` : b < MiB ? `${(b / 1024).toFixed(1)} KB` : `${(b / MiB).toFixed(2)} MiB`);
const ratio = (value, base) => (value == null || base == null || base === 0 ? "" : ` (${(value / base).toFixed(value / base < 10 ? 2 : 1)}×)`);
const get = (section, key) => results[section]?.[key];
const cell = (section, key, pick, format, baseKey = "raw") => {
  const entry = get(section, key);
  if (!entry) return "-";
  if (!entry.ok) return `FAILED`;
  const value = pick(entry.result);
  const base = get(section, baseKey)?.ok ? pick(get(section, baseKey).result) : null;
  return format(value) + (key === baseKey ? "" : ratio(value, base));
};
function table(title, header, rows, intro) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => "| " + cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ") + " |";
  const out = [`\n### ${title}\n`, ...(intro ? [intro, ""] : []), line(header), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...rows.map(line)];
  return out.join("\n");
}
const label = (key) => SYSTEMS[key]?.label ?? (key === "langchainBigStack" ? "@langchain/quickjs with node --stack-size=4000" : key);
const failures = [];
for (const [section, byKey] of Object.entries(results)) for (const [key, entry] of Object.entries(byKey)) if (!entry.ok) failures.push(`- ${section} / ${label(key)}: ${entry.reason}`);

const out = [];
out.push(`# quickbox vs peers — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model?.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${startedAt.toISOString()}`);
out.push(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" ")}; bench took ${totalSeconds.toFixed(0)} s`);
out.push(table(
  "Per eval (medians; ratio to raw quickjs-emscripten in-thread)",
  ["system", "warm eval 1+1", "new sandbox + eval", "1 tool call", "256 tool calls (Promise.all)", "fib(25)"],
  ALL.map((key) => [
    label(key),
    cell("eval", key, (r) => r.warm.medianMs, fmtMs),
    cell("eval", key, (r) => r.cold.medianMs, fmtMs),
    cell("tools", key, (r) => r.one.medianMs, fmtMs),
    cell("tools", key, (r) => r.fanOut.medianMs, fmtMs),
    cell("fib", key, (r) => r.fib.medianMs, fmtMs) + (key === "langchain" && get("fib", "langchainBigStack")?.ok ? `; ${cell("fib", "langchainBigStack", (r) => r.fib.medianMs, fmtMs)} with node --stack-size=4000` : ""),
  ]),
));
out.push(table(
  `Scale (RSS per idle live thread, ${IDLE_THREADS} threads; 10 threads in parallel: light = 20 evals each of a 10k-iteration loop, heavy = 5 evals each of a 150k-iteration loop)`,
  ["system", "RSS per idle thread", "10 threads, light evals", "10 threads, heavy evals"],
  ALL.map((key) => [
    label(key),
    key === "run" ? "n/a (stateless)" : cell("idle", key, (r) => r.perThreadBytes, fmtBytes),
    cell("throughput", key, (r) => r.light.evalsPerSecond, (v) => `${v.toFixed(0)} evals/s`),
    cell("throughput", key, (r) => r.heavy.evalsPerSecond, (v) => `${v.toFixed(0)} evals/s`),
  ]),
));
out.push(table(
  "Snapshots of a small program (the same program in both)",
  ["system", "full, stored", "full, raw", "delta per eval", "take", "restore", "restore + first eval"],
  ["quickboxInline", "wasi"].map((key) => {
    const entry = get("snapshot", key);
    if (!entry?.ok) return [label(key), entry ? "FAILED" : "-", "", "", "", "", ""];
    const r = entry.result;
    return [label(key), fmtBytes(r.fullStoredBytes), r.fullRawBytes ? fmtBytes(r.fullRawBytes) : "-", r.deltaBytes ? `${fmtBytes(r.deltaBytes)} (max ${fmtBytes(r.deltaMaxBytes)})` : "none (full each time)", key === "wasi" ? `${fmtMs(r.takeMs)} (with gzip ${fmtMs(r.takeGzipMs)})` : fmtMs(r.takeMs), fmtMs(r.restoreMs), fmtMs(r.restoreEvalMs)];
  }),
));
out.push(table(
  "1,000 threads, 20 live (the rest hibernated)",
  ["system", "create (per thread)", "wake a hibernated thread", "stored", "process RSS"],
  ["quickboxInline", "quickboxWorker", "wasi"].map((key) => {
    const entry = get("hibernate", key);
    if (!entry?.ok) return [label(key) + (key === "wasi" ? " (hand-written LRU)" : ""), entry ? "FAILED" : "-", "", "", ""];
    const r = entry.result;
    return [label(key) + (key === "wasi" ? " (hand-written LRU)" : key === "quickboxWorker" ? " (workers 2)" : ""), `${(r.fillMs / 1000).toFixed(1)} s (${fmtMs(r.perThreadMs)})`, fmtMs(r.wake.medianMs), fmtBytes(r.storedBytes), fmtBytes(r.rssBytes)];
  }),
));
const load = get("load", "quickboxWorker");
if (load) {
  if (!load.ok) out.push(`\n### Load: 1,000 threads × 10 evals with tool calls, quickbox worker\n\nFAILED: ${load.reason}`);
  else {
    const r = load.result;
    out.push(`\n### Load: 1,000 threads × 10 evals, 2 tool calls each, quickbox worker (workers 2, maxLiveThreads 64), ${r.concurrency} threads active at a time\n`);
    out.push(`${r.evals} evals, ${r.toolCalls} tool calls, ${r.wrong === 0 ? "all results correct" : `${r.wrong} WRONG results`}; ${(r.wallMs / 1000).toFixed(1)} s (${r.evalsPerSecond.toFixed(0)} evals/s); eval latency median ${fmtMs(r.latency.medianMs)}, p99 ${fmtMs(r.latency.p99Ms)}; peak RSS ${fmtBytes(r.peakRssBytes)}`);
  }
}

// DESIGN §8 targets: one row per target, the last table of the run. A row needs a figure this
// run measured; without it (a section left out by PEERS_ONLY, a failed probe, no browser figure
// for this build) it says so instead of a verdict.
const targets = [];
const ok = (section, key) => (get(section, key)?.ok ? get(section, key).result : null);
const missing = (section, key) => {
  const entry = get(section, key);
  if (!entry) return `not measured (section ${section} not run)`;
  return `FAILED: ${entry.reason}`;
};
/** A row: the target, the figures, the ratio to what the target allows (met when ≤ 1). */
const row = (target, measured, ratioText, pass) => targets.push([target, measured, ratioText, pass ? "met" : "NOT met"]);
const notMeasured = (target, why) => targets.push([target, why, "", "not measured"]);
const times = (r) => `${r.toFixed(2)}×`;
const ofLimit = (r, limit) => `${r.toFixed(2)}× of ${limit}`;
{
  const t = ok("targets", "quickboxWorker");
  const evalInline = "warm eval(\"1+1\") inline ≤ 2× raw quickjs-emscripten (evalCode + dump)";
  const evalWasi = "warm eval(\"1+1\") inline ≤ quickjs-wasi's";
  const evalWorker = "warm eval(\"1+1\") through the worker ≤ 1.5× (raw in-thread eval + one raw cross-thread round trip)";
  const toolWorker = "one tool call through the worker ≤ 1.5× (raw async host call + one round trip)";
  const fanOut = "256 tool calls in one Promise.all through the worker ≤ 1.5× the same in-thread (quickbox inline)";
  if (t) {
    const inline = t.inlineEval.medianMs, raw = t.rawEval.medianMs, wasi = t.wasiEval.medianMs;
    row(evalInline, `${fmtMs(inline)} vs ${fmtMs(raw)}`, times(inline / raw), inline / raw <= 2);
    row(evalWasi, `${fmtMs(inline)} vs ${fmtMs(wasi)}`, times(inline / wasi), inline <= wasi);
    const evalBase = raw + t.roundTrip.medianMs, evalRatio = t.workerEval.medianMs / evalBase;
    row(evalWorker, `${fmtMs(t.workerEval.medianMs)} vs ${fmtMs(raw)} + ${fmtMs(t.roundTrip.medianMs)}`, times(evalRatio), evalRatio <= 1.5);
    const toolBase = t.rawTool.medianMs + t.toolRoundTrip.medianMs, toolRatio = t.workerTool.medianMs / toolBase;
    row(toolWorker, `${fmtMs(t.workerTool.medianMs)} vs ${fmtMs(t.rawTool.medianMs)} + ${fmtMs(t.toolRoundTrip.medianMs)}`, times(toolRatio), toolRatio <= 1.5);
    const fanRatio = t.workerFanOut.medianMs / t.inlineFanOut.medianMs;
    row(fanOut, `${fmtMs(t.workerFanOut.medianMs)} vs ${fmtMs(t.inlineFanOut.medianMs)}`, times(fanRatio), fanRatio <= 1.5);
  } else for (const target of [evalInline, evalWasi, evalWorker, toolWorker, fanOut]) notMeasured(target, missing("targets", "quickboxWorker"));

  for (const key of ["quickboxInline", "quickboxWorker"]) {
    const target = `new thread ≤ 2 ms (new thread + first eval, ${label(key)})`;
    const e = ok("eval", key);
    if (e) row(target, fmtMs(e.cold.medianMs), ofLimit(e.cold.medianMs / 2, "2 ms"), e.cold.medianMs <= 2);
    else notMeasured(target, missing("eval", key));
  }

  const s = ok("snapshot", "quickboxInline");
  const stored = "small-program snapshot ≤ 64 KB stored", take = "small-program snapshot ≤ 5 ms to take", delta = "delta per eval ≤ 8 KB (verdict on the largest)";
  if (s) {
    row(stored, fmtBytes(s.fullStoredBytes), ofLimit(s.fullStoredBytes / (64 * 1024), "64 KB"), s.fullStoredBytes <= 64 * 1024);
    row(take, fmtMs(s.takeMs), ofLimit(s.takeMs / 5, "5 ms"), s.takeMs <= 5);
    row(delta, `${fmtBytes(s.deltaBytes)} (max ${fmtBytes(s.deltaMaxBytes)})`, ofLimit(s.deltaMaxBytes / (8 * 1024), "8 KB"), s.deltaMaxBytes <= 8 * 1024);
  } else for (const target of [stored, take, delta]) notMeasured(target, missing("snapshot", "quickboxInline"));
  const wakeTarget = "waking a hibernated small program no slower than quickjs-wasi's restore + first eval";
  if (t) {
    const { quickboxWake: qb, wasiRestoreEval: wasi } = t.wake;
    row(wakeTarget, `${fmtMs(qb.medianMs)} vs ${fmtMs(wasi.medianMs)}`, times(qb.medianMs / wasi.medianMs), qb.medianMs <= wasi.medianMs);
  } else notMeasured(wakeTarget, missing("targets", "quickboxWorker"));

  const wasiIdle = ok("idle", "wasi");
  for (const key of ["quickboxInline", "quickboxWorker"]) {
    const target = `idle live thread RSS ≤ quickjs-wasi's (${label(key)}, per thread of ${IDLE_THREADS})`;
    const idle = ok("idle", key);
    if (idle && wasiIdle) row(target, `${fmtBytes(idle.perThreadBytes)} vs ${fmtBytes(wasiIdle.perThreadBytes)}`, times(idle.perThreadBytes / wasiIdle.perThreadBytes), idle.perThreadBytes <= wasiIdle.perThreadBytes);
    else notMeasured(target, idle ? missing("idle", "wasi") : missing("idle", key));
  }

  const cold = readBuildResults("cold-start", "run node bench/cold-start.mjs (npm run bench does)");
  const browser = `browser: createInterpreter() to first result ≤ ${cold.figures?.target.limitMs ?? 250} ms (Chromium, cold page)`;
  if (cold.figures) {
    const { coldFirstResultMs: ms, rawColdFirstResultMs: rawMs, limitMs } = cold.figures.target;
    row(browser, `${fmtMs(ms)} (raw quickjs-emscripten page ${fmtMs(rawMs)}; bench/cold-start.mjs, ${cold.figures.runs} runs)`, ofLimit(ms / limitMs, `${limitMs} ms`), ms <= limitMs);
  } else notMeasured(browser, cold.why);

  const pageChunk = readBuildResults("page-chunk", "run node bench/page-chunk.mjs (npm run bench does)");
  const pageTarget = "browser: the page's own chunk carries only what the app uses (createInterpreter + eval, vite build)";
  if (pageChunk.figures) {
    const { gzipBytes, unused } = pageChunk.figures;
    row(pageTarget, `${fmtBytes(gzipBytes)} gzip; ${unused.length ? `also carries ${unused.join(", ")}` : "no engine, adapter or store module"} (bench/page-chunk.mjs)`, "", unused.length === 0);
  } else notMeasured(pageTarget, pageChunk.why);

  const replay = readBuildResults("replay", "run node bench/replay.mjs (npm run bench does)");
  const rebuildTarget = "replay: rebuild a paused small program (10 cells, 20 calls) on another build ≤ 20 ms";
  const journalTarget = "replay: the journal of such a thread ≤ 16 KB stored";
  const journalingTarget = "replay: journaling adds ≤ 5 % to a warm eval (interleaved)";
  if (replay.figures) {
    const { rebuildMs, journal, warmEvalMicros, journalingOverhead } = replay.figures;
    row(rebuildTarget, `${fmtMs(rebuildMs)} (bench/replay.mjs, median of ${replay.figures.rounds})`, ofLimit(rebuildMs / 20, "20 ms"), rebuildMs <= 20);
    row(journalTarget, `${fmtBytes(journal.gzipBytes)} (${journal.entries} entries, ${fmtBytes(journal.rawBytes)} as JSON)`, ofLimit(journal.gzipBytes / 16384, "16 KB"), journal.gzipBytes <= 16384);
    row(journalingTarget, `${warmEvalMicros.journaling.toFixed(2)} µs vs ${warmEvalMicros.notJournaling.toFixed(2)} µs`, `${(journalingOverhead * 100).toFixed(1)} %`, journalingOverhead <= 0.05);
  } else for (const target of [rebuildTarget, journalTarget, journalingTarget]) notMeasured(target, replay.why);

  const measured = readBuildResults("host-stall", "run node bench/host-stall.mjs over the whole corpus (npm run bench does)");
  const stall = measured.figures && !measured.figures.wholeCorpus ? { why: "not measured over the whole corpus (bench/results/host-stall.json is of a HOST_STALL_ONLY run)" } : measured;
  for (const isolation of ["worker", "inline"]) {
    const target = `a stalled host: no program or stored record keeps the host's loop busy > 50 ms (${isolation}, bench/host-stall.mjs)`;
    const rows = stall.figures?.rows.filter((r) => r.isolation === isolation) ?? [];
    if (rows.length) {
      const worst = rows.reduce((a, b) => (b.verdictMs > a.verdictMs ? b : a));
      const over = rows.filter((r) => !r.met);
      row(target, `longest ${fmtMs(worst.verdictMs)} (${worst.name}); ${over.length} of ${rows.length} cases over`, ofLimit(worst.verdictMs / stall.figures.targetMs, `${stall.figures.targetMs} ms`), over.length === 0);
    } else notMeasured(target, stall.why ?? `no ${isolation} rows in bench/results/host-stall.json`);
  }
}
if (failures.length) out.push(`\n### Failures\n\n${failures.join("\n")}`);
out.push(table("DESIGN §8 targets", ["target (DESIGN §8)", "measured", "ratio", "verdict"], targets, [
  "Medians. Warm evals, tool calls, the fan-out and waking are measured interleaved in one process (section",
  "targets); new thread: section eval; snapshot size, take and delta: section snapshot; idle RSS: section idle;",
  "browser: bench/cold-start.mjs and bench/page-chunk.mjs; replay: bench/replay.mjs; host stall: bench/host-stall.mjs (each",
  "read from bench/results/ only when it measured this build of dist/). Ratio: to what the target compares with",
  "(met at ≤ the target's factor), or of the target's limit (met at ≤ 1).",
].join("\n")));
console.log(out.join("\n"));

const versions = { node: process.version };
for (const name of ["quickjs-emscripten-core", "@jitl/quickjs-wasmfile-release-sync", "@langchain/quickjs", "@langchain/core", "deepagents", "@sebastianwessel/quickjs", "@jitl/quickjs-ng-wasmfile-release-sync", "run", "quickjs-wasi"]) versions[name] = versionOf(name);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(
  new URL(ONLY ? "./results/peers-partial.json" : "./results/peers.json", import.meta.url), // a PEERS_ONLY run keeps the full run's file
  JSON.stringify({ date: startedAt.toISOString(), machine: { cpus: cpus().length, model: cpus()[0]?.model, totalMemBytes: totalmem(), loadBefore, loadAfter }, versions, totalSeconds, idleThreads: IDLE_THREADS, passes, results, targets, table: out.join("\n") }, null, 2),
);
