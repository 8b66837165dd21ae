/**
 * Where the engine worker's script lives for module Web Workers (browsers, Deno). In this
 * repository: the TypeScript entry (vite serves and bundles it). quickbox's library build replaces
 * this module so that it points at the package's self-contained `./worker.mjs`, in the
 * `new Worker(new URL(…, import.meta.url))` form bundlers recognise (and nowhere else in that form,
 * or bundlers would also copy the file as a stray asset).
 */
export function createModuleWorker(): { worker: Worker; url: string } {
  const worker = new Worker(new URL("../worker/entry.ts", import.meta.url), { type: "module", name: "quickbox" });
  return { worker, url: import.meta.url.replace(/transport\/[^/]*$/, "worker/entry.ts") };
}
