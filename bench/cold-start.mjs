/**
 * Cold start in Chromium (DESIGN §8: `createInterpreter()` to the first result ≤ 300 ms): a page
 * built with vite against the package (dist/, as a user's app would get it) creates an interpreter
 * with the default isolation and evaluates "1+1". Each run is a fresh browser context (nothing
 * cached), then one reload in it (the HTTP cache warm). Baseline in the same run: a page that
 * fetches and compiles the same .wasm, starts QuickJS on its own thread and evaluates "1+1".
 *
 *   npm run build && node bench/cold-start.mjs [runs=15] [distDir=dist]
 *
 * Prints medians (and min–max) of: module start (navigation to the page's module running),
 * createInterpreter(), and module start → first result. Writes bench/results/cold-start.json,
 * which bench/peers.mjs reads for its DESIGN §8 table when it is of the same build of dist/.
 */
import { chromium } from "@playwright/test";
import { existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, preview } from "vite";
// As in vite.config.ts and TOOLCHAIN.md: Debian's Chromium, no background networking.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const runs = Number(process.argv[2] ?? 15);
const repo = fileURLToPath(new URL("..", import.meta.url));
const distDir = fileURLToPath(new URL(process.argv[3] ?? "dist", `file://${repo}`));
if (!existsSync(`${distDir}/index.js`)) throw new Error(`no build at ${distDir}: run npm run build`);
// Which build was measured: peers.mjs uses these figures only while dist/ is still this build.
const distBuiltMs = statSync(`${distDir}/index.js`).mtimeMs;

/** The app sees quickbox as an installed package whose files are distDir (package.json from the repo). */
async function buildApp() {
  const app = fileURLToPath(new URL("cold-start/", import.meta.url));
  const outDir = `${repo}test-results/cold-start-dist/`;
  const packageDir = `${repo}test-results/cold-start-package/`;
  rmSync(packageDir, { recursive: true, force: true });
  mkdirSync(packageDir, { recursive: true });
  // The package.json that goes with distDir (another checkout's build, for a before/after figure).
  const distPackageJson = fileURLToPath(new URL("../package.json", `file://${distDir}/`));
  symlinkSync(existsSync(distPackageJson) ? distPackageJson : `${repo}package.json`, `${packageDir}package.json`);
  symlinkSync(distDir, `${packageDir}dist`, "dir");
  symlinkSync(`${repo}node_modules`, `${packageDir}node_modules`, "dir");
  rmSync(`${app}node_modules`, { recursive: true, force: true });
  mkdirSync(`${app}node_modules/@jitl`, { recursive: true });
  symlinkSync(packageDir, `${app}node_modules/quickbox`, "dir");
  symlinkSync(`${repo}node_modules/quickjs-emscripten-core`, `${app}node_modules/quickjs-emscripten-core`, "dir");
  symlinkSync(`${repo}node_modules/@jitl/quickjs-wasmfile-release-sync`, `${app}node_modules/@jitl/quickjs-wasmfile-release-sync`, "dir");
  try {
    await build({
      root: app,
      logLevel: "warn",
      configFile: false,
      build: { outDir, emptyOutDir: true, target: "es2022", rollupOptions: { input: { quickbox: `${app}quickbox.html`, raw: `${app}raw.html` } } },
    });
  } finally {
    rmSync(`${app}node_modules`, { recursive: true, force: true });
  }
  return preview({ root: app, configFile: false, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) => `${median(values).toFixed(0).padStart(5)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

const server = await buildApp();
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = { quickbox: { cold: [], warm: [] }, raw: { cold: [], warm: [] } };
try {
  for (let run = 0; run < runs; run++) {
    // Interleaved: the two pages see the same machine load.
    for (const page of ["quickbox", "raw"]) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      for (const phase of ["cold", "warm"]) {
        // The page logs its figures: waiting with waitForFunction would evaluate Playwright's
        // injected script (~300 KB) on the page's main thread while the page starts.
        const logged = tab.waitForEvent("console", { predicate: (message) => message.text().startsWith("coldStart "), timeout: 30_000 });
        if (phase === "cold") await tab.goto(`${base}${page}.html`);
        else await tab.reload();
        const figures = JSON.parse((await logged).text().slice("coldStart ".length));
        if (figures.text !== "<result>2</result>" && figures.text !== "2") throw new Error(`${page}: unexpected result ${figures.text}`);
        results[page][phase].push(figures);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`cold start in Chromium, ${runs} runs each (median, min–max); dist: ${distDir}`);
console.log("page      cache  module start        createInterpreter   module start → first result   × raw");
for (const phase of ["cold", "warm"]) {
  const rawFirst = median(results.raw[phase].map((r) => r.firstResultMs));
  for (const page of ["quickbox", "raw"]) {
    const rows = results[page][phase];
    const ratio = median(rows.map((r) => r.firstResultMs)) / rawFirst;
    console.log(`${page.padEnd(9)} ${phase.padEnd(6)} ${summary(rows.map((r) => r.moduleStartMs))}   ${summary(rows.map((r) => r.createMs))}   ${summary(rows.map((r) => r.firstResultMs))}          ${ratio.toFixed(2)}`);
  }
}
const coldFirst = median(results.quickbox.cold.map((r) => r.firstResultMs));
const rawColdFirst = median(results.raw.cold.map((r) => r.firstResultMs));
const met = coldFirst <= 300;
console.log(`target (DESIGN §8): createInterpreter() to first result ≤ 300 ms, cold: ${coldFirst.toFixed(0)} ms → ${met ? "met" : "NOT met"}`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(
  new URL("./results/cold-start.json", import.meta.url),
  JSON.stringify({ date: new Date().toISOString(), runs, distDir, distBuiltMs, target: { limitMs: 300, coldFirstResultMs: coldFirst, rawColdFirstResultMs: rawColdFirst, met }, results }, null, 2),
);
