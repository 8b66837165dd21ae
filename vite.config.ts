/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";
import { playwright } from "@vitest/browser-playwright";
import { libraryAssets } from "./scripts/vite-plugin-library-assets.js";
import { nodeErrorMessages } from "./test/shared/node-error-oracle.js";
import { LongestFirstSequencer } from "./test/file-order.js";

const WORKERS = Number(process.env.QUICKBOX_TEST_WORKERS) > 0 ? Number(process.env.QUICKBOX_TEST_WORKERS) : undefined;

/**
 * The browser tests' engine workers run dist/worker.mjs, the worker the package ships (one bundled
 * module, and its parts beside it), instead of src/worker/entry.ts served module by module by the dev
 * server: a worker's start then costs the tab one script instead of a hundred-odd requests and
 * compiles. Served as built (the dev server's transform would add vitest's hooks, which a worker does
 * not have). test/global-build.ts builds dist/ first when it is stale.
 */
function builtEngineWorker(): Plugin {
  const dev = 'new URL("../worker/entry.ts", import.meta.url)';
  const prefix = "/@quickbox-dist/";
  const distDir = fileURLToPath(new URL("./dist/", import.meta.url));
  return {
    name: "quickbox-test-built-engine-worker",
    enforce: "pre",
    transform(code, id) {
      if (!id.endsWith("/src/runtime/web-assets.ts")) return null;
      if (!code.includes(dev)) throw new Error("quickbox-test-built-engine-worker: src/runtime/web-assets.ts no longer creates the worker from " + dev);
      return code.replace(dev, 'new URL("' + prefix + 'worker.mjs", location.href)');
    },
    configureServer(server) {
      server.middlewares.use(prefix, (request, response, next) => {
        const name = (request.url ?? "").replace(/^\//, "").replace(/[?#].*$/, "");
        if (!/^[\w.-]+\.mjs$/.test(name)) return next();
        readFile(distDir + name).then((bytes) => {
          response.setHeader("Content-Type", "text/javascript");
          response.end(bytes);
        }, next);
      });
    },
  };
}

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
        idb: "src/idb.ts",
        node: "src/node.ts",
        langchain: "src/langchain.ts",
        ai: "src/ai.ts",
        mcp: "src/mcp.ts",
        "openai-agents": "src/openai-agents.ts",
        codemode: "src/codemode.ts",
        cloudflare: "src/cloudflare.ts",
        deno: "src/deno.ts",
        postgres: "src/postgres.ts",
        redis: "src/redis.ts",
        // `#node-host` in package.json "imports": Node, Deno and Bun get the first, the rest the second.
        "node-host": "src/runtime/node-host.ts",
        "node-host-unavailable": "src/runtime/node-host-unavailable.ts",
      },
      formats: ["es"],
    },
    rollupOptions: {
      // Bundled: QuickJS and its variant's loader, acorn, sucrase, the schema validator… (a
      // consumer's bundler then never meets their CommonJS or their own wasm URL). External: the
      // two runtime libraries that are plain ES modules, Node's and workerd's built-ins, and the
      // adapters' frameworks (peer dependencies).
      external: [
        /^comlink/,
        /^idb-keyval/,
        /^node:/,
        /^cloudflare:/,
        /^#node-host$/,
        /^langchain(\/|$)/,
        /^@langchain\//,
        /^deepagents(\/|$)/,
        /^ai(\/|$)/,
        /^@modelcontextprotocol\//,
        /^@openai\//,
        /^@cloudflare\/codemode(\/|$)/,
        /^zod(\/|$)/,
      ],
    },
  },
  test: {
    // Longest files first, by the durations of a recorded run where there is no local cache (a fresh clone).
    sequence: { sequencer: LongestFirstSequencer },
    // Both projects run the built dist/ somewhere (Node: engine workers, child processes, Deno;
    // Chromium: engine workers): built once, first, when it is stale.
    globalSetup: ["test/global-build.ts"],
    // Workers: the Node project's files mostly wait (on engine workers, child processes, Deno, database
    // servers): three run at a time, beside one Chromium tab for the browser project. Measured on 2 cores
    // (fresh clone, quiet): with two, the Node project alone used ~1.3 cores and set the length of the whole
    // run (~730 s); four per project loaded the machine to 8-11 and budget- and timing-based tests failed at
    // random. QUICKBOX_TEST_WORKERS sets both projects' count (e.g. 4 on a machine with more cores).
    // (isolate: false, files sharing a worker process, saved ~11 % of the Node project's CPU, but process-wide
    // checks such as instance-pool.test.ts's "nothing kept after the last dispose" would then see other files' threads.)
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.ts"],
          testTimeout: 30_000,
          maxWorkers: WORKERS ?? 3,
        },
      },
      {
        plugins: [builtEngineWorker()],
        optimizeDeps: {
          include: [
            "quickjs-emscripten-core",
            "@jitl/quickjs-wasmfile-release-sync",
            "acorn",
            "sucrase",
            "devalue",
            // engine/ts-namespaces.ts loads sucrase's parser on demand: optimized up front, not mid-run.
            "sucrase/dist/esm/parser/index.js",
            "sucrase/dist/esm/parser/tokenizer/types.js",
            "sucrase/dist/esm/parser/tokenizer/keywords.js",
            // The adapters' frameworks the browser tests load: optimized up front, not mid-run.
            "@openai/agents",
            "@openai/agents/testing",
            "@cloudflare/codemode/browser",
            "zod",
          ],
        },
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          testTimeout: 30_000,
          // Vitest runs two projects side by side only when their maxWorkers are the same: three here, and one
          // Chromium tab through browser.fileParallelism (unless QUICKBOX_TEST_WORKERS asks for more).
          maxWorkers: WORKERS ?? 3,
          browser: {
            enabled: true,
            headless: true,
            fileParallelism: WORKERS !== undefined,
            screenshotFailures: false,
            instances: [{ browser: "chromium" }],
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            // Node is the oracle for error messages (test/shared/node-errors-suite.ts): it runs on the server.
            commands: { nodeErrorMessages: (_context, codes: string[]) => nodeErrorMessages(codes) },
          },
        },
      },
    ],
  },
});
