/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import { WORKER_FILE_NAME, workerAssets } from "./scripts/vite-plugin-library-assets.js";

// dist/worker.mjs: the engine worker as ONE self-contained ES module (QuickJS, the parsers, the
// guest prelude, comlink; no bare imports, no file URLs), so that any dev server or bundler can
// serve or copy it as a file, and Node's worker_threads load it from wherever a bundler put it
// (.mjs: an ES module whatever package.json is near it). Built after the library (npm run build).
export default defineConfig({
  plugins: [workerAssets()],
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: { worker: "src/worker/entry.ts" },
      formats: ["es"],
      fileName: () => WORKER_FILE_NAME,
    },
    rollupOptions: {
      external: [/^node:/],
      output: { codeSplitting: false },
    },
  },
});
