// Figures a benchmark wrote for one build of dist/, read back by bench/peers.mjs's DESIGN §8 table.
// A file names the build it measured (dist/index.js's mtime): figures of another build are not reused.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const resultsDir = new URL("./results/", import.meta.url);
const defaultDist = fileURLToPath(new URL("../dist", import.meta.url));

/** When dist/index.js of `distDir` was built: the build's identity for these files. */
export const distBuiltMs = (distDir = defaultDist) => statSync(`${distDir}/index.js`).mtimeMs;

/** Writes results/NAME.json: the figures, with the build they are of, the date and the load. */
export function writeBuildResults(name, figures, distDir = defaultDist) {
  mkdirSync(resultsDir, { recursive: true });
  const record = { date: new Date().toISOString(), distDir, distBuiltMs: distBuiltMs(distDir), load: loadavg()[0], ...figures };
  writeFileSync(new URL(`${name}.json`, resultsDir), JSON.stringify(record, null, 2));
}

/** results/NAME.json if it measured the build in dist/ now; else `{ why }`. */
export function readBuildResults(name, rerun) {
  const file = new URL(`${name}.json`, resultsDir);
  if (!existsSync(file)) return { why: `not measured: ${rerun}` };
  const figures = JSON.parse(readFileSync(file, "utf8"));
  if (figures.distDir !== defaultDist || figures.distBuiltMs !== distBuiltMs()) {
    return { why: `not measured for this build of dist/ (bench/results/${name}.json is of ${figures.distDir}, ${figures.date}): ${rerun}` };
  }
  return { figures };
}
