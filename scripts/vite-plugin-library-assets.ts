/**
 * Library build only. Two modules locate files differently inside this repository than in the
 * published package; the build swaps them for their package form:
 * - src/runtime/wasm-url.ts → `new URL("./quickjs.wasm", import.meta.url)`, and the wasm is emitted
 *   next to dist/index.js (instead of vite inlining 500 KB of base64). It stays inside a function:
 *   workerd has no `import.meta.url`, and evaluating it on import would fail there;
 * - src/transport/worker-url.ts → `new Worker(new URL("./worker.js", import.meta.url), …)` for
 *   browsers and Deno, and the same file for Node's worker_threads.
 * Both stay in the `new URL("…", import.meta.url)` form that consumers' bundlers recognise.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

export const WASM_FILE_NAME = "quickjs.wasm";
export const WORKER_FILE_NAME = "worker.js";

// `"x" + ""` keeps vite's own asset and worker plugins from resolving these at library build time;
// renderChunk turns them back into plain literals.
const REPLACEMENTS: Record<string, string> = {
  "src/runtime/wasm-url.ts": `export function releaseWasmUrl() { return new URL("./${WASM_FILE_NAME}" + "", import.meta.url).href; }\n`,
  "src/transport/worker-url.ts": [
    `export function createModuleWorker() { return new Worker(new URL("./${WORKER_FILE_NAME}" + "", import.meta.url), { type: "module", name: "quickbox" }); }`,
    `export function nodeWorkerUrl() { return new URL("./${WORKER_FILE_NAME}" + "", import.meta.url); }`,
    "",
  ].join("\n"),
};

export function libraryAssets(): Plugin {
  return {
    name: "quickbox-library-assets",
    apply: "build",
    enforce: "pre",
    load(id) {
      const normalized = id.replace(/\\/g, "/");
      const key = Object.keys(REPLACEMENTS).find((suffix) => normalized.endsWith(suffix));
      return key ? REPLACEMENTS[key] : null;
    },
    renderChunk(code) {
      const rewritten = code.replace(/"\.\/(quickjs\.wasm|worker\.js)"\s*\+\s*""/g, '"./$1"');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const code = Object.values(bundle)
        .filter((item) => item.type === "chunk")
        .map((chunk) => chunk.code)
        .join("\n");
      for (const file of [WASM_FILE_NAME, WORKER_FILE_NAME]) {
        if (!code.includes(`new URL("./${file}", import.meta.url)`)) this.error(`the bundle does not reference ${file} in new URL("./${file}", import.meta.url) form`);
      }
      const path = createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
      this.emitFile({ type: "asset", fileName: WASM_FILE_NAME, source: readFileSync(path) });
    },
  };
}
