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
import { releaseWasmUrl } from "./wasm-url.js";

async function compileFromPackage(specifier: string, browserUrl: (() => string) | undefined): Promise<WebAssembly.Module> {
  const runtime = detectRuntime();
  if (runtime === "workerd") {
    throw new QuickboxError(
      "INVALID_OPTIONS",
      "workerd cannot compile WebAssembly from bytes: pass the imported module as `wasmModule` (import quickjsWasm from \"quickbox/wasm\"; see README, Cloudflare Workers)",
    );
  }
  if (runtime === "node" || runtime === "deno") {
    const { createRequire } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:module");
    const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:fs/promises");
    const path = createRequire(import.meta.url).resolve(specifier);
    return WebAssembly.compile(await readFile(path));
  }
  if (!browserUrl) throw new Error(`quickbox: no URL is known for ${specifier} in this runtime; pass wasmModule`);
  const url = new URL(browserUrl(), globalThis.location?.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`quickbox: could not load ${url.href}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Compiles a build's .wasm from its package (the release build in browsers: from the bundled asset). */
export function compileBuildWasm(profile: WasmBuildProfile): Promise<WebAssembly.Module> {
  return compileFromPackage(profile.wasmSpecifier, profile === RELEASE_BUILD ? releaseWasmUrl : undefined);
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
