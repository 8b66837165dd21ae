/**
 * Where a cold page's milliseconds go (issue 30): the cold-start app (bench/cold-start/), one fresh
 * browser context per run, recorded with a Chromium trace. Prints, per run, from the page's module
 * start: when the worker's script and the .wasm arrived, and the work on the page's main thread
 * and on the engine worker's thread (script compile, module evaluation, wasm compile, tasks), each
 * in ms; then the medians over the runs.
 *
 *   npm run build && node bench/cold-start-trace.mjs [runs=5] [distDir=dist] [--save=trace.json] [--names] [--no-profile]
 *
 * --no-profile: no sampled CPU profile (the profiler re-parses scripts for their source positions:
 * with it, a large script's cost looks larger than it is).
 * --names: the app is built without minification, so that the profile names quickbox's functions
 * (its parse and compile figures are then a little higher). Requests are those to the app's server.
 */
import { chromium } from "@playwright/test";
import { existsSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { buildApp, CHROMIUM_ARGS, CHROMIUM_PATH } from "./cold-start/app.mjs";

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5);
const repo = fileURLToPath(new URL("..", import.meta.url));
const distArg = args.find((arg) => !/^\d+$/.test(arg) && !arg.startsWith("--")) ?? "dist";
const distDir = fileURLToPath(new URL(distArg, `file://${repo}`)).replace(/\/$/, "");
const savePath = args.find((arg) => arg.startsWith("--save="))?.slice("--save=".length);
if (!existsSync(`${distDir}/index.js`)) throw new Error(`no build at ${distDir}: run npm run build`);

const profiling = !args.includes("--no-profile");
const CATEGORIES = ["devtools.timeline", "v8", "v8.execute", "v8.wasm", "disabled-by-default-v8.compile", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading", "toplevel", ...(profiling ? ["disabled-by-default-v8.cpu_profiler"] : [])];

/** The complete slices ("X", or "B"/"E" pairs) of one thread, with their start and duration in µs. */
function slicesOf(events, pid, tid) {
  const slices = [];
  const open = [];
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid) continue;
    if (event.ph === "X") slices.push({ name: event.name, ts: event.ts, dur: event.dur ?? 0, args: event.args });
    else if (event.ph === "B") open.push(event);
    else if (event.ph === "E") {
      const begin = open.pop();
      if (begin) slices.push({ name: begin.name, ts: begin.ts, dur: event.ts - begin.ts, args: begin.args });
    }
  }
  return slices.sort((a, b) => a.ts - b.ts);
}

/** Total µs of the slices named `name` that are not inside another slice of the same name. */
function outermostTotal(slices, names) {
  let total = 0;
  let end = -Infinity;
  for (const slice of slices) {
    if (!names.includes(slice.name) || slice.ts < end) continue;
    total += slice.dur;
    end = slice.ts + slice.dur;
  }
  return total;
}

function urlOf(slice) {
  const data = slice.args?.data ?? slice.args ?? {};
  return String(data.url ?? data.fileName ?? data.scriptName ?? "");
}

/**
 * The sampled CPU profile (v8.cpu_profiler's ProfileChunk events) of the thread `tid`: ms of self
 * time per function (name and file), and ms of total time of the frames whose name matches `inclusive`.
 */
