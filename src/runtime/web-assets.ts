/**
 * Where browsers and Deno find the engine worker's script and the QuickJS .wasm: URLs that the
 * app's bundler resolves. Inside this repository vite serves the TypeScript entry and the
 * installed QuickJS package's file (dev server, tests, the playground). quickbox's library build
 * replaces this module with the package form (scripts/vite-plugin-library-assets.ts):
 * `new Worker(new URL("./worker.mjs", import.meta.url), …)` and `new URL("./quickjs.wasm",
 * import.meta.url)`, the forms bundlers recognise, with both files shipped next to dist/index.js
 * (and nowhere else in that form, or bundlers would also copy the files as stray assets).
 * Node's files on disk: ./node-assets.ts. Which of the two a runtime uses: ./host-runtime.ts.
 */
import packagedWasmUrl from "@jitl/quickjs-wasmfile-release-sync/wasm?url";

/** The engine worker as a module Web Worker, and its script's URL (for error messages). */
export function createModuleWorker(): { worker: Worker; url: string } {
  const worker = new Worker(new URL("../worker/entry.ts", import.meta.url), { type: "module", name: "quickbox" });
  return { worker, url: import.meta.url.replace(/runtime\/[^/]*$/, "worker/entry.ts") };
}

/** A function, not a constant: workerd has no `import.meta.url`, so resolving it on import would fail there. */
export function releaseWasmUrl(): string {
  return new URL(packagedWasmUrl, globalThis.location?.href ?? import.meta.url).href;
}
