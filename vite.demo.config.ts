import { defineConfig } from "vite";

// The playground (demo/): `npm start` serves it, the e2e tests run against its production build.
export default defineConfig({
  root: "demo",
  server: { port: 5173, strictPort: true, host: "127.0.0.1" },
  preview: { port: 4173, strictPort: true, host: "127.0.0.1" },
  build: { outDir: "../dist-demo", emptyOutDir: true, target: "es2022" },
  worker: { format: "es" },
});
