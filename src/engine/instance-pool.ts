/**
 * Booting a thread means a new wasm instance (~1 ms) plus copying the base image's ~1 MB of
 * changed pages (~0.8 ms). The pool keeps one booted spare per (image, memory size), prepared in
 * the background after each use, so creating a thread usually costs only its configuration.
 *
 * Instances of released threads (dropped, hibernated, mode "call") are recycled: their memory is
 * reset to the image instead of allocating a new one, which spares the garbage collector a
 * 64 MiB buffer per thread (it dominated waking hibernated threads). Memory above the allocator's
 * break and the dead stack region may keep the previous thread's bytes: nothing reads them
 * before writing (a fresh instance's zeros there are just as arbitrary), and snapshots never
 * rely on them (beyond the image they compare against zero, and restores clear that far).
 */
import { detectRuntime } from "../runtime/detect.js";
import type { BaseImage } from "./base-image.js";
import { createWasmInstance, unboundBindings, type BoundWasmInstance } from "./wasm-instance.js";

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

/**
 * Not on workerd: it cancels a request's timers when the request ends, so a spare one request
 * started booting would never resolve for the next (which would wait for it forever); and in a
 * 128 MB isolate a spare thread's memory is better not spent.
 */
function prepareSpare(image: BaseImage, memoryBytes: number): void {
  const key = keyOf(image, memoryBytes);
  if (spares.has(key) || detectRuntime() === "workerd") return;
  const spare = new Promise<BoundWasmInstance>((resolve, reject) => {
    setTimeout(() => bootInstance(image, memoryBytes).then(resolve, reject), 0);
  });
  spare.catch(() => spares.delete(key));
  spares.set(key, spare);
}

const MAX_RECYCLED_PER_KEY = 2;
const recycled = new Map<string, BoundWasmInstance[]>();

/** Takes back the instance of a thread that will never run again (not one that was lost). */
export function recycleInstance(image: BaseImage, instance: BoundWasmInstance): void {
  const key = keyOf(image, instance.memory.buffer.byteLength);
  const list = recycled.get(key) ?? [];
  if (list.length >= MAX_RECYCLED_PER_KEY) return;
  instance.bindings = unboundBindings();
  list.push(instance);
  recycled.set(key, list);
}

/** Resets a recycled memory: the image (but its dead stack region), then zeros to `clearUpToBytes`. */
function resetToImage(instance: BoundWasmInstance, image: BaseImage, clearUpToBytes: number): void {
  const memory = new Uint8Array(instance.memory.buffer);
  const [deadStart, deadEnd] = image.deadStackRange ?? [image.bytes.length, image.bytes.length];
  memory.set(image.bytes.subarray(0, deadStart), 0);
  memory.set(image.bytes.subarray(deadEnd), deadEnd);
  if (clearUpToBytes > image.bytes.length) memory.fill(0, image.bytes.length, Math.min(clearUpToBytes, memory.length));
}

/**
 * A booted instance holding the base image, ready for a thread to adopt. `clearUpToBytes`: memory
 * past the image that must read as zeros (what a restored snapshot did not store because it was).
 */
export async function acquireBootedInstance(image: BaseImage, memoryBytes: number, clearUpToBytes = 0): Promise<BoundWasmInstance> {
  const key = keyOf(image, memoryBytes);
  const reusable = recycled.get(key)?.pop();
  if (reusable) {
    resetToImage(reusable, image, clearUpToBytes);
    return reusable;
  }
  const spare = spares.get(key);
  spares.delete(key);
  const instance = spare ? await spare.catch(() => bootInstance(image, memoryBytes)) : await bootInstance(image, memoryBytes);
  prepareSpare(image, memoryBytes);
  return instance;
}

/** Drops the prepared spares (their memory is released once collected). */
export function releaseSpareInstances(): void {
  spares.clear();
  recycled.clear();
}
