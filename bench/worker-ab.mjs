// node bench/worker-ab.mjs <baseRoot> <newRoot> [budgetMs]: an A/B of two builds' worker hot path in one process.
// A root is a checkout (or a folder with its package.json, node_modules and a built dist/). Interleaved: raw
// quickjs-emscripten eval and async host call, a MessagePort echo round trip, and two interpreters (isolation
// "worker") of each build (A1 B1 A2 B2, created alternately), each a warm eval("1+1") and one tool call; every
// sample in a shuffled order. Medians per interpreter, so the spread within one build shows beside the A/B
// difference; ratios as DESIGN §8's (÷ raw + one round trip), and the floor of a tool call (two round trips).
import { Worker, MessageChannel } from "node:worker_threads";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { SYSTEMS } from "./peers/systems.mjs";
import { summarize } from "./peers/sample.mjs";
const [baseArg, newArg, budgetStr = "8000"] = process.argv.slice(2);
const [baseRoot, newRoot] = [resolve(baseArg), resolve(newArg)];
const one = "1+1", tool1 = "(async () => Number(await tools.noop({ i: 7 })))()";
const raw = await (await SYSTEMS.raw.create({})).open();
const make = async (root) => { process.env.QB_DIST = root + "/dist/index.js"; const s = await SYSTEMS.quickboxWorker.create({}); return { s, t: await s.open() }; };
const qbs = { A1: await make(baseRoot), B1: await make(newRoot), A2: await make(baseRoot), B2: await make(newRoot) };
const echo = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.once('message', (port) => port.on('message', (m) => port.postMessage(m)));", { eval: true });
const { port1, port2 } = new MessageChannel();
echo.postMessage(port2, [port2]);
const roundTrip = () => new Promise((resolve) => { port1.once("message", resolve); port1.postMessage({ t: "ping", id: 1 }); });
const check = async (s, expr, want) => { const v = await s.run({ expr, async: expr !== one }); if (v !== want) throw new Error(`got ${v}`); };
const fns = { rawEval: () => check(raw, one, 2), rawTool: () => check(raw, tool1, 7), trip: roundTrip };
for (const [k, q] of Object.entries(qbs)) { fns[`${k}eval`] = () => check(q.t, one, 2); fns[`${k}tool`] = () => check(q.t, tool1, 7); }
const names = Object.keys(fns);
for (let i = 0; i < 300; i++) for (const n of names) await fns[n]();
const times = Object.fromEntries(names.map((n) => [n, []]));
const load0 = loadavg()[0]; const start = performance.now();
const order = [...names];
while (performance.now() - start < Number(budgetStr)) for (const n of order.sort(() => Math.random() - 0.5)) { const t0 = performance.now(); await fns[n](); times[n].push(performance.now() - t0); }
const m = Object.fromEntries(names.map((n) => [n, summarize(times[n]).medianMs * 1000]));
const f = (x) => x.toFixed(1);
console.log(`load ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}; ${times.rawEval.length} samples each; medians µs: ` + names.map((n) => `${n} ${f(m[n])}`).join(", "));
const ev = (k) => (m[`${k}eval`] / (m.rawEval + m.trip)).toFixed(2), tl = (k) => (m[`${k}tool`] / (m.rawTool + m.trip)).toFixed(2);
console.log(`warm eval ratio: base ${ev("A1")}/${ev("A2")}×, new ${ev("B1")}/${ev("B2")}×`);
console.log(`one tool ratio: base ${tl("A1")}/${tl("A2")}×, new ${tl("B1")}/${tl("B2")}×; floor 2 trips + rawTool = ${((2 * m.trip + m.rawTool) / (m.rawTool + m.trip)).toFixed(2)}×`);
await echo.terminate(); port1.close(); for (const q of Object.values(qbs)) await q.s.dispose();
