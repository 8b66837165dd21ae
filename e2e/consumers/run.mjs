#!/usr/bin/env node
// Consumer-app tests (issue 16): quickbox from `npm pack`, installed into fresh apps outside the
// repository, built and run with real tools (vite, webpack, esbuild, Next.js, wrangler, Bun, Deno,
// Node, tsc) and driven in Debian's Chromium where there is a page.
//
//   node e2e/consumers/run.mjs              every setup
//   node e2e/consumers/run.mjs vite-dev bun  only these setups
//   CONSUMERS_JOBS=1 …                      setups at a time (default 2)
//
// Apps are laid out under $TMPDIR/quickbox-consumers/<repo hash>/ (kept after the run, with one
// <setup>.log of every command's output). Exits 1 if any setup fails.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeBrowser } from "./harness/browser.mjs";
import { consumersDir, ensureTools } from "./harness/deps.mjs";
import { installTarball, packQuickbox, repoDir } from "./harness/package-under-test.mjs";
import { distIsFresh } from "../../scripts/dist-freshness.mjs";
import { runSetup } from "./harness/run-setup.mjs";
import { stopAll } from "./harness/processes.mjs";
import { printReport } from "./harness/report.mjs";
import { expectNoOuterModules } from "./harness/workspace.mjs";
import { setups } from "./setups.mjs";

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !setups.some((setup) => setup.name === name));
if (unknown.length > 0) {
  console.error(`unknown setup(s): ${unknown.join(", ")}; known: ${setups.map((setup) => setup.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? setups.filter((setup) => wanted.includes(setup.name)) : setups;
const jobs = Number(process.env.CONSUMERS_JOBS ?? 2);

const workRoot = join(tmpdir(), "quickbox-consumers", createHash("sha256").update(repoDir).digest("hex").slice(0, 8));
expectNoOuterModules(workRoot);

const preparation = [];
async function timed(label, fn) {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    preparation.push({ label, seconds: (performance.now() - started) / 1000 });
  }
}

const suiteStarted = performance.now();
console.log(`consumer apps in ${workRoot}`);
// The previous run's apps are moved aside and deleted while this run prepares.
const previous = `${workRoot}.old-${process.pid}`;
if (existsSync(workRoot)) renameSync(workRoot, previous);
const removal = rm(previous, { recursive: true, force: true });
mkdirSync(workRoot, { recursive: true });
// The tools' install and the pack (which builds dist/) are independent: run them together.
const [toolsState, tarball] = await Promise.all([
  timed("consumer tools (npm ci if stale)", ensureTools),
  timed(distIsFresh() ? "npm pack (dist/ is fresh: no rebuild)" : "npm pack (prepack builds dist/)", () => packQuickbox(join(workRoot, "pack"))),
]);
preparation.find((step) => step.label.startsWith("consumer tools")).label += `: ${toolsState}`;
const quickbox = await timed("npm install <tarball> (once, copied into each app)", () =>
  installTarball(tarball, join(workRoot, "quickbox-install")),
);

const results = [];
const queue = [...selected];
// Setups of one `exclusiveGroup` never run at the same time (two `wrangler dev` share sockets).
const busyGroups = new Map();
async function worker() {
  for (;;) {
    const index = queue.findIndex((setup) => !setup.exclusiveGroup || !busyGroups.has(setup.exclusiveGroup));
    if (index < 0) {
      if (queue.length === 0) return;
      await Promise.race(busyGroups.values());
      continue;
    }
    const [setup] = queue.splice(index, 1);
    console.log(`… ${setup.name}`);
    const running = runSetup(setup, { workRoot, quickbox });
    if (setup.exclusiveGroup) busyGroups.set(setup.exclusiveGroup, running.then(() => busyGroups.delete(setup.exclusiveGroup)));
    const result = await running;
    console.log(`${result.ok ? "✓" : "✗"} ${setup.name} (${result.seconds.toFixed(1)} s)`);
    results.push(result);
  }
}
try {
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
} finally {
  await closeBrowser();
  await stopAll();
  await removal;
}

const ordered = selected.map((setup) => results.find((result) => result.name === setup.name));
printReport({ preparation, results: ordered, totalSeconds: (performance.now() - suiteStarted) / 1000, workRoot });
writeFileSync(join(workRoot, "results.json"), JSON.stringify({ consumersDir, preparation, results: ordered }, null, 2));
process.exitCode = ordered.every((result) => result.ok) ? 0 : 1;
