// esbuild with README's recipe ("Bundlers and frameworks", the first ```sh block): bundle with
// `--bundle --format=esm` (the app uses top-level await), then copy quickbox's worker and wasm
// next to the bundle (esbuild leaves `new URL("./…", import.meta.url)` alone). The index.html is
// written by hand; the folder is served as static files and run in Chromium.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { describeFiles, expectPageRanProgram, listFiles } from "../harness/expect.mjs";
import { readmeBlock } from "../harness/readme.mjs";

export default async function check(t) {
  const commands = readmeBlock("Bundlers and frameworks", "sh", 0).trim();
  if (!commands.startsWith("esbuild ")) throw new Error(`README's first sh block under "Bundlers and frameworks" is not the esbuild recipe: ${commands}`);
  // `esbuild` on PATH, as `npm install esbuild` gives it (node_modules/.bin).
  const bin = join(t.dir, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(tool("esbuild/bin/esbuild"), join(bin, "esbuild"));
  await t.step("README's esbuild commands", () => t.exec("sh", ["-ec", commands], { env: { PATH: `${bin}:${process.env.PATH}` } }));
  const dist = join(t.dir, "dist");
  t.note(`emitted: ${describeFiles(dist, listFiles(dist))}`);
  const url = await t.serveStatic(t.dir);
  const result = await t.step("page", () => t.page(url));
  t.note(`worker: ${result.workers.join(", ") || "none"}`);
  expectPageRanProgram(result);
}
