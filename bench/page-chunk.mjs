/**
 * The page's own chunk (issue 29 §2, DESIGN §8 "the page's own chunk carries only what the app
 * uses"): a vite build of an app that only calls createInterpreter + eval, against the package
 * (dist/, as a user's app gets it, or another build: `node bench/page-chunk.mjs /path/to/dist`).
 * Prints the entry chunk and everything it imports statically (what the page must load before it
 * runs), raw and gzip; then what loads later (dynamic imports), and the largest modules in the
 * static part. `--src`: the same app against src/ (alias), to attribute the bytes to source files.
 *
 *   npm run build && node bench/page-chunk.mjs [distDir] [--src]
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { writeBuildResults } from "./build-results.mjs";

const repo = fileURLToPath(new URL("../", import.meta.url));
const fromSource = process.argv.includes("--src");
const distDir = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? `${repo}dist`;
if (!fromSource && !existsSync(`${distDir}/index.js`)) throw new Error(`no build at ${distDir}: run npm run build`);

const app = `${repo}test-results/page-chunk-app/`;
rmSync(app, { recursive: true, force: true });
mkdirSync(`${app}node_modules`, { recursive: true });
// Its own package.json: otherwise "quickbox" would resolve to the repository itself (a package may import its own name).
writeFileSync(`${app}package.json`, JSON.stringify({ name: "page-chunk-app", private: true, type: "module" }));
writeFileSync(`${app}index.html`, `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./main.js"></script></body></html>`);
writeFileSync(
  `${app}main.js`,
  `import { createInterpreter } from "quickbox";\nconst qb = await createInterpreter();\nconst result = await qb.eval("1+1");\ndocument.body.textContent = result.text;\n`,
);
if (!fromSource) {
  const packageDir = `${app}quickbox-package/`;
  mkdirSync(packageDir);
  // A copy: with a symlink, the package root would resolve to the repository (and its dist/).
  copyFileSync(`${repo}package.json`, `${packageDir}package.json`);
  symlinkSync(distDir, `${packageDir}dist`, "dir");
  symlinkSync(`${repo}node_modules`, `${packageDir}node_modules`, "dir");
  symlinkSync(packageDir, `${app}node_modules/quickbox`, "dir");
}

const output = await build({
  root: app,
  logLevel: "warn",
  configFile: false,
  resolve: fromSource ? { alias: { quickbox: `${repo}src/index.ts` } } : {},
  build: { write: false, target: "es2022", minify: true, rollupOptions: { input: `${app}index.html` } },
});
const chunks = new Map((Array.isArray(output) ? output[0] : output).output.filter((item) => item.type === "chunk").map((chunk) => [chunk.fileName, chunk]));
const entry = [...chunks.values()].find((chunk) => chunk.isEntry);

/** The entry and what it imports statically, transitively. */
const staticGraph = new Set();
const visit = (name) => {
  if (staticGraph.has(name) || !chunks.has(name)) return;
  staticGraph.add(name);
  for (const imported of chunks.get(name).imports) visit(imported);
};
visit(entry.fileName);

const sizes = (names) => {
  const code = [...names].map((name) => chunks.get(name).code).join("\n");
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const page = sizes(staticGraph);
const later = [...chunks.keys()].filter((name) => !staticGraph.has(name));
console.log(`page's own chunk (entry + static imports: ${[...staticGraph].join(", ")}): ${kb(page.raw)} raw, ${kb(page.gzip)} gzip`);
console.log(`loaded on demand (dynamic imports, the worker excluded when it is a separate asset): ${later.length} chunk(s), ${kb(sizes(later).raw)} raw`);

const modules = [...staticGraph].flatMap((name) => Object.entries(chunks.get(name).modules).map(([id, info]) => [id.replace(repo, ""), info.renderedLength]));
modules.sort((a, b) => b[1] - a[1]);
console.log("largest modules in the page's own chunk (rendered bytes, before minification of the whole):");
for (const [id, length] of modules.slice(0, Number(process.env.PAGE_CHUNK_TOP ?? 25))) console.log(`  ${String(length).padStart(7)}  ${id}`);
// DESIGN §8 "the page's own chunk carries only what the app uses": this app uses createInterpreter + eval
// (the worker transport, comlink); the engine (QuickJS and its wasm loader, the prelude, the TypeScript
// transform), the inline engine, the adapters and the stores it did not ask for must not be in it.
const NOT_USED = /(^|\/)(ai|langchain|mcp|openai-agents|codemode|cloudflare|deno|postgres|redis|idb|node|node-host)\.js$|emscripten-module|\/ffi-|guest-prelude|guest-chunks|inline-engine|sucrase|acorn|parted-store|quickjs/;
const unused = modules.map(([id]) => id).filter((id) => NOT_USED.test(id));
console.log(unused.length === 0 ? "carries only what the app uses: no engine, adapter or store module in it" : `carries modules the app does not use: ${unused.join(", ")}`);
if (!fromSource) writeBuildResults("page-chunk", { rawBytes: page.raw, gzipBytes: page.gzip, chunks: [...staticGraph], modules: modules.map(([id]) => id), unused }, distDir);
rmSync(app, { recursive: true, force: true });
