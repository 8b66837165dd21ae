// Bundles src/guest/prelude.ts (with node-inspect-extracted and devalue) into the script the engine
// evaluates into the base image — a wrapper and the pieces it compiles one at a time
// (prelude-pieces.mjs) — and writes them to src/generated/guest-prelude.ts (the core) and
// src/generated/guest-chunks.ts (the chunks threads load on first use).
// The output is committed: the base image must be byte-identical in every runtime, and a test
// checks that this file is up to date (`npm run build:prelude` regenerates it).
import { build } from "vite";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { splitPrelude } from "./prelude-pieces.mjs";
import { APPLY_NAME, CaptureRegistry, captureBuiltins, RECORD_NAME } from "./builtin-captures.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const OUTPUT_PATH = `${root}src/generated/guest-prelude.ts`;
/** The chunks, apart: every thread may load them, so the worker carries them; the core only builds an image. */
export const CHUNKS_OUTPUT_PATH = `${root}src/generated/guest-chunks.ts`;

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
    // getStringWidth walks a string code point by code point in JavaScript (~1 µs each in QuickJS):
    // an array of 100 strings of 1,000 characters took ~200 ms to render. Printable ASCII is as
    // wide as it is long (nothing to strip, NFC leaves it, no wide or zero-width code point).
    find: "ir=function(t){var e=0;",
    replace: 'ir=function(t){if(typeof t=="string"&&/^[\\x20-\\x7e]*$/.test(t))return t.length;var e=0;',
  },
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
  // The inspector is loaded into a thread after its programs ran (src/guest/inspect-facade.ts). Its
  // primordials' static reads (Array.prototype.join, …) are captured in the base image
  // (builtin-captures.mjs); these are the reads that name no static path, made the same way.
  {
    // Map's and Set's size getters (it read them with __lookupGetter__, a method a program can replace).
    find: 'MapPrototypeGetSize:d(Map,"size")',
    replace: 'MapPrototypeGetSize:Function.prototype.call.bind(__qbCaptured("Object.getOwnPropertyDescriptor(Map.prototype, \'size\').get"))',
  },
  {
    find: 'SetPrototypeGetSize:d(Set,"size")',
    replace: 'SetPrototypeGetSize:Function.prototype.call.bind(__qbCaptured("Object.getOwnPropertyDescriptor(Set.prototype, \'size\').get"))',
  },
  {
    // The string iterator's next (its prototype has no global name).
    find: "SafeStringIterator:g(m,Function.prototype.call.bind(S.next))",
    replace: "SafeStringIterator:g(m,Function.prototype.call.bind(__qbCaptured(\"Object.getPrototypeOf(''[Symbol.iterator]()).next\")))",
  },
  {
    // Its SafeMap and SafeSet copied Map.prototype's and Set.prototype's methods as they were at
    // load: the captured ones instead, on a prototype that inherits nothing (as Node's).
    find: "SafeMap:v(Map,function(t){function e(t){return p(this,e),o(this,e,[t])}return i(e,t),y(e)}(a(Map))),SafeSet:v(Set,function(t){function e(t){return p(this,e),o(this,e,[t])}return i(e,t),y(e)}(a(Set))),",
    replace:
      "SafeMap:__qbSafe(Map,{get:Map.prototype.get,set:Map.prototype.set,has:Map.prototype.has,delete:Map.prototype.delete,clear:Map.prototype.clear},__qbCaptured(\"Object.getOwnPropertyDescriptor(Map.prototype, 'size').get\"))," +
      "SafeSet:__qbSafe(Set,{add:Set.prototype.add,has:Set.prototype.has,delete:Set.prototype.delete,clear:Set.prototype.clear},__qbCaptured(\"Object.getOwnPropertyDescriptor(Set.prototype, 'size').get\")),",
  },
  {
    find: "function d(t,e){return Function.prototype.call.bind(t.prototype.__lookupGetter__(e))}",
    replace:
      "function d(t,e){return Function.prototype.call.bind(Object.getOwnPropertyDescriptor(t.prototype,e).get)}" +
      "function __qbSafe(C,methods,size){class S extends C{constructor(){super()}}Object.defineProperties(S.prototype,Object.getOwnPropertyDescriptors(methods));" +
      'Object.defineProperty(S.prototype,"size",{get:size,configurable:!0});Object.setPrototypeOf(S.prototype,null);Object.freeze(S.prototype);return Object.freeze(S)}',
  },
  {
    // The names of the global built-ins, as the thread started with them (not as its programs left them).
    find: "Qe=new St(d(nt(Kt),(function(t){return null!==dt(/^[A-Z][a-zA-Z0-9]+$/,t)})))",
    replace: 'Qe=function(){var s=new St,n=__qbCaptured("Object.freeze(Object.getOwnPropertyNames(globalThis).filter((name) => /^[A-Z][a-zA-Z0-9]+$/.test(name)))");for(var k=0;k<n.length;k++)s.add(n[k]);return s}()',
  },
  {
    // A typed array's length from the captured getter (not from its constructor's prototype, which a program may give it).
    find: 'TypedArrayPrototypeGetLength:("length",function(t){return t.constructor.prototype.__lookupGetter__("length").call(t)})',
    replace: "TypedArrayPrototypeGetLength:Function.prototype.call.bind(__qbCaptured(\"Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get\"))",
  },
  {
    // Babel's for…of over an array (its own lists of keys) reads the array's iterator, which a
    // program may replace: arrays take its indexed path.
    find: 'var r="undefined"!=typeof Symbol&&t[Symbol.iterator]||t["@@iterator"];if(!r){if(Array.isArray(t)||',
    replace: 'var r=!Array.isArray(t)&&("undefined"!=typeof Symbol&&t[Symbol.iterator]||t["@@iterator"]);if(!r){if(Array.isArray(t)||',
    all: true,
  },
  {
    // formatWithOptions' rest arguments: the minifier made this loop `[...arguments].slice(1)`, a
    // call of the array's slice as the program left it; the captured slice instead.
    find: "for(var e=arguments.length,r=new Array(e>1?e-1:0),n=1;n<e;n++)r[n-1]=arguments[n];return dn(t,r)",
    replace: "return dn(t,Array.prototype.slice.call(arguments,1))",
  },
  // Its own calls of array methods on arrays it made, made through the captured methods.
  { find: "if(t.seen.includes(e)){", replace: "if(Array.prototype.includes.call(t.seen,e)){" },
  { find: "n+=1,t.seen.push(e),", replace: "n+=1,Array.prototype.push.call(t.seen,e)," },
  { find: "if(2===e&&!u.enumerable)continue;n.push(l)}", replace: "if(2===e&&!u.enumerable)continue;Array.prototype.push.call(n,l)}" },
  { find: "(2!==e||d.enumerable)&&n.push(g)", replace: "(2!==e||d.enumerable)&&Array.prototype.push.call(n,g)" },
  { find: 'a="String",r.splice(0,t.length)', replace: 'a="String",Array.prototype.splice.call(r,0,t.length)' },
  {
    // Its type checks (isMap, isDate, …): the constructors and valueOf methods the thread started
    // with, not the globals of those names a program may have replaced.
    find: "function i(t){for(var e=arguments.length,r=new Array(e>1?e-1:0),i=1;i<e;i++)r[i-1]=arguments[i];for(var a=0,c=r;a<c.length;a++){var l=c[a],u=globalThis[l];if(u&&t instanceof u)return!0}for(;t;){if(\"object\"!==n(t))return!1;if(r.indexOf(o(t))>=0)return!0;t=Object.getPrototypeOf(t)}return!1}function a(t){return function(e){if(!i(e,t.name))return!1;try{t.prototype.valueOf.call(e)}catch(t){return!1}return!0}}",
    replace:
      "function i(t){var r=Array.prototype.slice.call(arguments,1),g=__qbCaptured(\"Object.freeze(Object.getOwnPropertyNames(globalThis).reduce((found, name) => { const descriptor = Object.getOwnPropertyDescriptor(globalThis, name); if (/^[A-Z]/.test(name) && descriptor && typeof descriptor.value === 'function') found[name] = descriptor.value; return found; }, Object.create(null)))\");for(var a=0;a<r.length;a++){var l=r[a],u=g[l];if(u&&t instanceof u)return!0}for(;t;){if(\"object\"!==n(t))return!1;if(Array.prototype.indexOf.call(r,o(t))>=0)return!0;t=Object.getPrototypeOf(t)}return!1}" +
      "function a(t,v){return function(e){if(!i(e,t.name))return!1;try{v.call(e)}catch(t){return!1}return!0}}",
  },
  { find: "var c=a(String),l=a(Number),u=a(Boolean),p=a(BigInt),f=a(Symbol);", replace: "var c=a(String,String.prototype.valueOf),l=a(Number,Number.prototype.valueOf),u=a(Boolean,Boolean.prototype.valueOf),p=a(BigInt,BigInt.prototype.valueOf),f=a(Symbol,Symbol.prototype.valueOf);" },
  {
    // Proxies are made by the core's registry (src/guest/proxy-registry.ts) from the first cell on,
    // before this inspector is loaded into the thread (src/guest/inspect/chunk-link.ts): ask it.
    find: "r=o.get(t);if(r)return e?r:r[0]",
    replace: "r=__qbCore.proxyDetails(t);if(r)return e?r:r[0]",
  },
];

