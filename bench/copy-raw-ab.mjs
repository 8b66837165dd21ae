// node bench/copy-raw-ab.mjs <baseRef> [budgetMs]: the guest's value copy alone (copyValue, src/guest/), a base
// commit's against this tree's, in raw quickjs-emscripten (the release build quickbox runs): each side's
// copyValue bundled with vite, evaluated into its own context, the same values made in both; every round
// copies each value on each side in a shuffled order, timed by the process's CPU time. Medians and minimums
// of the CPU µs per copy. The copies' texts are checked equal first. No rendering, no host: the copy's own cost.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import RELEASE_SYNC from "@jitl/quickjs-wasmfile-release-sync";

const [baseRef, budgetStr = "30000"] = process.argv.slice(2);
if (!baseRef) throw new Error("usage: node bench/copy-raw-ab.mjs <baseRef> [budgetMs]");
const root = resolve(import.meta.dirname, "..");

/** copyValue of the tree at `dir` as one script that sets globalThis.__copy. */
async function bundleCopy(dir) {
  const module = existsSync(join(dir, "src/guest/result-copy.ts")) ? "./src/guest/result-copy.ts" : "./src/guest/render.ts";
  const entry = join(dir, "copy-bench-entry.ts");
  writeFileSync(entry, `import { copyValue } from "${module}";\n(globalThis as { __copy?: unknown }).__copy = copyValue;\n`);
  try {
    const result = await build({ configFile: false, logLevel: "warn", root: dir, build: { write: false, minify: true, target: "es2023", lib: { entry, formats: ["iife"], name: "__copyBench" } } });
    return (Array.isArray(result) ? result[0] : result).output[0].code;
  } finally {
    rmSync(entry);
  }
}

const baseDir = mkdtempSync(join(tmpdir(), "copy-raw-ab-"));
execFileSync("sh", ["-c", `git -C "${root}" archive "${baseRef}" src package.json | tar -x -C "${baseDir}"`]);
symlinkSync(join(root, "node_modules"), join(baseDir, "node_modules"));
const scripts = { base: await bundleCopy(baseDir), new: await bundleCopy(root) };
rmSync(baseDir, { recursive: true });

/** Each value: how it is made, and how many copies one timed sample makes (~5–20 ms each). */
const VALUES = {
  "small object": ["({ a: 1, b: [2, 3], c: 'text', d: { e: null } })", 100],
  "object of 10 keys": ["({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10 })", 100],
  "class instances ×50": ["(() => { class P { constructor(i) { this.id = i; this.name = 'p' + i; } } return Array.from({ length: 50 }, (_, i) => new P(i)); })()", 5],
  "Map, Set, Date, RegExp, bytes": ["({ m: new Map([[1, { a: 1 }], ['k', [1, 2]]]), s: new Set([1, 'x']), d: new Date(0), r: /a+/gi, u: new Uint8Array(64), n: new Number(3) })", 30],
  "1,000 numbers": ["Array.from({ length: 1000 }, (_, i) => i * 1.5)", 3],
  "200 records": ["Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'item ' + i, tags: ['a', 'b'] }))", 1],
  "sparse array": ["(() => { const a = []; for (let i = 0; i < 3000; i += 3) a[i] = i; return a; })()", 2],
  "5,000 repeats of a long string": ["(() => { const s = 'x'.repeat(200); return Array.from({ length: 5000 }, () => s); })()", 5],
};

const quickjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
const evaluate = (context, code) => {
  const handle = context.unwrapResult(context.evalCode(code));
  const value = context.dump(handle);
  handle.dispose();
  return value;
};
const tasks = [];
const texts = {};
for (const [side, script] of Object.entries(scripts)) {
  const context = quickjs.newContext();
  evaluate(context, script + ";0");
  for (const [name, [make, copies]] of Object.entries(VALUES)) {
    const key = JSON.stringify(name);
    evaluate(context, `globalThis[${key}] = ${make}; 0`);
    (texts[name] ??= []).push(evaluate(context, `JSON.stringify(__copy(globalThis[${key}], 1e7))`));
    const code = `for (let i = 0; i < ${copies}; i++) __copy(globalThis[${key}], 1e7); 0`;
    tasks.push({ side, name, copies, run: () => evaluate(context, code), samples: [] });
  }
}
for (const [name, [a, b]] of Object.entries(texts)) if (a !== b) throw new Error(`${name}: the two copies differ`);

for (const task of tasks) task.run();
const load = loadavg()[0];
const start = performance.now();
let rounds = 0;
while (performance.now() - start < Number(budgetStr)) {
  for (const task of [...tasks].sort(() => Math.random() - 0.5)) {
    const before = process.cpuUsage();
    task.run();
    const used = process.cpuUsage(before);
    task.samples.push((used.user + used.system) / task.copies);
  }
  rounds++;
}
const stats = (side, name) => {
  const sorted = tasks.find((task) => task.side === side && task.name === name).samples.sort((x, y) => x - y);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0] };
};
console.log(`load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}; ${rounds} rounds; CPU µs per copy, base ${baseRef} vs this tree`);
for (const name of Object.keys(VALUES)) {
  const [a, b] = [stats("base", name), stats("new", name)];
  console.log(`${name.padEnd(32)} median ${a.median.toFixed(1).padStart(8)} → ${b.median.toFixed(1).padStart(8)} (${(b.median / a.median).toFixed(3)})   min ${a.min.toFixed(1).padStart(8)} → ${b.min.toFixed(1).padStart(8)} (${(b.min / a.min).toFixed(3)})`);
}
