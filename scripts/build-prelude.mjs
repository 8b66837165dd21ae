// Bundles src/guest/prelude.ts (with node-inspect-extracted and devalue) into the script the engine
// evaluates into the base image — a wrapper and the pieces it compiles one at a time
// (prelude-pieces.mjs) — and writes them to src/generated/guest-prelude.ts.
// The output is committed: the base image must be byte-identical in every runtime, and a test
// checks that this file is up to date (`npm run build:prelude` regenerates it).
import { build } from "vite";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { splitPrelude } from "./prelude-pieces.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const OUTPUT_PATH = `${root}src/generated/guest-prelude.ts`;

/**
 * Built-ins the bundle sees as local bindings captured before user code runs, so a program that
 * deletes or replaces globals in its own thread cannot break the prelude.
 */
const CAPTURED_GLOBALS = [
  "Object", "Function", "Array", "Number", "Boolean", "String", "Symbol", "BigInt", "Math", "JSON", "Reflect",
  "Promise", "Proxy", "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError",
  "AggregateError", "Date", "RegExp", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry",
  "ArrayBuffer", "SharedArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array",
  "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
  "Iterator", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent", "decodeURIComponent",
  "encodeURI", "decodeURI", "escape", "unescape",
];

/** Exact-text patches of node-inspect-extracted 3.0.2 (pinned); the build fails if one does not apply. */
const INSPECT_PATCHES = [
  {
    // Its emulation of V8's getOwnNonIndexProperties lists every element of an array: a 20 MB
    // typed array would need 20 million property descriptors. Very long arrays skip that scan
    // (extra non-index properties on them are not shown).
    find: "getOwnNonIndexProperties:function(t){",
    replace:
      'getOwnNonIndexProperties:function(t){if(t!=null&&typeof t.length=="number"&&t.length>65536&&(Array.isArray(t)||ArrayBuffer.isView(t)))return[];',
  },
  {
    // Node's getStackString(err): V8 stacks start with "Name: message"; QuickJS's hold only the
    // frames, which Node's formatError would print as "[    at …]". Prepend the header.
    find: "function Br(t){return t.stack?wt(t.stack):T(t)}",
    replace: 'function Br(t){var s=t.stack?wt(t.stack):"";return /^\\s+at /.test(s)?T(t)+"\\n"+s.replace(/\\n$/,""):s||T(t)}',
  },
  {
    // Its generator/async checks read the source text, which misses methods (`async *gen(){}`,
    // `*g(){}`): Node shows [AsyncGeneratorFunction: gen]. Ask the function's own tag instead.
    find: 'isGeneratorFunction:function(t){return"function"==typeof t&&Function.prototype.toString.call(t).match(/^(async\\s+)?function *\\*/)}',
    replace: 'isGeneratorFunction:function(t){return"function"==typeof t&&/^\\[object (Async)?GeneratorFunction\\]$/.test(Object.prototype.toString.call(t))}',
  },
  {
    find: 'isAsyncFunction:function(t){return"function"==typeof t&&Function.prototype.toString.call(t).startsWith("async")}',
    replace: 'isAsyncFunction:function(t){return"function"==typeof t&&/^\\[object Async(Generator)?Function\\]$/.test(Object.prototype.toString.call(t))}',
  },
];

/** node-inspect-extracted reads `Atomics` at load and builds its Proxy wrapper on the global
 * `Proxy`; give it the native one and a temporary Atomics, then take the shim away. */
function guestLibraryShims() {
  return {
    name: "quickbox-guest-library-shims",
    transform(code, id) {
      if (!/node-inspect-extracted[\\/]dist[\\/]inspect\.js$/.test(id)) return null;
      let patched = code;
      for (const { find, replace } of INSPECT_PATCHES) {
        if (!patched.includes(find)) throw new Error(`node-inspect-extracted patch does not apply: ${find}`);
        patched = patched.replace(find, replace);
      }
      return {
        code:
          'const Proxy = globalThis.Proxy; const __qbHadAtomics = "Atomics" in globalThis;\n' +
          "if (!__qbHadAtomics) globalThis.Atomics = {};\n" +
          patched +
          "\nif (!__qbHadAtomics) delete globalThis.Atomics;\n",
        map: null,
      };
    },
  };
}

export async function bundlePrelude() {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    plugins: [guestLibraryShims()],
    build: {
      write: false,
      minify: true,
      target: "es2023",
      lib: {
        entry: `${root}src/guest/prelude.ts`,
        formats: ["iife"],
        name: "__quickboxInternal",
      },
      rollupOptions: { output: { exports: "named" } },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result).output[0].code;
  // The last piece's completion value is the internal API; nothing leaks into the global scope.
  return splitPrelude(output, `const {${CAPTURED_GLOBALS.join(",")}} = globalThis;`);
}

export function renderModule({ wrapper, pieces }) {
  return (
    "// Generated by scripts/build-prelude.mjs from src/guest/. Do not edit.\n" +
    "/** Evaluated first: a function that runs one piece in the prelude's scope (scripts/prelude-pieces.mjs). */\n" +
    `export const GUEST_PRELUDE_WRAPPER: string = ${JSON.stringify(wrapper)};\n` +
    "/** The prelude's code, in the order it runs; the last one's completion value is its internal API. */\n" +
    `export const GUEST_PRELUDE_PIECES: readonly string[] = [\n${pieces.map((piece) => `  ${JSON.stringify(piece)},\n`).join("")}];\n`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = renderModule(await bundlePrelude());
  let previous = "";
  try {
    previous = readFileSync(OUTPUT_PATH, "utf8");
  } catch {}
  if (previous !== text) writeFileSync(OUTPUT_PATH, text);
  console.log(`guest prelude: ${text.length} bytes${previous === text ? " (unchanged)" : " (written)"}`);
}
