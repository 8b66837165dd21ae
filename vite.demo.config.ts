import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { withoutVariantWasm } from "./scripts/vite-plugin-library-assets.js";
import { seededWasm } from "./scripts/vite-plugin-seeded-wasm.js";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One instance for the page and its worker: the seeded .wasm is built once and emitted under one name.
const playgroundWasm = seededWasm();

const CROSS_ORIGIN_ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

// The playground (demo/): `npm start` serves it, the e2e tests run against its production build.
// It imports only the public entry points, "quickbox" and "quickbox/idb" (here: their sources).
export default defineConfig({
  root: "demo",
  // The .wasm with the base image inside, as the package ships it (scripts/vite-plugin-seeded-wasm.ts),
  // and not the QuickJS variant's own copy (never loaded: the engine is handed a compiled module).
  plugins: [playgroundWasm, withoutVariantWasm()],
  resolve: {
    alias: [
      { find: /^quickbox$/, replacement: source("./src/index.ts") },
      { find: /^quickbox\/idb$/, replacement: source("./src/idb.ts") },
    ],
  },
  // Cross-origin isolated, so SharedArrayBuffer exists: Stop reaches a program busy in a loop at
  // once (the engine polls a shared cancel flag) instead of replacing the worker after 1 s.
  server: { port: 5173, strictPort: true, host: "127.0.0.1", headers: CROSS_ORIGIN_ISOLATION },
  preview: { port: 4173, strictPort: true, host: "127.0.0.1", headers: CROSS_ORIGIN_ISOLATION },
  // One chunk of ~1 MB (CodeMirror, the TS/JS cell transform, the engine glue): fine for a demo.
  build: { outDir: "../dist-demo", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 1600 },
  worker: { format: "es", plugins: () => [playgroundWasm, withoutVariantWasm()] },
});
