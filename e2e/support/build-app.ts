/**
 * Builds a small vite app in e2e/<name>/ against the built package (dist/, symlinked as
 * node_modules/quickbox, the way an installed dependency is found) and serves it.
 */
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, preview, type PreviewServer } from "vite";

const repo = fileURLToPath(new URL("../..", import.meta.url));

export async function buildAndServe(name: string): Promise<{ url: string; outDir: string; server: PreviewServer }> {
  if (!existsSync(`${repo}dist/index.js`)) throw new Error("run `npm run build` first");
  const app = `${repo}e2e/${name}/`;
  const outDir = `${repo}test-results/${name}-dist/`;
  rmSync(`${app}node_modules`, { recursive: true, force: true });
  mkdirSync(`${app}node_modules`, { recursive: true });
  symlinkSync(repo, `${app}node_modules/quickbox`, "dir");
  try {
    await build({ root: app, logLevel: "warn", configFile: false, build: { outDir, emptyOutDir: true, target: "es2022" } });
  } finally {
    rmSync(`${app}node_modules`, { recursive: true, force: true });
  }
  const server = await preview({ root: app, configFile: false, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("preview server has no URL");
  return { url, outDir, server };
}
