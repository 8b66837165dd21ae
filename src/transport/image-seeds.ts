/**
 * The base image a new worker starts from, per compiled module: the one an earlier worker built
 * (the first worker of a process built it: ~200 ms of prelude evaluation; every later one — a
 * bigger pool, a replacement after a crash, the next interpreter — starts from the copy it handed
 * over), else the one the module carries (dist/quickjs.wasm: engine/embedded-seed.ts). The carried
 * one is read and checked (its sha256) here, on the host, while the worker's script loads: the
 * worker then starts from it without spending its own start on that.
 */
import type { BaseImageSeed } from "../engine/base-image-seed.js";
import { RELEASE_BUILD } from "../engine/wasm-build.js";

const seeds = new WeakMap<WebAssembly.Module, BaseImageSeed>();
const carried = new WeakMap<WebAssembly.Module, Promise<BaseImageSeed | null>>();

export function rememberImageSeed(wasmModule: WebAssembly.Module, seed: BaseImageSeed | null): void {
  if (seed && !seeds.has(wasmModule)) seeds.set(wasmModule, seed);
}

let seedCheck: Promise<typeof import("../engine/embedded-seed.js")> | null = null;

/**
 * The seed a new worker of the module `wasm` compiles to is handed: a built one, else the module's
 * own once checked (undefined when neither: the worker builds the image, or finds that the
 * module's seed is not this code's). The check's code is a chunk of its own, loaded while the
 * module compiles.
 */
export async function startingImageSeed(wasm: Promise<WebAssembly.Module>): Promise<BaseImageSeed | undefined> {
  seedCheck ??= import("../engine/embedded-seed.js");
  const loading = seedCheck;
  loading.catch(() => {
    if (seedCheck === loading) seedCheck = null;
  });
  const wasmModule = await wasm;
  const built = seeds.get(wasmModule);
  if (built) return built;
  let checked = carried.get(wasmModule);
  if (!checked) {
    // A failure to load or check it costs nothing but the worker doing the same itself.
    checked = loading.then(({ embeddedSeed }) => embeddedSeed(wasmModule, RELEASE_BUILD.id)).catch(() => null);
    carried.set(wasmModule, checked);
  }
  return seeds.get(wasmModule) ?? (await checked) ?? undefined;
}
