// New interpreters in Node (issue 16, "boot the base image once"): createInterpreter() with the
// default isolation (a worker_thread) plus the first eval("1+1"), then dispose. The first one in a
// process builds the base image; later ones start from the image the first worker handed to the host.
// Prints medians; QB_DIST=/path/to/dist/index.js measures another build.
// Run: npm run build && node bench/create.mjs [samples=10]
import { pathToFileURL } from "node:url";

const dist = process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href;
const { createInterpreter } = await import(dist);
const samples = Number(process.argv[2] ?? 10);
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function once() {
  const started = performance.now();
  const qb = await createInterpreter({ isolation: "worker" });
  const result = await qb.eval("1+1");
  const elapsedMs = performance.now() - started;
  await qb.dispose();
  if (result.value !== 2) throw new Error(`unexpected result ${result.text}`);
  return elapsedMs;
}

const firstMs = await once();
const laterMs = [];
for (let i = 0; i < samples; i++) laterMs.push(await once());
console.log(`dist: ${dist}`);
console.log(`first worker interpreter in the process (builds the base image): ${firstMs.toFixed(0)} ms`);
console.log(`later ones, median of ${samples} (min–max): ${median(laterMs).toFixed(0)} ms (${Math.min(...laterMs).toFixed(0)}–${Math.max(...laterMs).toFixed(0)})`);
