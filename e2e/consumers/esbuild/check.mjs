// esbuild, the command a newcomer runs for a browser app that uses top-level await:
// `esbuild src/main.js --bundle --format=esm --outdir=dist` (README gives none), the index.html
// written by hand, served as static files and run in Chromium.
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { describeFiles, expectPageRanProgram, listFiles } from "../harness/expect.mjs";

export default async function check(t) {
  await t.step("esbuild", () => t.exec(tool("esbuild/bin/esbuild"), ["src/main.js", "--bundle", "--format=esm", "--outdir=dist"]));
  const dist = join(t.dir, "dist");
  t.note(`emitted: ${describeFiles(dist, listFiles(dist))}`);
  const url = await t.serveStatic(t.dir);
  const result = await t.step("page", () => t.page(url));
  t.note(`worker: ${result.workers.join(", ") || "none"}`);
  expectPageRanProgram(result);
}
