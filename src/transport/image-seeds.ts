/**
 * Base images the host has been handed by its workers, per compiled module: the first worker of
 * a process builds the image (~200 ms of prelude evaluation), every later one (a bigger pool, a
 * replacement after a crash, the next interpreter) starts from this copy of it.
 */
import type { BaseImageSeed } from "../engine/base-image-seed.js";

const seeds = new WeakMap<WebAssembly.Module, BaseImageSeed>();

export function imageSeedFor(wasmModule: WebAssembly.Module): BaseImageSeed | undefined {
  return seeds.get(wasmModule);
}

export function rememberImageSeed(wasmModule: WebAssembly.Module, seed: BaseImageSeed | null): void {
  if (seed && !seeds.has(wasmModule)) seeds.set(wasmModule, seed);
}
