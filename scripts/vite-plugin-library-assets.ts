/**
 * Library builds only (vite.config.ts: the entry points; vite.worker.config.ts: dist/worker.mjs).
 * Two modules locate the package's files differently inside this repository than in the published
 * package; the builds swap them for their package form:
 * - src/runtime/web-assets.ts (browsers, Deno) → `new Worker(new URL("./worker.mjs",
 *   import.meta.url), …)` and `new URL("./quickjs.wasm", import.meta.url)`, the forms bundlers
 *   recognise and copy; the wasm (with the base image inside: scripts/seeded-wasm.ts) is emitted
 *   next to dist/index.js (instead of vite inlining it as base64). The URL is made inside a
 *   function: workerd has no `import.meta.url`, and evaluating it on import would fail there;
 * - src/runtime/node-assets.ts (Node, Deno, Bun) → the same two files as paths on disk, beside
 *   node-host.js, named in a form no bundler rewrites: webpack turns `new URL("./x",
 *   import.meta.url)` in a server bundle (Next.js route handlers) into its own relative-URL
 *   object, which Node's fs and worker_threads refuse, and Turbopack rewrites any
 *   `new URL(…, import.meta.url)`, even through variables. Where a bundle moved the code away from the
 *   package's folder, the installed package's files are used (resolved from the working directory);
 * - src/runtime/node-host.ts, imported by host modules, becomes the external `#node-host`
 *   (package.json "imports": Node, Deno and Bun get dist/node-host.js, everything else the
 *   `node:`-free dist/node-host-unavailable.js).
 * The QuickJS variant's own `new URL("emscripten-module.wasm", import.meta.url)` is neutralised:
 * quickbox always hands the engine a compiled module, and bundlers would otherwise ship that wasm a
 * second time. The worker build has no file URL at all: it is handed the compiled module, and a
 * `new URL(…, import.meta.url)` in it would make bundlers copy files around it.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { loadSeededWasm } from "./load-seeded-wasm.js";

export const WASM_FILE_NAME = "quickjs.wasm";
export const WORKER_FILE_NAME = "worker.mjs";
export const NODE_HOST_IMPORT = "#node-host";
export const WORKERD_WASM_MODULE = "wasm-workerd.js";

const NODE_IMPORT = (module: string) => `await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:${module}")`;

// `"x" + ""` keeps vite's own asset and worker plugins from resolving these at library build time;
// renderChunk turns them back into plain literals.
const LIBRARY_REPLACEMENTS: Record<string, string> = {
  "src/runtime/web-assets.ts": [
    "export function createModuleWorker() {",
    `  const worker = new Worker(new URL("./${WORKER_FILE_NAME}" + "", import.meta.url), { type: "module", name: "quickbox" });`,
    `  return { worker, url: String(import.meta.url).replace(/[^/]*$/, "${WORKER_FILE_NAME}") };`,
    "}",
    `export function releaseWasmUrl() { return new URL("./${WASM_FILE_NAME}" + "", import.meta.url).href; }`,
    "",
  ].join("\n"),
  "src/runtime/node-assets.ts": [
    `const FILES = { worker: "${WORKER_FILE_NAME}", wasm: "${WASM_FILE_NAME}" };`,
    `const EXPORTS = { worker: "quickbox/worker", wasm: "quickbox/${WASM_FILE_NAME}" };`,
    "export async function nodeAssetPath(asset) {",
    `  const { existsSync } = ${NODE_IMPORT("fs")};`,
    `  const { fileURLToPath, pathToFileURL } = ${NODE_IMPORT("url")};`,
    // A file name put in place of the module's own, not `new URL(name, base)`: Turbopack
    // rewrites even `new URL(variable, variable holding import.meta.url)` into a reference of its own.
    "  const here = import.meta.url;",
    '  if (typeof here === "string" && here.startsWith("file:")) {',
    "    const beside = fileURLToPath(here).replace(/[^\\\\/]*$/, FILES[asset]);",
    "    if (existsSync(beside)) return beside;",
    "  }",
    `  const { createRequire } = ${NODE_IMPORT("module")};`,
    "  return createRequire(pathToFileURL(`${process.cwd()}/`).href).resolve(EXPORTS[asset]);",
    "}",
    "",
  ].join("\n"),
};

/**
 * The worker's parts that a first result never needs (src/engine/engine-parts.ts): each is built
 * into one self-contained file beside worker.mjs, which imports it by URL on first use.
 */