/** node-inspect-extracted reads `Atomics` at load: give it a temporary one, then take the shim away.
 * (Its Proxy wrapper is built on the captured, native `Proxy`, and unused: see the patch above.) */
function guestLibraryShims() {
  return {
    name: "quickbox-guest-library-shims",
    transform(code, id) {
      if (!/node-inspect-extracted[\\/]dist[\\/]inspect\.js$/.test(id)) return null;
      let patched = code;
      for (const { find, replace, all } of INSPECT_PATCHES) {
        if (!patched.includes(find)) throw new Error(`node-inspect-extracted patch does not apply: ${find}`);
        patched = all ? patched.replaceAll(find, replace) : patched.replace(find, replace);
      }
      return {
        code:
          'const __qbHadAtomics = "Atomics" in globalThis;\n' +
          "if (!__qbHadAtomics) globalThis.Atomics = {};\n" +
          patched +
          "\nif (!__qbHadAtomics) delete globalThis.Atomics;\n",
        map: null,
      };
    },
  };
}

/** One iife bundle of `entry` (the node-inspect-extracted patches apply wherever it is imported). */
async function bundle(entry, name) {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    plugins: [guestLibraryShims()],
    build: {
      write: false,
      minify: true,
      target: "es2023",
      lib: { entry: `${root}${entry}`, formats: ["iife"], name },
      rollupOptions: { output: { exports: "named" } },
    },
  });
  return (Array.isArray(result) ? result[0] : result).output[0].code;
}

