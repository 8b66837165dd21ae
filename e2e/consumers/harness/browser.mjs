// Debian's Chromium driven by playwright-core (no browser download): one browser per run, one
// fresh context per page. The browser apps all follow one contract: `<pre id="out">` ends with a
// `data-status` attribute ("ok", "error", "paused" from EvalResult, or "threw") and the wire text
// (or the thrown error's stack) as its text.
import { chromium } from "playwright-core";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags of /work/shared/TOOLCHAIN.md (the same as the repository's vite.config.ts).
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browserPromise = null;

function browser() {
  browserPromise ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browserPromise;
}

export async function closeBrowser() {
  if (browserPromise) await (await browserPromise).close();
  browserPromise = null;
}

/**
 * Opens `url`, waits for the app's verdict and returns what the page showed plus what happened
 * around it: the workers it started, the URLs it requested, console errors and uncaught errors.
 */
export async function runPage(url, { timeoutMs = 60_000 } = {}) {
  const context = await (await browser()).newContext();
  const workers = [];
  const requests = [];
  const errors = [];
  context.on("request", (request) => requests.push(request.url()));
  context.on("response", (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  context.on("weberror", (error) => errors.push(`uncaught: ${error.error().message}`));
  const page = await context.newPage();
  page.on("worker", (worker) => workers.push(worker.url().split("#")[0]));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  try {
    await page.goto(url);
    const out = page.locator("#out[data-status]");
    try {
      await out.waitFor({ timeout: timeoutMs });
    } catch {
      const shown = await page.locator("#out").textContent().catch(() => null);
      throw new Error(
        `the page never finished (#out: ${JSON.stringify(shown)}) after ${timeoutMs / 1000} s` +
          (errors.length ? `; browser errors:\n${errors.join("\n")}` : "; no browser errors"),
      );
    }
    const status = await out.getAttribute("data-status");
    const text = await out.textContent();
    if (/worker could not start/.test(text)) errors.push(...(await diagnoseWorkers(page, workers)));
    return { status, text, workers, requests, errors };
  } finally {
    await context.close();
  }
}

/**
 * A module worker that fails to load reports only "error" to the page. Importing the same module
 * URL in the page shows the real reason (a missing export, a 404, a syntax error).
 */
async function diagnoseWorkers(page, workers) {
  const found = [];
  for (const url of new Set(workers)) {
    const reason = await page
      .evaluate((moduleUrl) => import(moduleUrl).then(() => "imports fine in the page", (error) => String(error?.stack ?? error)), url)
      .catch((error) => `could not probe: ${error.message}`);
    found.push(`diagnosis: import(${JSON.stringify(url)}) in the page: ${reason}`);
  }
  return found;
}
