/**
 * Finding and compiling the QuickJS .wasm when the caller did not pass `wasmModule`.
 * Node and Deno read the file from the installed package; browsers fetch the URL the bundler
 * gave the asset. workerd cannot compile wasm from bytes at all: there `wasmModule` is required.
 */
import { QuickboxError } from "../errors.js";
import { detectRuntime } from "../runtime/detect.js";

export async function compileWasmFromPackage(specifier: string, browserUrl: string | (() => string)): Promise<WebAssembly.Module> {
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
  const url = new URL(typeof browserUrl === "function" ? browserUrl() : browserUrl, globalThis.location?.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`quickbox: could not load ${url.href}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

import { releaseWasmUrl } from "./wasm-url.js";

export function compileReleaseWasm(): Promise<WebAssembly.Module> {
  return compileWasmFromPackage("@jitl/quickjs-wasmfile-release-sync/wasm", releaseWasmUrl);
}
