/**
 * Booting a thread means a new wasm instance (~1 ms) plus copying the base image's ~1 MB of
 * changed pages (~0.8 ms). The pool keeps one booted spare per (image, memory size), prepared in
 * the background after each use, so creating a thread usually costs only its configuration.
 */
import type { BaseImage } from "./base-image.js";
import { createWasmInstance, type BoundWasmInstance } from "./wasm-instance.js";

const spares = new Map<string, Promise<BoundWasmInstance>>();

async function bootInstance(image: BaseImage, memoryBytes: number): Promise<BoundWasmInstance> {
  const instance = await createWasmInstance(image.profile, image.wasmModule, memoryBytes);
  const memory = new Uint8Array(instance.memory.buffer);
  for (const [start, end] of image.changedRanges) memory.set(image.bytes.subarray(start, end), start);
  return instance;
}

function keyOf(image: BaseImage, memoryBytes: number): string {
  return `${image.profile.id}:${image.hash}:${memoryBytes}`;
}

function prepareSpare(image: BaseImage, memoryBytes: number): void {
  const key = keyOf(image, memoryBytes);
  if (spares.has(key)) return;
  const spare = new Promise<BoundWasmInstance>((resolve, reject) => {
    setTimeout(() => bootInstance(image, memoryBytes).then(resolve, reject), 0);
  });
  spare.catch(() => spares.delete(key));
  spares.set(key, spare);
}

/** A booted instance holding the base image, ready for a thread to adopt. */
export async function acquireBootedInstance(image: BaseImage, memoryBytes: number): Promise<BoundWasmInstance> {
  const key = keyOf(image, memoryBytes);
  const spare = spares.get(key);
  spares.delete(key);
  const instance = spare ? await spare.catch(() => bootInstance(image, memoryBytes)) : await bootInstance(image, memoryBytes);
  prepareSpare(image, memoryBytes);
  return instance;
}

/** Drops the prepared spares (their memory is released once collected). */
export function releaseSpareInstances(): void {
  spares.clear();
}
