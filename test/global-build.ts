/**
 * vitest globalSetup (node project): tests that start engine workers, run child processes or
 * Deno load the built dist/. Build it when it is missing or older than src/ or scripts/, so running one test
 * file on a fresh clone (or after an edit) does not fail with "Cannot find module dist/worker.mjs".
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function builtMtimeMs(): number {
  try {
    return statSync(join(root, "dist/worker.mjs")).mtimeMs;
  } catch {
    return 0;
  }
}

export default function buildIfStale(): void {
  // scripts/: the build's own plugins (the worker's parts, the seeded .wasm) shape dist/ too.
  if (builtMtimeMs() >= Math.max(newestMtimeMs(join(root, "src")), newestMtimeMs(join(root, "scripts")))) return;
  console.log("quickbox tests: dist/ is missing or older than src/ — running `npm run build` first");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}
