/**
 * A consumer's vite build of the built package (dist/, as `npm run build` makes it): the worker
 * and the wasm must be found and shipped without any bundler configuration.
 */
import { expect, test } from "@playwright/test";
import { readdirSync } from "node:fs";
import { buildAndServe } from "./support/build-app.js";

test("a vite app built against the package runs an eval with a tool in a worker", async ({ page }) => {
  const { url, outDir, server } = await buildAndServe("consumer-app");
  try {
    const assets = readdirSync(`${outDir}assets`);
    expect(assets.some((name) => name.endsWith(".wasm"))).toBe(true);
    expect(assets.filter((name) => name.endsWith(".js")).length).toBeGreaterThanOrEqual(2);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(url);
    await expect(page.locator("#out")).toHaveText("<result>[ 2, 4, 6 ]</result> (page)", { timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});
