/**
 * Where Node, Deno and Bun read the release build's .wasm from. In this repository: the file of
 * the installed @jitl package. The library build replaces this module with the package's own
 * `./quickjs.wasm` beside node-host.js (scripts/vite-plugin-library-assets.ts).
 */
export async function releaseWasmLocation(): Promise<string | URL> {
  const { createRequire } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:module");
  return createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
}
