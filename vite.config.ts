/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import { playwright } from "@vitest/browser-playwright";
import { libraryAssets } from "./scripts/vite-plugin-library-assets.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Library build (dist/) and the test projects: node and real Chromium.
export default defineConfig({
  plugins: [libraryAssets()],
  build: {
    target: "es2022",
    outDir: "dist",
    lib: {
      entry: {
        index: "src/index.ts",
        worker: "src/worker/entry.ts",
        idb: "src/idb.ts",
        node: "src/node.ts",
        langchain: "src/langchain.ts",
        ai: "src/ai.ts",
        mcp: "src/mcp.ts",
        cloudflare: "src/cloudflare.ts",
        deno: "src/deno.ts",
      },
      formats: ["es"],
    },
    rollupOptions: {
      external: [
        /^quickjs-emscripten-core/,
        /^@jitl\//,
        /^comlink/,
        /^idb-keyval/,
        "acorn",
        "sucrase",
        "devalue",
        "fflate",
        /^@cfworker\//,
        /^@standard-schema\//,
        /^node:/,
        /^cloudflare:/,
        // Adapter frameworks: peer dependencies, never bundled.
        /^langchain(\/|$)/,
        /^@langchain\//,
        /^deepagents(\/|$)/,
        /^ai(\/|$)/,
        /^@modelcontextprotocol\//,
        /^zod(\/|$)/,
      ],
    },
  },
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.ts"],
          globalSetup: ["test/global-build.ts"],
          testTimeout: 30_000,
        },
      },
      {
        optimizeDeps: {
          include: [
            "quickjs-emscripten-core",
            "@jitl/quickjs-wasmfile-release-sync",
            "acorn",
            "sucrase",
            "devalue",
            // host/ts-namespaces.ts loads sucrase's parser on demand: optimized up front, not mid-run.
            "sucrase/dist/parser/index.js",
            "sucrase/dist/parser/tokenizer/types.js",
            "sucrase/dist/parser/tokenizer/keywords.js",
          ],
        },
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            instances: [{ browser: "chromium" }],
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
          },
        },
      },
    ],
  },
});
