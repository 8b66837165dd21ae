// What a thread's first use of a part of the prelude loaded on demand costs (issue 30; src/chunk-bridge-protocol.ts):
// a new thread's first eval of a program that touches nothing, the web platform (URL), the
// inspector (an object result) or both; and a warm thread's eval of the same, for comparison.
// Medians over fresh threads, quickbox inline; and the RSS per idle thread (100 threads) that ran each
// program once (measure one program per process for that: FIRST_USE_PROGRAM=0..3, else the threads
// of one program reuse the memory the previous program's threads left). Run: node --expose-gc bench/first-use.mjs
// (QB_DIST=/path/to/dist/index.js for another build: a before/after in one sitting).
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { sample } from "./stats.mjs";
const { createInterpreter } = await import(process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href);

const PROGRAMS = {
  "primitive result": "1 + 1",
  "web platform (new URL)": "new URL('http://h/a?b=1').search",
  "inspector (object result)": "({ a: 1, b: [2, 3] })",
  "both (console.log of a URL)": "console.log(new URL('http://h/a')); 1",
};

const qb = await createInterpreter({ isolation: "inline", maxLiveThreads: 1000 });
await qb.eval("1");
let thread = 0;
console.log(`load average before ${loadavg().map((n) => n.toFixed(2)).join(" ")}; ${process.env.QB_DIST ?? "this build"}`);
const only = process.env.FIRST_USE_PROGRAM;
for (const [name, code] of Object.entries(PROGRAMS).filter((_, index) => only === undefined || String(index) === only)) {
  const fresh = await sample(async () => {
    const id = `f${thread++}`;
    const result = await qb.eval(code, { threadId: id });
    if (result.status !== "ok") throw new Error(result.text);
    await qb.reset(id);
  }, { samples: 40, warmup: 5 });
  const warmId = `w${thread++}`;
  await qb.eval(code, { threadId: warmId });
  const warm = await sample(() => qb.eval(code, { threadId: warmId }), { samples: 200, warmup: 20 });
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const ids = Array.from({ length: 100 }, () => `r${thread++}`);
  for (const id of ids) await qb.eval(code, { threadId: id });
  globalThis.gc?.();
  const rssPerThreadKB = (process.memoryUsage().rss - rssBefore) / 100 / 1024;
  for (const id of ids) await qb.reset(id);
  console.log(`${name.padEnd(30)} new thread + first eval ${fresh.medianMs.toFixed(2)} ms; warm eval ${warm.medianMs.toFixed(2)} ms; RSS per idle thread ${rssPerThreadKB.toFixed(0)} KB`);
}
console.log(`load average after ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
await qb.dispose();
