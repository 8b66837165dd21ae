/**
 * Finding and compiling the QuickJS .wasm when the caller did not pass `wasmModule`, the way the
 * runtime's HostRuntime says (host-runtime.ts): Node, Deno and Bun read the package's file;
 * browsers fetch the URL the bundler gave the asset; workerd cannot compile wasm from bytes at
 * all, so there `wasmModule` is required. The engine never loads wasm itself: it is handed a
 * compiled module (see core/engine-bootstrap.ts).
 */
import type { WasmBuildProfile } from "../engine/wasm-build.js";
import { RELEASE_BUILD } from "../engine/wasm-build.js";
import { QuickboxError } from "../errors.js";
import { hostRuntime, type HostRuntime } from "./host-runtime.js";
import { readWasmBytes } from "./node-host.js";
import { releaseWasmUrl } from "./web-assets.js";

/** Streaming compilation where the server says application/wasm; from the bytes otherwise. */
async function compileFromUrl(url: URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`quickbox: could not load ${url.href}: HTTP ${response.status}`);
  if (typeof WebAssembly.compileStreaming === "function" && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Compiles a build's .wasm from its package (the release build in browsers: from the bundled asset). */
export async function compileBuildWasm(profile: WasmBuildProfile, runtime: HostRuntime = hostRuntime()): Promise<WebAssembly.Module> {
  const release = profile === RELEASE_BUILD;
  switch (runtime.wasm) {
    case "passed-only":
      throw new QuickboxError(
        "INVALID_OPTIONS",
        runtime.kind === "workerd"
          ? 'workerd cannot compile WebAssembly from bytes: pass the imported module as `wasmModule` (import quickjsWasm from "quickbox/wasm"; see README, Cloudflare Workers)'
          : `this bundle of quickbox has no way to load the QuickJS .wasm in this runtime (${runtime.kind}; it was bundled without the node condition): pass a compiled module as \`wasmModule\``,
      );
    case "package-file":
      return WebAssembly.compile(await readWasmBytes(release ? null : profile.wasmSpecifier));
    case "url":
      if (!release) throw new Error(`quickbox: no URL is known for ${profile.wasmSpecifier} in this runtime; pass wasmModule`);
      return compileFromUrl(new URL(releaseWasmUrl(), globalThis.location?.href));
  }
}

let compiledRelease: Promise<WebAssembly.Module> | undefined;

/** The release build's module, compiled once per process (a failure is retried next time). */
export function defaultWasmModule(runtime: HostRuntime): Promise<WebAssembly.Module> {
  compiledRelease ??= compileBuildWasm(RELEASE_BUILD, runtime).catch((error: unknown) => {
    compiledRelease = undefined;
    throw error;
  });
  return compiledRelease;
}
