// Host benchmark (issue "Interpreter host"): the worker transport against in-thread baselines,
// in one run. Prints medians and ratios; writes bench/results/worker.json. Run: npm run bench
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import RELEASE_SYNC from "@jitl/quickjs-wasmfile-release-sync";
import { printTable, sample } from "./stats.mjs";
// QB_DIST=/path/to/dist/index.js measures another build (a before/after in one sitting).
const { createInterpreter } = await import(process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href);

const require = createRequire(import.meta.url);
const wasmModule = await WebAssembly.compile(readFileSync(require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm")));

// Baseline 1: raw quickjs-emscripten eval in this thread.
const rawContext = (await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }))).newContext();
const rawEval = () => {
  const handle = rawContext.unwrapResult(rawContext.evalCode("1+1"));
  rawContext.dump(handle);
  handle.dispose();
};

// Baseline 2: one raw MessagePort round trip to a worker thread that echoes.
const echo = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.once('message', (port) => port.on('message', (m) => port.postMessage(m)));", { eval: true });
const { port1, port2 } = new MessageChannel();
echo.postMessage(port2, [port2]);
const roundTrip = () => new Promise((resolve) => { port1.once("message", resolve); port1.postMessage({ t: "ping", id: 1 }); });

const rawEvalStats = await sample(rawEval, { samples: 3000, warmup: 300 });
const roundTripStats = await sample(roundTrip, { samples: 3000, warmup: 300 });
const baselineEval = { medianMs: rawEvalStats.medianMs + roundTripStats.medianMs };

const noop = { name: "noop", execute: (input) => input.i };
const worker = await createInterpreter({ isolation: "worker", wasmModule, tools: [noop], maxToolCalls: 256 });
const inline = await createInterpreter({ isolation: "inline", wasmModule, tools: [noop], maxToolCalls: 256 });
const FAN_OUT = "(await Promise.all(Array.from({ length: 256 }, (_, i) => tools.noop({ i })))).length";
await worker.eval("1"); await inline.eval("1");
let n = 0;
const newThread = (qb) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 10));
  const threadId = `t${n++}`;
  const start = performance.now();
  await qb.eval("1+1", { threadId });
  const elapsed = performance.now() - start;
  await qb.reset(threadId);
  return elapsed;
};

const rows = [
  { name: "raw in-thread eval 1+1", quickbox: rawEvalStats },
  { name: "raw MessagePort round trip", quickbox: roundTripStats },
  { name: "warm eval 1+1: worker vs (raw eval + 1 round trip)", quickbox: await sample(() => worker.eval("1+1"), { samples: 3000, warmup: 300 }), baseline: baselineEval, target: "≤ 1.5×" },
  { name: "warm eval 1+1: inline vs raw eval", quickbox: await sample(() => inline.eval("1+1"), { samples: 3000, warmup: 300 }), baseline: rawEvalStats },
  { name: "256 tool calls in Promise.all: worker vs inline", quickbox: await sample(() => worker.eval(FAN_OUT), { samples: 200 }), baseline: await sample(() => inline.eval(FAN_OUT), { samples: 200 }), target: "≤ 1.5×" },
  { name: "new thread + first eval (worker, spare ready)", quickbox: await sample(newThread(worker), { samples: 100, measured: true }), target: "≤ 2 ms" },
];
await worker.dispose(); await inline.dispose(); await echo.terminate(); port1.close();

printTable(`quickbox host: worker vs in-thread — Node ${process.version}, ${new Date().toISOString()}`, rows);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/worker.json", import.meta.url), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2));