function profileOf(events, pid, tid) {
  const nodes = new Map();
  const selfUs = new Map();
  const totalUs = new Map();
  // A thread's chunks come from the profiler's own thread, tied to the thread's "Profile" event by id.
  const ids = new Set(events.filter((e) => e.name === "Profile" && e.pid === pid && e.tid === tid).map((e) => e.id));
  for (const event of events.filter((e) => e.name === "ProfileChunk" && e.pid === pid && ids.has(e.id))) {
    const data = event.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const us = Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0);
      const label = (node) => `${node.callFrame.functionName || "(anonymous)"} ${String(node.callFrame.url ?? "").replace(/^.*\//, "")}`.trim();
      let node = nodes.get(samples[i]);
      if (!node) continue;
      selfUs.set(label(node), (selfUs.get(label(node)) ?? 0) + us);
      const seen = new Set();
      for (; node; node = nodes.get(node.parent)) {
        const name = label(node);
        if (seen.has(name)) continue;
        seen.add(name);
        totalUs.set(name, (totalUs.get(name) ?? 0) + us);
      }
    }
  }
  const topOf = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, us]) => `${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  return { self: topOf(selfUs, 25), total: topOf(totalUs, 40) };
}

/** A thread's slices of ≥ 3 ms (the generic task wrappers left out), as "start+duration name url". */
function top(slices, at) {
  return slices
    .filter((s) => s.dur >= 3000 && s.name !== "ThreadControllerImpl::RunTask" && s.name !== "RunTask")
    .slice(0, 40)
    .map((s) => `${at(s.ts).toFixed(1)}+${(s.dur / 1000).toFixed(1)} ${s.name}${urlOf(s) ? ` ${urlOf(s).replace(/^.*\//, "")}` : ""}`);
}

/** The figures of one trace, in ms from the page's module start (the console line's own clock). */
function breakdown(trace, figures, origin) {
  const events = trace.traceEvents;
  const threadNames = new Map(events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const navigation = events.find((e) => e.name === "navigationStart" || e.name === "NavigationTiming::navigationStart" || e.name === "MarkDOMContent");
  const workerKey = [...threadNames].find(([, name]) => /DedicatedWorker/i.test(name))?.[0];
  // The page's main thread: the renderer's main thread in the worker's process.
  const mainKey = [...threadNames].find(([key, name]) => name === "CrRendererMain" && key.split(":")[0] === workerKey?.split(":")[0])?.[0];
  if (!workerKey || !mainKey) throw new Error(`threads not found: ${[...threadNames.values()].join(", ")}`);
  const [mainPid, mainTid] = mainKey.split(":").map(Number);
  const [workerPid, workerTid] = workerKey.split(":").map(Number);
  const main = slicesOf(events, mainPid, mainTid);
  const worker = slicesOf(events, workerPid, workerTid);
  // The page module's evaluation: its start is the page's moduleStartMs.
  const pageModule = main.find((s) => s.name === "v8.evaluateModule" || (s.name === "EvaluateScript" && /quickbox/.test(urlOf(s))));
  const zero = pageModule?.ts ?? navigation?.ts ?? main[0].ts;
  const ms = (us) => us / 1000;
  const at = (us) => ms(us - zero);
  const network = {};
  for (const event of events.filter((e) => e.pid === mainPid && (e.name === "ResourceSendRequest" || e.name === "ResourceFinish"))) {
    const data = event.args?.data ?? {};
    const entry = (network[data.requestId] ??= {});
    if (event.name === "ResourceSendRequest") Object.assign(entry, { url: data.url, sent: at(event.ts) });
    if (event.name === "ResourceFinish") entry.finished = at(event.ts);
  }
  const resource = (pattern) => Object.values(network).find((entry) => pattern.test(entry.url ?? "")) ?? {};
  const workerScript = resource(/\/worker[^/]*\.m?js/);
  const wasm = resource(/\.wasm/);
  const workerStart = worker[0]?.ts;
  const compileNames = ["v8.compileModule", "v8.compile", "V8.CompileCode", "v8.parseOnBackground"];
  return {
    firstResultMs: figures.firstResultMs,
    createMs: figures.createMs,
    workerScriptRequestedMs: workerScript.sent,
    workerScriptArrivedMs: workerScript.finished,
    wasmRequestedMs: wasm.sent,
    wasmArrivedMs: wasm.finished,
    workerThreadFirstEventMs: workerStart === undefined ? undefined : at(workerStart),
    workerScriptCompileMs: ms(outermostTotal(worker, compileNames)),
    workerModuleEvaluateMs: ms(outermostTotal(worker, ["v8.evaluateModule"])),
    workerTasksMs: ms(outermostTotal(worker, ["ThreadControllerImpl::RunTask", "RunTask"])),
    workerWasmMs: ms(outermostTotal(worker, ["v8.wasm.compileLazy", "wasm.CompileLazy", "v8.wasm.instantiate", "wasm.InstantiateModule"])),
    workerGcMs: ms(outermostTotal(worker, ["MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC"])),
    mainTasksAfterModuleStartMs: ms(outermostTotal(main.filter((s) => s.ts >= zero), ["ThreadControllerImpl::RunTask", "RunTask"])),
    mainWasmCompileMs: ms(outermostTotal(main, ["v8.wasm.streamFromResponseCallback", "v8.wasm.compile", "wasm.SyncCompile", "v8.wasm.finishedStreaming"])),
    workerBusyLastMs: worker.length ? at(Math.max(...worker.map((s) => s.ts + s.dur))) : undefined,
    workerTop: top(worker, at),
    workerProfile: profileOf(events, workerPid, workerTid),
    mainProfile: profileOf(events, mainPid, mainTid),
    mainTop: top(main.filter((s) => s.ts >= zero - 50_000), at),
    others: Object.values(network).filter((entry) => !entry.url?.startsWith(origin)).length,
    network: Object.values(network).filter((entry) => entry.url?.startsWith(origin)).map((entry) => `${entry.sent?.toFixed(1)}→${entry.finished?.toFixed(1)} ${String(entry.url).replace(/^.*\//, "")}`),
  };
}

const server = await buildApp(repo, distDir, 0, { minify: !args.includes("--names") });
const url = `${server.resolvedUrls.local[0]}quickbox.html`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows = [];
const loadBefore = loadavg();
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await browser.startTracing(tab, { categories: CATEGORIES });
    const logged = tab.waitForEvent("console", { predicate: (message) => message.text().startsWith("coldStart "), timeout: 30_000 });
    await tab.goto(url);
    const figures = JSON.parse((await logged).text().slice("coldStart ".length));
    const buffer = await browser.stopTracing();
    if (savePath && run === 0) writeFileSync(savePath, buffer);
    rows.push(breakdown(JSON.parse(buffer.toString()), figures, new URL(url).origin));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const loadAfter = loadavg();
console.log(`cold page traced, ${runs} runs (${distDir}); load average ${loadBefore.map((l) => l.toFixed(1)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(1)).join(" ")} after`);
console.log("ms from the page's module start (…At) or spent (…Ms):");
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const key of Object.keys(rows[0]).filter((key) => !["workerTop", "mainTop", "network", "workerProfile", "mainProfile"].includes(key))) {
  const values = rows.map((row) => row[key]).filter((value) => typeof value === "number");
  if (values.length) console.log(`  ${key.padEnd(30)} median ${median(values).toFixed(1).padStart(7)}   runs ${values.map((v) => v.toFixed(0)).join(" ")}`);
}
for (const [key, title] of [["network", "requests (sent→finished ms)"], ["mainTop", "the page's main thread, slices ≥ 3 ms (start+duration ms)"], ["workerTop", "the engine worker's thread, slices ≥ 3 ms (start+duration ms)"]]) {
  console.log(`${title}, first run:`);
  for (const line of rows[0][key]) console.log(`  ${line}`);
}
for (const [key, title] of profiling ? [["mainProfile", "the page's main thread"], ["workerProfile", "the engine worker's thread"]] : []) {
  console.log(`${title}, sampled CPU profile of the first run: self time`);
  for (const line of rows[0][key].self) console.log(`  ${line}`);
  console.log(`${title}: total time (the function and what it called)`);
  for (const line of rows[0][key].total) console.log(`  ${line}`);
}
