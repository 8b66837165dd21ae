// Sampling for the peer benchmark: warm up, then take samples until either the sample count or
// the time budget is reached (slow systems get fewer samples, never fewer than minSamples).
// `measured: true`: fn returns its own duration in ms (set-up and tear-down left out).

export async function sample(fn, { warmup = 10, samples = 500, minSamples = 10, budgetMs = 2000, measured = false } = {}) {
  const warmStart = performance.now();
  for (let i = 0; i < warmup; i++) {
    await fn();
    if (performance.now() - warmStart > budgetMs / 2 && i >= 1) break;
  }
  const times = [];
  const start = performance.now();
  while (times.length < samples && (times.length < minSamples || performance.now() - start < budgetMs)) {
    const t0 = performance.now();
    const own = await fn();
    times.push(measured ? own : performance.now() - t0);
  }
  return summarize(times);
}

export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { medianMs: at(0.5), p10Ms: at(0.1), p90Ms: at(0.9), samples: sorted.length };
}

export const median = (values) => summarize(values).medianMs;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Forces a full GC when the process was started with --expose-gc (probe.mjs is). */
export async function settle() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await sleep(50);
  }
}
