// progress() latency (issue 17): from the guest's progress(value) call to the host's onEvent.
// The guest clock is "real" (the host's Date.now(), whole milliseconds): the program waits for a
// millisecond edge, then calls progress(Date.now()), so the call happens within microseconds of
// that timestamp. The host reads its own clock at the event in the same scale (performance.now()
// calibrated against Date.now() at an edge), and the difference is the latency. Medians of
// PROGRESS_SAMPLES evals (one event each) per case; writes bench/results/progress.json.
// Run: npm run build && node bench/progress.mjs   (QB_DIST=/path/to/dist/index.js to compare builds)
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const dist = process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href;
const { createInterpreter } = await import(dist);
const SAMPLES = Number(process.env.PROGRESS_SAMPLES ?? 60);
const WARMUP = 5;
const COMPUTE_AFTER_MS = 30;

/**
 * performance.now() − Date.now(), read right at a Date.now() edge. A reading is only ever late
 * (the thread was descheduled at the edge), so the smallest of several is the offset.
 */
function clockOffset() {
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const start = Date.now();
    let now;
    while ((now = Date.now()) === start);
    best = Math.min(best, performance.now() - now);
  }
  return best;
}

const atEdge = "const edge = Date.now(); while (Date.now() === edge) {} progress(Date.now());";
const computeAfter = `const until = Date.now() + ${COMPUTE_AFTER_MS}; while (Date.now() < until) {}`;
const cases = [
  { name: "worker, program keeps computing after progress()", isolation: "worker", code: `${atEdge} ${computeAfter} 1` },
  { name: "worker, program ends after progress()", isolation: "worker", code: `${atEdge} 1` },
  { name: "inline, program ends after progress()", isolation: "inline", code: `${atEdge} 1` },
  { name: `inline, program computes ${COMPUTE_AFTER_MS} ms after progress()`, isolation: "inline", code: `${atEdge} ${computeAfter} 1` },
];

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const { name, isolation, code } of cases) {
  let offset = clockOffset();
  let latencies = [];
  let seen = 0;
  const qb = await createInterpreter({
    isolation,
    clock: "real",
    onEvent(event) {
      if (event.type !== "progress") return;
      latencies.push(performance.now() - offset - event.value);
      seen++;
    },
  });
  try {
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      if (i === WARMUP) latencies = [];
      if (i % 10 === 0) offset = clockOffset();
      const result = await qb.eval(code);
      if (result.status !== "ok") throw new Error(`${name}: ${result.text.slice(0, 300)}`);
    }
  } finally {
    await qb.dispose();
  }
  if (seen !== SAMPLES + WARMUP) throw new Error(`${name}: ${seen} events for ${SAMPLES + WARMUP} evals`);
  const sorted = latencies.slice().sort((a, b) => a - b);
  rows.push({ name, medianMs: median(latencies), p10Ms: sorted[Math.floor(0.1 * sorted.length)], p90Ms: sorted[Math.floor(0.9 * sorted.length)], samples: SAMPLES });
}

console.log(`\nprogress() → onEvent latency (median of ${SAMPLES} evals, ms; p10 – p90)`);
const width = Math.max(...rows.map((row) => row.name.length));
for (const row of rows) console.log(`${row.name.padEnd(width)}  ${row.medianMs.toFixed(3)}  (${row.p10Ms.toFixed(3)} – ${row.p90Ms.toFixed(3)})`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/progress.json", import.meta.url), JSON.stringify({ node: process.version, samples: SAMPLES, rows }, null, 2) + "\n");