export const WORKER_PARTS = [
  { loader: "loadTypeScriptParser", entry: "src/engine/sucrase-transform.ts", fileName: "worker-typescript.mjs", exportName: null },
  { loader: "loadPrelude", entry: "src/generated/guest-prelude.ts", fileName: "worker-prelude.mjs", exportName: null },
] as const;

// `new URL(…, import.meta.url)` is the form every bundler copies the file for, also when it
// rebuilds the worker into one script (Vite's default): the import itself is one no bundler follows.
const partLoader = ({ loader, fileName, exportName }: (typeof WORKER_PARTS)[number]) =>
  [
    `export async function ${loader}() {`,
    `  const url = new URL("./${fileName}" + "", import.meta.url);`,
    "  let part;",
    "  try {",
    `    part = await import(/* @vite-ignore */ /* webpackIgnore: true */ url.href);`,
    "  } catch (error) {",
    `    throw partMissing("${fileName}", url, error);`,
    "  }",
    `  return ${exportName ? `part.${exportName}` : "part"};`,
    "}",
  ].join("\n");

const WORKER_REPLACEMENTS: Record<string, string> = {
  "src/runtime/node-assets.ts": `export async function nodeAssetPath() { throw new Error("quickbox worker: the host hands the worker a compiled module, and workers start no workers"); }\n`,
  "src/engine/engine-parts.ts": [
    'import { QuickboxError } from "../errors.js";',
    "function partMissing(file, url, error) {",
    "  const reason = error instanceof Error ? error.message : String(error);",
    '  return new QuickboxError("WORKER_FAILED", `the engine worker could not load ${file}, its part beside worker.mjs, from ${url.href}: ${reason} (serve it next to worker.mjs; see README.md, "Bundlers and frameworks")`);',
    "}",
    ...WORKER_PARTS.map(partLoader),
    "",
  ].join("\n"),
};

