/**
 * Where the engine worker's script lives. In this repository: the TypeScript entry (vite serves
 * and bundles it for browsers) and, for Node, the built dist/worker.js (Node 20's worker_threads
 * cannot load .ts). quickbox's library build replaces this module so that both point at the
 * sibling `./worker.js`, in the `new Worker(new URL(…, import.meta.url))` form bundlers recognise.
 */
export function createModuleWorker(): Worker {
  return new Worker(new URL("../worker/entry.ts", import.meta.url), { type: "module", name: "quickbox" });
}

export function nodeWorkerUrl(): URL {
  return new URL(/* @vite-ignore */ "../../dist/worker.js", import.meta.url);
}
