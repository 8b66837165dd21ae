/**
 * Finding and compiling the QuickJS .wasm when the caller did not pass `wasmModule`. Node and
 * Deno read the file from the installed package; browsers fetch the URL the bundler gave the
 * asset. workerd cannot compile wasm from bytes at all: there `wasmModule` is required. The
 * engine never loads wasm itself: it is handed a compiled module (see core/engine-bootstrap.ts).
 */
import type { WasmBuildProfile } from "../engine/wasm-build.js";
import { RELEASE_BUILD } from "../engine/wasm-build.js";
import { QuickboxError } from "../errors.js";
import { detectRuntime } from "./detect.js";
import { readWasmBytes } from "./node-host.js";
import { releaseWasmUrl } from "./wasm-url.js";

/** Streaming compilation where the server says application/wasm; from the bytes otherwise. */
async function compileFromUrl(url: URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`quickbox: could not load ${url.href}: HTTP ${response.status}`);
  if (typeof WebAssembly.compileStreaming === "function" && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

async function compileFromPackage(profile: WasmBuildProfile): Promise<WebAssembly.Module> {
  const runtime = detectRuntime();
  if (runtime === "workerd") {
    throw new QuickboxError(
      "INVALID_OPTIONS",
      "workerd cannot compile WebAssembly from bytes: pass the imported module as `wasmModule` (import quickjsWasm from \"quickbox/wasm\"; see README, Cloudflare Workers)",
    );
  }
  const release = profile === RELEASE_BUILD;
  if (runtime === "node" || runtime === "deno") return WebAssembly.compile(await readWasmBytes(release ? null : profile.wasmSpecifier));
  if (!release) throw new Error(`quickbox: no URL is known for ${profile.wasmSpecifier} in this runtime; pass wasmModule`);
  return compileFromUrl(new URL(releaseWasmUrl(), globalThis.location?.href));
}

/** Compiles a build's .wasm from its package (the release build in browsers: from the bundled asset). */
export function compileBuildWasm(profile: WasmBuildProfile): Promise<WebAssembly.Module> {
  return compileFromPackage(profile);
}

let compiledRelease: Promise<WebAssembly.Module> | undefined;

/** The release build's module, compiled once per process (a failure is retried next time). */
export function defaultWasmModule(): Promise<WebAssembly.Module> {
  compiledRelease ??= compileBuildWasm(RELEASE_BUILD).catch((error: unknown) => {
    compiledRelease = undefined;
    throw error;
  });
  return compiledRelease;
}
