/**
 * Cold start in Chromium (DESIGN §8: `createInterpreter()` to the first result ≤ 250 ms): a page
 * built with vite against the package (dist/, as a user's app would get it) creates an interpreter
 * with the default isolation and evaluates "1+1". Each run is a fresh browser context (nothing
 * cached), then one reload in it (the HTTP cache warm). Baseline in the same run: a page that
 * fetches and compiles the same .wasm, starts QuickJS on its own thread and evaluates "1+1".
 *
 *   npm run build && node bench/cold-start.mjs [runs=15] [distDir=dist] [otherDistDir…]
 *
 * More than one distDir (another checkout's build, for a before/after figure): each gets its own
 * app and server, and the runs interleave them (run 1: first build, second build, raw; run 2: …),
 * so that the machine's load hits all of them alike. Each page logs its figures as a console line
 * (waiting for them with waitForFunction would evaluate Playwright's injected script, ~300 KB, on
 * the page's main thread while it starts).
 *
 * Prints medians (and min–max) of: module start (navigation to the page's module running),
 * createInterpreter(), and module start → first result. Writes bench/results/cold-start.json (the
 * first distDir's figures), which bench/peers.mjs reads for its DESIGN §8 table when it is of the
 * same build of dist/.
 */
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeBuildResults } from "./build-results.mjs";
import { buildApp, CHROMIUM_ARGS, CHROMIUM_PATH } from "./cold-start/app.mjs";
const LIMIT_MS = 250;

const runs = Number(process.argv[2] ?? 15);
const repo = fileURLToPath(new URL("..", import.meta.url));
const distDirs = (process.argv.length > 3 ? process.argv.slice(3) : ["dist"]).map((dir) => fileURLToPath(new URL(dir, `file://${repo}`)).replace(/\/$/, ""));
for (const distDir of distDirs) if (!existsSync(`${distDir}/index.js`)) throw new Error(`no build at ${distDir}: run npm run build`);
const distDir = distDirs[0];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) => `${median(values).toFixed(0).padStart(5)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

const servers = [];
for (const [index, dist] of distDirs.entries()) servers.push(await buildApp(repo, dist, index));
/** The pages measured in each run: quickbox on each build, then the raw page (from the first app). */
const pages = [...distDirs.map((dist, index) => ({ key: index === 0 ? "quickbox" : `quickbox#${index + 1}`, dist, url: `${servers[index].resolvedUrls.local[0]}quickbox.html` })), { key: "raw", url: `${servers[0].resolvedUrls.local[0]}raw.html` }];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = Object.fromEntries(pages.map((page) => [page.key, { cold: [], warm: [] }]));
const loadBefore = (await import("node:os")).loadavg();
try {
  for (let run = 0; run < runs; run++) {
    // Interleaved: the pages see the same machine load.
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      for (const phase of ["cold", "warm"]) {
        const logged = tab.waitForEvent("console", { predicate: (message) => message.text().startsWith("coldStart "), timeout: 30_000 });
        if (phase === "cold") await tab.goto(page.url);
        else await tab.reload();
        const figures = JSON.parse((await logged).text().slice("coldStart ".length));
        if (figures.text !== "<result>2</result>" && figures.text !== "2") throw new Error(`${page.key}: unexpected result ${figures.text}`);
        results[page.key][phase].push(figures);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
const loadAfter = (await import("node:os")).loadavg();

console.log(`cold start in Chromium, ${runs} runs each (median, min–max); load average ${loadBefore.map((l) => l.toFixed(1)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(1)).join(" ")} after`);
for (const page of pages) if (page.dist) console.log(`${page.key}: ${page.dist}`);
console.log("page        cache  module start        createInterpreter   module start → first result   × raw");
for (const phase of ["cold", "warm"]) {
  const rawFirst = median(results.raw[phase].map((r) => r.firstResultMs));
  for (const page of pages) {
    const rows = results[page.key][phase];
    const ratio = median(rows.map((r) => r.firstResultMs)) / rawFirst;
    console.log(`${page.key.padEnd(11)} ${phase.padEnd(6)} ${summary(rows.map((r) => r.moduleStartMs))}   ${summary(rows.map((r) => r.createMs))}   ${summary(rows.map((r) => r.firstResultMs))}          ${ratio.toFixed(2)}`);
  }
}
const coldFirst = median(results.quickbox.cold.map((r) => r.firstResultMs));
const rawColdFirst = median(results.raw.cold.map((r) => r.firstResultMs));
const met = coldFirst <= LIMIT_MS;
console.log(`target (DESIGN §8): createInterpreter() to first result ≤ ${LIMIT_MS} ms, cold (${distDir}): ${coldFirst.toFixed(0)} ms → ${met ? "met" : "NOT met"}`);
// Which build was measured (build-results.mjs): peers.mjs uses these figures only while dist/ is still this build.
writeBuildResults("cold-start", { runs, loadBefore, loadAfter, target: { limitMs: LIMIT_MS, coldFirstResultMs: coldFirst, rawColdFirstResultMs: rawColdFirst, met }, results }, distDir);