const VARIANT_WASM_URL = /new URL\("emscripten-module\.wasm",\s*import\.meta\.url\)/;
const VARIANT_WASM_URLS = new RegExp(VARIANT_WASM_URL.source, "g");
const VARIANT_SCRIPT_URL = /(\b[\w$]+\s*=\s*)import\.meta\.url\b/g;
const PACKAGE_FILE_URL = /new URL\(\s*"\.\/([^"]+)"\s*,\s*import\.meta\.url\s*\)/g;
const PART_FILE_URLS = /"\.\/(worker-[a-z]+\.mjs)"\s*\+\s*""/g;
const BARE_IMPORT = /(?:^|[;\n])\s*import\s[^;]*?from\s*"(?!node:)([^"./][^"]*)"/m;

function replacementFor(table: Record<string, string>, id: string): string | null {
  const normalized = id.replace(/\\/g, "/");
  const key = Object.keys(table).find((suffix) => normalized.endsWith(suffix));
  return key ? table[key]! : null;
}

/** The QuickJS variant's loader: its own wasm URL becomes a plain string nobody resolves. */
function neutraliseVariantWasm(code: string, id: string): { code: string; map: null } | null {
  if (!id.replace(/\\/g, "/").includes("/@jitl/quickjs-wasmfile-") || !VARIANT_WASM_URL.test(code)) return null;
  // Its script URL (`_scriptName = import.meta.url`) only locates that wasm; undefined is handled
  // (a try around `new URL(".", …)`), and Turbopack would emit the module as an asset for it.
  const withoutWasmUrl = code.replace(VARIANT_WASM_URLS, '"emscripten-module.wasm"');
  return { code: withoutWasmUrl.replace(VARIANT_SCRIPT_URL, "$1undefined"), map: null };
}

/** For other builds of src/ (the playground): the QuickJS variant's own .wasm is not emitted. */
export function withoutVariantWasm(): Plugin {
  return { name: "quickbox-without-variant-wasm", apply: "build", enforce: "pre", transform: neutraliseVariantWasm };
}

export function libraryAssets(): Plugin {
  return {
    name: "quickbox-library-assets",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options.isEntry || !importer || !/node-host(\.(js|ts))?$/.test(source)) return null;
      // Host modules reach Node's built-ins only through the package's conditional import.
      return source.endsWith("node-host-unavailable.js") ? null : { id: NODE_HOST_IMPORT, external: true };
    },
    load(id) {
      return replacementFor(LIBRARY_REPLACEMENTS, id);
    },
    transform(code, id) {
      return neutraliseVariantWasm(code, id);
    },
    renderChunk(code) {
      const rewritten = code.replace(/"\.\/(quickjs\.wasm|worker\.mjs)"\s*\+\s*""/g, '"./$1"');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    async generateBundle(_options, bundle) {
      const code = Object.values(bundle)
        .filter((item) => item.type === "chunk")
        .map((chunk) => chunk.code)
        .join("\n");
      for (const file of [WASM_FILE_NAME, WORKER_FILE_NAME]) {
        if (!code.includes(`new URL("./${file}", import.meta.url)`)) this.error(`the bundle does not reference ${file} in new URL("./${file}", import.meta.url) form`);
      }
      if (VARIANT_WASM_URL.test(code)) this.error("the QuickJS variant's own wasm URL is still in the bundle");
      const nodeHost = bundle["node-host.js"];
      if (nodeHost?.type === "chunk" && /new URL\(/.test(nodeHost.code)) {
        this.error("node-host.js makes a new URL(…): webpack and Turbopack rewrite those in server bundles (see node-assets above)");
      }
      // The QuickJS .wasm with the base image inside (scripts/seeded-wasm.ts; src/engine/embedded-seed.ts).
      const { wasm, problem } = await loadSeededWasm();
      if (problem) this.warn(problem);
      this.emitFile({ type: "asset", fileName: WASM_FILE_NAME, source: wasm });
      // `quickbox/wasm` under the "workerd" condition: wrangler's module rules match an import's
      // specifier, which must end in .wasm; from here the relative "./quickjs.wasm" does.
      this.emitFile({ type: "asset", fileName: WORKERD_WASM_MODULE, source: `import quickjsWasm from "./${WASM_FILE_NAME}";\nexport default quickjsWasm;\n` });
    },
  };
}

/** One of the worker's parts, built alone into one file. */
async function buildWorkerPart(entry: string): Promise<{ code: string; imports: string[] }> {
  const { build } = await import("vite");
  const output = await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      target: "es2022",
      lib: { entry: fileURLToPath(new URL(`../${entry}`, import.meta.url)), formats: ["es"], fileName: () => "part.mjs" },
      // Copied as they are by bundlers (not rebuilt, so not minified by them): minified here.
      rollupOptions: { output: { codeSplitting: false, minify: true } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ("output" in result ? result.output : [])).filter((item) => item.type === "chunk");
  if (chunks.length !== 1) throw new Error(`${entry}: expected one chunk, got ${chunks.length}`);
  const { code, imports, dynamicImports } = chunks[0]!;
  return { code, imports: [...imports, ...dynamicImports] };
}

/**
 * dist/worker.mjs: one file with no imports (a bundler may serve it as it is or rebuild it into one
 * classic script), whose only file URLs are its parts (WORKER_PARTS), each a file of its own beside it.
 */
export function workerAssets(): Plugin {
  return {
    name: "quickbox-worker-assets",
    apply: "build",
    enforce: "pre",
    load(id) {
      return replacementFor(WORKER_REPLACEMENTS, id);
    },
    transform(code, id) {
      return neutraliseVariantWasm(code, id);
    },
    renderChunk(code) {
      const rewritten = code.replace(PART_FILE_URLS, '"./$1"');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    async generateBundle(_options, bundle) {
      const partFiles: string[] = WORKER_PARTS.map((part) => part.fileName);
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        const urls = [...item.code.matchAll(PACKAGE_FILE_URL)].map((match) => match[1]!);
        if (urls.some((url) => !partFiles.includes(url)) || VARIANT_WASM_URL.test(item.code)) this.error(`${item.fileName} refers to a file by URL; bundlers would copy files around it`);
        for (const file of partFiles) if (!urls.includes(file)) this.error(`${item.fileName} does not refer to its part ${file} as new URL("./${file}", import.meta.url)`);
        const bare = BARE_IMPORT.exec(item.code);
        if (bare) this.error(`${item.fileName} imports "${bare[1]}": the worker must be self-contained`);
      }
      for (const part of WORKER_PARTS) {
        const { code, imports } = await buildWorkerPart(part.entry);
        if (imports.length > 0 || new RegExp(PACKAGE_FILE_URL.source).test(code)) this.error(`${part.fileName} imports or refers to another file: a part must be self-contained`);
        this.emitFile({ type: "asset", fileName: part.fileName, source: code });
      }
    },
  };
}
