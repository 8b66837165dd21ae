// Console cost (issue 15): 200,000 console.log calls in one cell, against the same loop without
// logging. Past maxResultChars (4000) nothing more is stored; the cost is what each call pays to
// be counted. Inline isolation, so the process's CPU time is the guest's. Prints medians of CPU
// time (process.cpuUsage, user + system) and wall time; writes bench/results/console.json.
// Run: npm run build && node bench/console.mjs   (QB_DIST=/path/to/dist/index.js to compare builds)
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const dist = process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href;
const { createInterpreter } = await import(dist);
const SAMPLES = Number(process.env.CONSOLE_SAMPLES ?? 15);
const CALLS = 200_000;

const loop = (body) => `for (let i = 0; i < ${CALLS}; i++) { ${body} } 1`;
const cases = [
  { name: "loop, no logging", code: loop("") },
  { name: "console.log(i)", code: loop("console.log(i);") },
  { name: "console.log('line ' + i)", code: loop("console.log('line ' + i);") },
  { name: "console.log('line', i)", code: loop("console.log('line', i);") },
  { name: "console.log({ i })", code: loop("console.log({ i });") },
  { name: "console.log('%d items', i)", code: loop("console.log('%d items', i);") },
  { name: "console.error(i)", code: loop("console.error(i);") },
];

const qb = await createInterpreter({ isolation: "inline", timeoutMs: 60_000 });
await qb.eval("1");
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const { name, code } of cases) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < SAMPLES + 2; i++) {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const result = await qb.eval(code);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuBefore);
    if (result.status !== "ok" || result.value !== 1) throw new Error(`${name}: ${result.text.slice(0, 300)}`);
    if (i < 2) continue; // warm-up
    cpu.push((used.user + used.system) / 1000);
    wall.push(elapsed);
  }
  rows.push({ name, cpuMs: median(cpu), minCpuMs: Math.min(...cpu), wallMs: median(wall) });
}
await qb.dispose();

const base = rows[0].cpuMs;
console.log(`\nconsole cost: ${CALLS.toLocaleString("en-US")} calls per cell, inline — Node ${process.version}, ${new Date().toISOString()}`);
console.log(`${"cell".padEnd(30)}  ${"CPU ms (median)".padStart(15)}  ${"CPU ms (min)".padStart(12)}  ${"wall ms".padStart(8)}  ${"µs per call".padStart(11)}`);
for (const row of rows) {
  const perCall = row === rows[0] ? "-" : (((row.cpuMs - base) * 1000) / CALLS).toFixed(2);
  console.log(`${row.name.padEnd(30)}  ${row.cpuMs.toFixed(0).padStart(15)}  ${row.minCpuMs.toFixed(0).padStart(12)}  ${row.wallMs.toFixed(0).padStart(8)}  ${perCall.padStart(11)}`);
}
console.log("target: every row under 500 ms of CPU (timeoutMs: 500 must hold 200,000 calls)");
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/console.json", import.meta.url), JSON.stringify({ node: process.version, date: new Date().toISOString(), calls: CALLS, rows }, null, 2));