/** The chunks a thread loads on first use (src/chunk-bridge-protocol.ts), by name: their entries. */
const CHUNK_ENTRIES = { web: "src/guest/web/chunk.ts", inspect: "src/guest/inspect/chunk.ts", "plain-inspect": "src/guest/plain-inspect/chunk.ts" };

export async function bundlePrelude() {
  const captured = CAPTURED_GLOBALS.join(",");
  // The last piece's completion value is the internal API; nothing leaks into the global scope.
  const core = splitPrelude(await bundle("src/guest/prelude.ts", "__quickboxInternal"), { open: `(function(){const {${captured}} = globalThis;\nreturn `, close: ";})()", completion: ".internal" });
  const chunks = {};
  // Chunks are compiled into a thread after its programs ran: the built-ins they read are the ones
  // the image captured before any program (builtin-captures.mjs), one array for all chunks.
  const registry = new CaptureRegistry();
  for (const [name, entry] of Object.entries(CHUNK_ENTRIES)) {
    const code = captureBuiltins(await bundle(entry, "__quickboxChunk"), CAPTURED_GLOBALS, registry);
    // Called with the pristine eval, the core's captured built-ins (and the captured array) and the core's link (web/chunk-link.ts).
    chunks[name] = splitPrelude(code, { open: `(function(eval, {${captured}, ${CAPTURED_BUILTINS_KEY}: ${RECORD_NAME}}, __qbCore){const ${APPLY_NAME} = ${RECORD_NAME}[0];\nreturn `, close: ";})", completion: "" });
  }
  return { ...core, captured: CAPTURED_GLOBALS, builtins: registry.expressions, chunks };
}

