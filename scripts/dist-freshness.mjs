// Whether dist/ is a build of the sources as they are: dist/worker.mjs (written last by `npm run build`'s
// vite steps) is newer than every file under src/ and scripts/ (the build's own plugins shape dist/ too).
// Used by the test setup (build when stale) and the consumer apps' `npm pack` (skip prepack when fresh).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const repoRoot = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

function newestMtimeMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function builtMtimeMs() {
  try {
    return Math.min(statSync(join(repoRoot, "dist/worker.mjs")).mtimeMs, statSync(join(repoRoot, "dist/index.d.ts")).mtimeMs);
  } catch {
    return 0;
  }
}

/** True when dist/ exists and is newer than src/ and scripts/. */
export function distIsFresh() {
  return builtMtimeMs() >= Math.max(newestMtimeMs(join(repoRoot, "src")), newestMtimeMs(join(repoRoot, "scripts")));
}
