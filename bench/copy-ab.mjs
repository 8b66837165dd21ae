// node bench/copy-ab.mjs <baseRoot> <newRoot> [budgetMs]: an A/B of two builds' value copy (an eval's
// result copied for the host, src/guest/bounded-copy.ts), inline, interleaved in one process. A root is a
// checkout (or a folder with its package.json, node_modules and a built dist/). Each program is evaluated
// warm, on one thread per build, every round in a shuffled order; medians per build and program, and the
// ratio new / base. The programs build their value in the eval, so each row is the eval's whole cost:
// the value's making (the same on both sides), its rendering and its copy.
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { summarize } from "./peers/sample.mjs";

const [baseArg, newArg, budgetStr = "20000"] = process.argv.slice(2);
if (!baseArg || !newArg) throw new Error("usage: node bench/copy-ab.mjs <baseRoot> <newRoot> [budgetMs]");

const PROGRAMS = {
  "warm eval 1+1": "1+1",
  "small object": "({ a: 1, b: [2, 3], c: 'text', d: { e: null } })",
  "class instances ×50": "class P { constructor(i) { this.id = i; this.name = 'p' + i; } } Array.from({ length: 50 }, (_, i) => new P(i))",
  "Map, Set, Date, RegExp, bytes": "({ m: new Map([[1, { a: 1 }], ['k', [1, 2]]]), s: new Set([1, 'x']), d: new Date(0), r: /a+/gi, u: new Uint8Array(64), n: new Number(3) })",
  "1,000 numbers": "Array.from({ length: 1000 }, (_, i) => i * 1.5)",
  "2,000 records": "Array.from({ length: 2000 }, (_, i) => ({ id: i, name: 'item ' + i, tags: ['a', 'b'] }))",
  "sparse array": "const a = []; for (let i = 0; i < 3000; i += 3) a[i] = i; a",
  "5,000 repeats of a long string": "const s = 'x'.repeat(200); Array.from({ length: 5000 }, () => s)",
};

const open = async (root) => {
  const { createInterpreter } = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
  const qb = await createInterpreter({ isolation: "inline" });
  await qb.eval("1");
  return qb;
};
const builds = { base: await open(baseArg), new: await open(newArg) };
const names = Object.keys(PROGRAMS);
const tasks = [];
for (const [build, qb] of Object.entries(builds)) {
  for (const name of names) {
    const threadId = `${build}:${name}`;
    tasks.push({ build, name, run: () => qb.eval(PROGRAMS[name], { threadId }) });
  }
}
// Warm-up, and a check that both builds copy every program (a value, no note).
for (let round = 0; round < 5; round++) {
  for (const task of tasks) {
    const result = await task.run();
    if (result.status !== "ok" || result.value === undefined) throw new Error(`${task.build} ${task.name}: ${result.status} ${result.text.slice(0, 200)} ${result.warnings ?? ""}`);
  }
}
const times = new Map(tasks.map((task) => [task, []]));
const load0 = loadavg()[0];
const start = performance.now();
let rounds = 0;
while (performance.now() - start < Number(budgetStr)) {
  for (const task of [...tasks].sort(() => Math.random() - 0.5)) {
    const t0 = performance.now();
    await task.run();
    times.get(task).push(performance.now() - t0);
  }
  rounds++;
}
console.log(`load ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}; ${rounds} rounds; medians (ms), base ${baseArg} vs new ${newArg}`);
for (const name of names) {
  const median = (build) => summarize(times.get(tasks.find((task) => task.build === build && task.name === name))).medianMs;
  const [a, b] = [median("base"), median("new")];
  console.log(`${name.padEnd(34)} base ${a.toFixed(3).padStart(8)}  new ${b.toFixed(3).padStart(8)}  new/base ${(b / a).toFixed(3)}`);
}
for (const qb of Object.values(builds)) await qb.dispose();
