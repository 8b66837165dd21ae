#!/usr/bin/env node
// `npm test`: every test, with independent steps side by side where they do not compete for the
// same thing (on 2 cores the unit tests alone use about 1.3 cores: they mostly wait on workers,
// processes, servers and Chromium).
//   1. the consumer apps' own tools are installed (npm ci into e2e/consumers, when stale) in the background;
//   2. typecheck and build, side by side;
//   3. the unit tests (vitest: Node and Chromium), alone: their budgets are the ones a loaded machine tests;
//   4. Playwright e2e and the consumer apps, side by side (the consumers' output is printed when they end).
// (Tried 2026-11-26: the consumer apps and e2e beside the unit tests cut a quiet run from ~907 to ~750 s, but at
// load 8-9 a `wrangler dev` consumer hung and engine workers missed the watchdog's heartbeat: not kept.)
// Exits non-zero if any step fails; every step runs to its end even when another failed, so one run says
// everything that is wrong. QUICKBOX_TEST_SERIAL=1 runs the steps one after another instead.
import { spawn } from "node:child_process";

const serial = process.env.QUICKBOX_TEST_SERIAL === "1";
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const timings = [];

/** Runs a command; `buffered`: its output is held and printed, headed, when it ends. */
function run(label, command, args, { buffered = false, env = {} } = {}) {
  const since = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    const chunks = [];
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => chunks.push(chunk));
    const finish = (code, why) => {
      timings.push({ label, seconds: seconds(since), ok: code === 0 });
      if (buffered) {
        process.stdout.write(`\n──── ${label} (${seconds(since)} s, ${code === 0 ? "passed" : `FAILED: ${why}`}) ────\n`);
        process.stdout.write(Buffer.concat(chunks));
      } else if (code !== 0) console.error(`\n${label} FAILED: ${why}`);
      resolve(code === 0);
    };
    child.on("error", (error) => finish(1, error.message));
    child.on("close", (code, signal) => finish(code ?? 1, signal ? `killed by ${signal}` : `exit code ${code}`));
  });
}

const npm = (script, options) => run(`npm run ${script}`, "npm", ["run", "--silent", script], options);
async function together(...steps) {
  if (!serial) return Promise.all(steps.map((step) => step()));
  const outcomes = [];
  for (const step of steps) outcomes.push(await step());
  return outcomes;
}

const consumerTools = serial ? Promise.resolve(true) : run("consumer tools (npm ci in e2e/consumers when stale)", "node", ["e2e/consumers/install-tools.mjs"], { buffered: true });
const results = [];
results.push(...(await together(() => npm("typecheck", { buffered: !serial }), () => npm("build", { buffered: !serial }))));
if (results.every(Boolean)) {
  results.push(await npm("test:unit"));
  results.push(await consumerTools);
  results.push(...(await together(() => npm("test:e2e"), () => npm("test:consumers", { buffered: !serial }))));
} else {
  results.push(await consumerTools);
  console.error("typecheck or build failed: the tests were not run");
}

console.log(`\nnpm test: ${seconds(started)} s`);
for (const step of timings) console.log(`  ${step.ok ? "✓" : "✗"} ${step.label}: ${step.seconds} s`);
process.exitCode = results.every(Boolean) ? 0 : 1;
