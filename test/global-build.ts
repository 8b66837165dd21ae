/**
 * vitest globalSetup (both projects): tests that start engine workers (Node, and Chromium:
 * vite.config.ts), run child processes or Deno load the built dist/. Build it when it is missing or older than src/ or scripts/, so running one test
 * file on a fresh clone (or after an edit) does not fail with "Cannot find module dist/worker.mjs".
 */
import { execFileSync } from "node:child_process";
import { distIsFresh, repoRoot } from "../scripts/dist-freshness.mjs";

export default function buildIfStale(): void {
  if (distIsFresh()) return;
  console.log("quickbox tests: dist/ is missing or older than src/ — running `npm run build` first");
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}
