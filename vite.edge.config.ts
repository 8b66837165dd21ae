/**
 * Bundles a Cloudflare Worker that uses quickbox (edge/example-worker.ts by default) into one ES
 * module for workerd, the way docs/TOOLCHAIN's recipe does it:
 * - `ssr.resolve.conditions` starting with "workerd" picks QuickJS's Cloudflare glue;
 * - every `.wasm` import becomes the external module "./quickjs.wasm", copied next to the bundle,
 *   which workerd loads as a CompiledWasm module (a `WebAssembly.Module`: workerd cannot compile
 *   wasm from bytes);
 * - `cloudflare:*` stays external (the runtime provides it).
 *
 * `quickbox` and `quickbox/cloudflare` resolve to this repository's sources ("src") or to the built
 * package ("dist", what an installed dependency is).
 *
 *   npx vite build -c vite.edge.config.ts      → dist-edge/worker.js + dist-edge/quickjs.wasm
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type InlineConfig, type Plugin } from "vite";

const repo = dirname(fileURLToPath(import.meta.url));
export const EDGE_WASM_FILE = "quickjs.wasm";

export interface EdgeBuildOptions {
  /** The worker's entry module. */
  entry: string;
  outDir: string;
  /** Where `quickbox` and `quickbox/cloudflare` come from. Default "src". */
  quickbox?: "src" | "dist";
}

/**
 * Any `.wasm` import (`quickbox/wasm` too) → the external "./quickjs.wasm", copied to outDir: the
 * package's file (with its base image inside) for a dist build, QuickJS's own for a src build (the
 * engine then builds its image, as inside this repository).
 */
function compiledWasm(outDir: string, quickbox: "src" | "dist"): Plugin {
  const wasmPath = quickbox === "dist" ? join(repo, "dist/quickjs.wasm") : createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
  return {
    name: "quickbox-edge-wasm",
    enforce: "pre",
    resolveId(source) {
      const bare = source.replace(/\?.*$/, "");
      if (bare.endsWith(".wasm") || bare === "quickbox/wasm") return { id: `./${EDGE_WASM_FILE}`, external: true };
      return null;
    },
    writeBundle() {
      mkdirSync(outDir, { recursive: true });
      copyFileSync(wasmPath, join(outDir, EDGE_WASM_FILE));
    },
  };
}

export function edgeBuildConfig({ entry, outDir, quickbox = "src" }: EdgeBuildOptions): InlineConfig {
  const from = (path: string) => join(repo, path);
  const entries = quickbox === "src" ? { root: from("src/index.ts"), cloudflare: from("src/cloudflare.ts") } : { root: from("dist/index.js"), cloudflare: from("dist/cloudflare.js") };
  return {
    configFile: false,
    root: repo,
    logLevel: "warn",
    plugins: [compiledWasm(outDir, quickbox)],
    resolve: {
      alias: [
        { find: /^quickbox$/, replacement: entries.root },
        { find: /^quickbox\/cloudflare$/, replacement: entries.cloudflare },
      ],
    },
    ssr: {
      target: "webworker",
      noExternal: true,
      resolve: { conditions: ["workerd", "worker", "browser", "import", "default"], externalConditions: ["workerd", "worker"] },
    },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: "es2022",
      minify: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        external: [/^cloudflare:/],
        output: { entryFileNames: "worker.js", codeSplitting: false },
      },
    },
  };
}

export default defineConfig(edgeBuildConfig({ entry: "edge/example-worker.ts", outDir: "dist-edge" }));
