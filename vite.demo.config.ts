import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The playground (demo/): `npm start` serves it, the e2e tests run against its production build.
// It imports only the public entry points, "quickbox" and "quickbox/idb" (here: their sources).
export default defineConfig({
  root: "demo",
  resolve: {
    alias: [
      { find: /^quickbox$/, replacement: source("./src/index.ts") },
      { find: /^quickbox\/idb$/, replacement: source("./src/idb.ts") },
    ],
  },
  server: { port: 5173, strictPort: true, host: "127.0.0.1" },
  preview: { port: 4173, strictPort: true, host: "127.0.0.1" },
  // One chunk of ~1 MB (CodeMirror, the TS/JS cell transform, the engine glue): fine for a demo.
  build: { outDir: "../dist-demo", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 1600 },
  worker: { format: "es" },
});
