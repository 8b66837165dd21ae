/**
 * Where Node, Deno and Bun find the engine worker's script and the QuickJS .wasm: paths on disk.
 * Inside this repository: the built dist/worker.mjs (Node cannot load the .ts entry) and the
 * built dist/quickjs.wasm, the .wasm with the base image inside (engine/embedded-seed.ts), as the
 * package ships it — each process then starts from that image instead of evaluating the prelude
 * (~0.45 CPU-s per process); the engine takes the image only when it is the one this source builds,
 * else it builds it — or, without a build, the installed QuickJS package's file. quickbox's library build replaces this module with the package
 * form (scripts/vite-plugin-library-assets.ts): the files beside node-host.js, named so that no
 * bundler rewrites the reference (webpack turns `new URL("./x", import.meta.url)` in a server
 * bundle into an asset URL of its own that Node's fs and worker_threads refuse), or, where the
 * bundle moved away from the package, the installed package's own files.
 */
export type NodeAsset = "worker" | "wasm";

export async function nodeAssetPath(asset: NodeAsset): Promise<string> {
  if (asset === "worker") {
    const { fileURLToPath } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:url");
    return fileURLToPath(new URL(/* @vite-ignore */ "../../dist/worker.mjs", import.meta.url));
  }
  const { fileURLToPath } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:url");
  const { access } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:fs/promises");
  const built = fileURLToPath(new URL(/* @vite-ignore */ "../../dist/quickjs.wasm", import.meta.url));
  const { createRequire } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:module");
  return access(built).then(
    () => built,
    () => createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"),
  );
}
