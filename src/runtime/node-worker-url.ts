/**
 * The engine worker script for Node's worker_threads. In this repository: the built
 * dist/worker.mjs (Node cannot load the .ts entry). The library build replaces this module with
 * the package's own `./worker.mjs` beside node-host.js (scripts/vite-plugin-library-assets.ts).
 */
export function nodeWorkerUrl(): URL {
  return new URL(/* @vite-ignore */ "../../dist/worker.mjs", import.meta.url);
}
