/**
 * A consumer's vite build of the built package (dist/, as `npm run build` makes it): the worker
 * and the wasm must be found and shipped without any bundler configuration.
 */
import { expect, test } from "@playwright/test";
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, preview } from "vite";

const repo = fileURLToPath(new URL("..", import.meta.url));
const app = fileURLToPath(new URL("./consumer-app/", import.meta.url));
const outDir = fileURLToPath(new URL("../test-results/consumer-app-dist/", import.meta.url));

test("a vite app built against the package runs an eval with a tool in a worker", async ({ page }) => {
  expect(existsSync(`${repo}dist/index.js`), "run `npm run build` first").toBe(true);
  // The app depends on "quickbox" the way an installed package would be found.
  rmSync(`${app}node_modules`, { recursive: true, force: true });
  mkdirSync(`${app}node_modules`, { recursive: true });
  symlinkSync(repo, `${app}node_modules/quickbox`, "dir");
  try {
    await build({ root: app, logLevel: "warn", configFile: false, build: { outDir, emptyOutDir: true, target: "es2022" } });
  } finally {
    rmSync(`${app}node_modules`, { recursive: true, force: true });
  }
  const assets = readdirSync(`${outDir}assets`);
  expect(assets.some((name) => name.endsWith(".wasm"))).toBe(true);
  expect(assets.filter((name) => name.endsWith(".js")).length).toBeGreaterThanOrEqual(2);

  const server = await preview({ root: app, configFile: false, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
  try {
    const url = server.resolvedUrls?.local[0];
    expect(url).toBeTruthy();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(url!);
    await expect(page.locator("#out")).toHaveText("<result>[ 2, 4, 6 ]</result> (page)", { timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});
