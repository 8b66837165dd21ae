// Small timing helpers shared by the benchmarks: warm up, sample, report medians.
/** `measured: true`: fn returns its own duration in ms (to leave set-up time out). */
export async function sample(fn, { warmup = 20, samples = 200, measured = false } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const times = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const own = await fn();
    times.push(measured ? own : performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { medianMs: at(0.5), p10Ms: at(0.1), p90Ms: at(0.9), samples };
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  const header = ["measurement", "quickbox (µs)", "baseline (µs)", "ratio", "target"];
  const lines = rows.map((row) => [
    row.name,
    (row.quickbox.medianMs * 1000).toFixed(1),
    row.baseline ? (row.baseline.medianMs * 1000).toFixed(1) : "-",
    row.baseline ? (row.quickbox.medianMs / row.baseline.medianMs).toFixed(2) + "×" : "-",
    row.target ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}
