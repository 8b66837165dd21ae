/**
 * Where browsers fetch the QuickJS .wasm from. Inside this repository vite resolves the package's
 * file (dev server, tests, the playground build). quickbox's library build replaces this module
 * with `new URL("./quickjs.wasm", import.meta.url)` and ships the file next to dist/index.js, the
 * form that consumers' bundlers recognise and copy.
 */
import packagedWasmUrl from "@jitl/quickjs-wasmfile-release-sync/wasm?url";

/** A function, not a constant: workerd has no `import.meta.url`, so resolving it on import would fail there. */
export function releaseWasmUrl(): string {
  return new URL(packagedWasmUrl, globalThis.location?.href ?? import.meta.url).href;
}
