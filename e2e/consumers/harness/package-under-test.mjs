// quickbox as a user gets it: `npm pack` in the repository (prepack builds dist/), then
// `npm install <tarball>` into an empty app, which brings the tarball's declared dependencies
// from the npm cache. That installed tree is made once per run and copied into every app.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { distIsFresh } from "../../../scripts/dist-freshness.mjs";
import { exec } from "./processes.mjs";

export const repoDir = new URL("../../..", import.meta.url).pathname.replace(/\/$/, "");

/**
 * Runs `npm pack` in the repository root into `dir`; returns the tarball's path. Its prepack builds
 * dist/, unless dist/ is already a build of the sources as they are (`npm test` built it moments ago).
 */
export async function packQuickbox(dir) {
  mkdirSync(dir, { recursive: true });
  const skipBuild = distIsFresh() ? ["--ignore-scripts"] : [];
  await exec("npm", ["pack", ...skipBuild, "--pack-destination", dir], { cwd: repoDir, timeoutMs: 300_000 });
  const tarballs = readdirSync(dir).filter((name) => name.endsWith(".tgz"));
  if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${dir}`);
  return join(dir, tarballs[0]);
}

/**
 * `npm install <tarball>` into an empty app at `dir` (what a user's first install does).
 * Returns the installed tree's node_modules path and facts the checks compare build output with.
 */
export async function installTarball(tarball, dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "quickbox-install", private: true }, null, 2));
  await exec("npm", ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, timeoutMs: 300_000 });
  const dist = join(dir, "node_modules", "quickbox", "dist");
  return {
    nodeModules: join(dir, "node_modules"),
    wasmSha256: sha256(readFileSync(join(dist, "quickjs.wasm"))),
    // The package's shared chunks (port-listener-<hash>.js, …): a build output file that still
    // imports one of these by its relative name is a copy of a package module that was not bundled.
    distChunks: readdirSync(dist).filter((name) => /-[\w-]{8}\.js$/.test(name)),
  };
}

export function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}
