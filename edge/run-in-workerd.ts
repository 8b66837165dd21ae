/**
 * Node side of the edge tests: builds a worker from edge/ with vite.edge.config.ts and runs the
 * bundle in workerd through miniflare 4, with Durable Object and KV storage persisted in a
 * directory (so a second Miniflare on the same directory sees what the first one wrote: that is
 * how the tests evict objects).
 */
import { join } from "node:path";
import { build } from "vite";
import { Miniflare, type MiniflareOptions } from "miniflare";
import { EDGE_WASM_FILE, edgeBuildConfig, type EdgeBuildOptions } from "../vite.edge.config.js";

export const COMPATIBILITY_DATE = "2026-07-01";

/** Builds `entry` into `outDir` (worker.js + quickjs.wasm); returns outDir. */
export async function buildWorker(options: EdgeBuildOptions): Promise<string> {
  await build(edgeBuildConfig(options));
  return options.outDir;
}

export interface WorkerBindings {
  /** binding name → Durable Object class (SQLite-backed unless `sqlite: false`). */
  durableObjects?: Record<string, { className: string; sqlite?: boolean }>;
  kvNamespaces?: string[];
}

/**
 * Starts workerd on a built bundle. Modules are listed explicitly: miniflare's own module walker
 * rejects the dynamic `import("node:…")` the quickbox bundle keeps for Node (never run on workerd).
 */
export function startWorker(bundleDir: string, bindings: WorkerBindings, persistDir?: string): Miniflare {
  const options: MiniflareOptions = {
    modulesRoot: bundleDir,
    modules: [
      { type: "ESModule", path: join(bundleDir, "worker.js") },
      { type: "CompiledWasm", path: join(bundleDir, EDGE_WASM_FILE) },
    ],
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: Object.fromEntries(Object.entries(bindings.durableObjects ?? {}).map(([binding, { className, sqlite = true }]) => [binding, { className, useSQLite: sqlite }])),
    kvNamespaces: bindings.kvNamespaces ?? [],
    ...(persistDir ? { durableObjectsPersist: join(persistDir, "do"), kvPersist: join(persistDir, "kv") } : {}),
  };
  return new Miniflare(options);
}
