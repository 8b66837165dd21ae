/**
 * The edge's first result (issue 30): edge/example-worker.ts built with vite.edge.config.ts and run
 * in workerd (miniflare 4). Each sample is a fresh workerd: the time from the first request to its
 * reply (the isolate's first interpreter: createInterpreter + eval("1+1")), then a second thread in
 * the same isolate. `repo` measures another checkout's sources (e.g. an export of the base commit
 * with node_modules linked).
 *
 *   node bench/edge-first-result.mjs [samples=5] [repo=.]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const samples = Number(process.argv[2] ?? 5);
const repo = resolve(process.argv[3] ?? fileURLToPath(new URL("..", import.meta.url)));
const { module: workerd } = await runnerImport(join(repo, "edge/run-in-workerd.ts"), { root: repo, configFile: false, logLevel: "warn" });
const scratch = mkdtempSync(join(tmpdir(), "quickbox-edge-bench-"));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const bundle = await workerd.buildWorker({ entry: join(repo, "edge/example-worker.ts"), outDir: join(scratch, "example") });
  const bindings = { durableObjects: { THREADS: { className: "AgentThread" } }, kvNamespaces: ["SNAPSHOTS", "OUTBOX"] };
  const firstMs = [];
  const secondMs = [];
  const loadBefore = loadavg();
  for (let sample = 0; sample < samples; sample++) {
    const mf = workerd.startWorker(bundle, bindings);
    await mf.ready;
    for (const [thread, into] of [["t1", firstMs], ["t2", secondMs]]) {
      const started = performance.now();
      const response = await mf.dispatchFetch(`http://worker/threads/${thread}/eval`, { method: "POST", body: "1+1" });
      const reply = await response.json();
      into.push(performance.now() - started);
      if (reply.value !== 2) throw new Error(`unexpected reply ${JSON.stringify(reply).slice(0, 200)}`);
    }
    await mf.dispose();
  }
  const loadAfter = loadavg();
  console.log(`edge (workerd via miniflare), ${samples} fresh workerd processes (${repo}); load average ${loadBefore.map((l) => l.toFixed(1)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(1)).join(" ")} after`);
  console.log(`first request (the isolate's first interpreter + eval): median ${median(firstMs).toFixed(0)} ms (${firstMs.map((v) => v.toFixed(0)).join(" ")})`);
  console.log(`second thread in the same isolate: median ${median(secondMs).toFixed(0)} ms (${secondMs.map((v) => v.toFixed(0)).join(" ")})`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
