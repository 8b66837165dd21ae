// webpack 5 with webpack-cli and no config (webpack's "Getting Started": src/index.js →
// dist/main.js, an index.html written by hand), served as static files and run in Chromium.
// Also checks the output: the wasm once, and no unbundled copy of the package's worker.js
// (webpack turns `new URL("./worker.js", import.meta.url)` outside `new Worker(…)` into an asset).
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { describeFiles, expectBuildOutput, expectPageRanProgram, listFiles } from "../harness/expect.mjs";

export default async function check(t) {
  const output = await t.step("webpack", () => t.exec(process.execPath, [tool("webpack-cli/bin/cli.js")]));
  const warnings = output.split("\n").filter((line) => /^WARNING in /.test(line)).map((line) => line.slice(11).split(":")[0]);
  if (warnings.length > 0) t.note(`webpack warnings: ${warnings.join("; ")}`);
  const dist = join(t.dir, "dist");
  t.note(`emitted: ${describeFiles(dist, listFiles(dist))}`);
  await t.verify(() => expectBuildOutput(dist, t.quickbox));
  const url = await t.serveStatic(t.dir);
  const result = await t.step("page", () => t.page(url));
  const fetched = new Set(result.requests.map((request) => new URL(request).pathname.replace(/^\/dist\//, "")));
  const unused = listFiles(dist).filter((file) => file.endsWith(".js") && !fetched.has(file));
  if (unused.length > 0) t.note(`emitted .js files the page never loaded: ${unused.join(", ")}`);
  t.note(`worker: ${result.workers.join(", ") || "none"}`);
  expectPageRanProgram(result);
}
