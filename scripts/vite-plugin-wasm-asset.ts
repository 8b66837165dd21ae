/**
 * Library build: replace src/engine/wasm-url.ts with a URL to a sibling `quickjs.wasm` and emit
 * that file, instead of inlining 500 KB of wasm as base64 or leaving a vite-only `?url` import.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

export const WASM_FILE_NAME = "quickjs.wasm";
const CANONICAL = `new URL("./${WASM_FILE_NAME}", import.meta.url)`;

export function wasmAsset(): Plugin {
  return {
    name: "quickbox-wasm-asset",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (!id.replace(/\\/g, "/").endsWith("src/engine/wasm-url.ts")) return null;
      return `export const RELEASE_WASM_URL = ${CANONICAL}.href;\n`;
    },
    renderChunk(code) {
      // vite marks URLs it did not resolve at build time with `"" + import.meta.url`.
      const rewritten = code.replace(/new URL\("\.\/quickjs\.wasm",\s*""\s*\+\s*import\.meta\.url\)/g, CANONICAL);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      if (!chunks.some((chunk) => chunk.code.includes(CANONICAL))) this.error(`the bundle does not reference ${WASM_FILE_NAME}`);
      const path = createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
      this.emitFile({ type: "asset", fileName: WASM_FILE_NAME, source: readFileSync(path) });
    },
  };
}