/** Where the captured array is in the image's captured built-ins (engine/prelude-evaluation.ts). */
const CAPTURED_BUILTINS_KEY = "__qbBuiltins";

const list = (items) => `[\n${items.map((item) => `  ${JSON.stringify(item)},\n`).join("")}]`;

/** The core prelude (src/generated/guest-prelude.ts): needed only where a base image is built. */
export function renderModule({ wrapper, pieces, captured, builtins }) {
  return (
    "// Generated by scripts/build-prelude.mjs from src/guest/. Do not edit.\n" +
    "/** Evaluated first: a function that runs one piece in the prelude's scope (scripts/prelude-pieces.mjs). */\n" +
    `export const GUEST_PRELUDE_WRAPPER: string = ${JSON.stringify(wrapper)};\n` +
    "/** The prelude's code, in the order it runs; the last one's completion value is its internal API. */\n" +
    `export const GUEST_PRELUDE_PIECES: readonly string[] = ${list(pieces)};\n` +
    "/** The built-ins the prelude captures before any program runs, by name: chunks get them too. */\n" +
    `export const GUEST_CAPTURED_GLOBALS: readonly string[] = ${JSON.stringify(captured)};\n` +
    "/** Where the image keeps the values below among the captured built-ins (scripts/builtin-captures.mjs). */\n" +
    `export const GUEST_CAPTURED_BUILTINS_KEY = ${JSON.stringify(CAPTURED_BUILTINS_KEY)};\n` +
    "/** The built-in values the chunks read, evaluated before any program runs, in order (a chunk reads them by index). */\n" +
    `export const GUEST_CAPTURED_BUILTINS: readonly string[] = ${list(builtins)};\n`
  );
}

/** The chunks a thread loads on first use (src/generated/guest-chunks.ts). */
export function renderChunksModule({ chunks }) {
  return (
    "// Generated by scripts/build-prelude.mjs from src/guest/. Do not edit.\n" +
    "/** Chunks a thread loads on first use (chunk-bridge-protocol.ts): a wrapper `(eval, captured, link) => loader` and its pieces. */\n" +
    `export const GUEST_CHUNKS: Readonly<Record<string, { readonly wrapper: string; readonly pieces: readonly string[] }>> = {\n${Object.entries(chunks)
      .map(([name, chunk]) => `  ${JSON.stringify(name)}: {\n    wrapper: ${JSON.stringify(chunk.wrapper)},\n    pieces: ${list(chunk.pieces).replace(/\n/g, "\n    ")},\n  },\n`)
      .join("")}};\n`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const prelude = await bundlePrelude();
  for (const [path, text] of [
    [OUTPUT_PATH, renderModule(prelude)],
    [CHUNKS_OUTPUT_PATH, renderChunksModule(prelude)],
  ]) {
    let previous = "";
    try {
      previous = readFileSync(path, "utf8");
    } catch {}
    if (previous !== text) writeFileSync(path, text);
    console.log(`${path.slice(root.length)}: ${text.length} bytes${previous === text ? " (unchanged)" : " (written)"}`);
  }
}
