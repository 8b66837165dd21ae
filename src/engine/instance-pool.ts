/**
 * Booting a thread means a new wasm instance (~1 ms) plus copying the base image's ~1 MB of
 * changed pages (~0.8 ms). A pool keeps one booted spare per memory size, prepared in the
 * background after each use, so creating a thread usually costs only its configuration.
 *
 * Instances of released threads (dropped, hibernated, mode "call") are recycled: their memory is
 * reset to the image instead of allocating a new one, which spares the garbage collector a
 * 64 MiB buffer per thread (it dominated waking hibernated threads). Memory above the allocator's
 * break and the dead stack region may keep the previous thread's bytes: nothing reads them
 * before writing (a fresh instance's zeros there are just as arbitrary), and snapshots never
 * rely on them (beyond the image they compare against zero, and restores clear that far).
 *
 * Pools belong to the interpreters that use them: `InstancePool.shared(image)` counts its users,
 * and when the last one calls `release()` the spares and recycled instances are dropped.
 */
import type { BaseImage } from "./base-image.js";
import { createWasmInstance, unboundBindings, type BoundWasmInstance } from "./wasm-instance.js";

/** Where a thread gets its instance from, and gives it back to. */
export interface InstanceSource {
  /** A booted instance holding the base image; `clearUpToBytes`: memory past the image that must read as zeros. */
  acquire(memoryBytes: number, clearUpToBytes?: number): Promise<BoundWasmInstance>;
  /** Takes back the instance of a thread that will never run again (not one that was lost). */
  recycle(instance: BoundWasmInstance): void;
}

export interface InstancePoolOptions {
  /**
   * Prepare a booted spare after each use. Off on workerd: it cancels a request's timers when
   * the request ends, so a spare one request started booting would never resolve for the next;
   * and in a 128 MB isolate a spare thread's memory is better not spent.
   */
  keepSpare: boolean;
}

const MAX_RECYCLED_PER_SIZE = 2;

/** Images that booted an instance already: later boots copy only the changed ranges. */
const bootedImages = new WeakSet<BaseImage>();

/**
 * A fresh instance with the base image copied in: the changed ranges, or — for the image's first
 * instance only, while they are not computed yet — the whole image but its dead stack (a plain
 * copy of a few MB costs less than finding them before a cold first eval). Every later instance
 * gets the ranges: a whole copy writes every page, and a written page stays resident.
 */
export async function bootInstance(image: BaseImage, memoryBytes: number): Promise<BoundWasmInstance> {
  const instance = await createWasmInstance(image.profile, image.wasmModule, memoryBytes);
  const memory = new Uint8Array(instance.memory.buffer);
  if (!image.changedRangesKnown && !bootedImages.has(image)) {
    // The dead stack is zero in the image and in a fresh memory: not written.
    const [deadStart, deadEnd] = image.deadStackRange ?? [image.bytes.length, image.bytes.length];
    memory.set(image.bytes.subarray(0, deadStart), 0);
    memory.set(image.bytes.subarray(deadEnd), deadEnd);
  } else {
    for (const [start, end] of image.changedRanges) memory.set(image.bytes.subarray(start, end), start);
  }
  bootedImages.add(image);
  return instance;
}

/** Resets a recycled memory: the image (but its dead stack region), then zeros to `clearUpToBytes`. */
function resetToImage(instance: BoundWasmInstance, image: BaseImage, clearUpToBytes: number): void {
  const memory = new Uint8Array(instance.memory.buffer);
  const [deadStart, deadEnd] = image.deadStackRange ?? [image.bytes.length, image.bytes.length];
  memory.set(image.bytes.subarray(0, deadStart), 0);
  memory.set(image.bytes.subarray(deadEnd), deadEnd);
  if (clearUpToBytes > image.bytes.length) memory.fill(0, image.bytes.length, Math.min(clearUpToBytes, memory.length));
}

/** Instances without a pool: each acquire boots a new one; nothing is kept. */
export function unpooledInstances(image: BaseImage): InstanceSource {
  return { acquire: (memoryBytes) => bootInstance(image, memoryBytes), recycle: () => {} };
}

const sharedPools = new Map<BaseImage, { pool: InstancePool; users: number }>();

export class InstancePool implements InstanceSource {
  readonly #spares = new Map<number, Promise<BoundWasmInstance>>();
  /** Spares whose boot has not started yet: cancelled by clear(), so a released pool boots nothing more. */
  readonly #pendingBoots = new Map<number, { timer: ReturnType<typeof setTimeout>; cancel: () => void }>();
  readonly #recycled = new Map<number, BoundWasmInstance[]>();

  constructor(
    private readonly image: BaseImage,
    private readonly options: InstancePoolOptions,
  ) {}

  /** The pool of `image` shared by this process's interpreters; call `release()` when done with it. */
  static shared(image: BaseImage, options: InstancePoolOptions): InstancePool {
    let entry = sharedPools.get(image);
    if (!entry) {
      entry = { pool: new InstancePool(image, options), users: 0 };
      sharedPools.set(image, entry);
    }
    entry.users++;
    return entry.pool;
  }

  /** One user is done with the shared pool; the last one drops its instances. */
  release(): void {
    const entry = sharedPools.get(this.image);
    if (entry?.pool !== this) {
      this.clear();
      return;
    }
    entry.users--;
    if (entry.users > 0) return;
    sharedPools.delete(this.image);
    this.clear();
  }

  /** Drops the prepared spares and recycled instances (their memory is released once collected). */
  clear(): void {
    for (const { timer, cancel } of this.#pendingBoots.values()) {
      clearTimeout(timer);
      cancel();
    }
    this.#pendingBoots.clear();
    this.#spares.clear();
    this.#recycled.clear();
  }

  /** Instances kept by all shared pools of this process (spares being prepared included). */
  static keptInProcess(): number {
    let count = 0;
    for (const { pool } of sharedPools.values()) count += pool.keptInstances;
    return count;
  }

  /** Instances kept right now (spares being prepared included), for tests and diagnostics. */
  get keptInstances(): number {
    let count = this.#spares.size;
    for (const list of this.#recycled.values()) count += list.length;
    return count;
  }

  /** Boots a spare of this size in the background (a new engine: for its first thread, while the host sends its first eval). */
  prepare(memoryBytes: number): void {
    this.#prepareSpare(memoryBytes);
  }

  /** `instance` holds the image already (BaseImage.takeInstance): the spare of its size, if there is none. */
  adopt(instance: BoundWasmInstance): void {
    const size = instance.memory.buffer.byteLength;
    if (!this.#spares.has(size)) this.#spares.set(size, Promise.resolve(instance));
  }

  #prepareSpare(memoryBytes: number): void {
    if (this.#spares.has(memoryBytes) || !this.options.keepSpare) return;
    const spare = new Promise<BoundWasmInstance>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pendingBoots.delete(memoryBytes);
        bootInstance(this.image, memoryBytes).then(resolve, reject);
      }, 0);
      // A pool released before the timer fired boots nothing (a script that disposed its interpreter exits
      // at once). Not unref'd: a thread being created may be waiting for this very spare.
      this.#pendingBoots.set(memoryBytes, { timer, cancel: () => reject(Object.assign(new Error("the instance pool was released"), { name: "PoolReleased" })) });
    });
    spare.catch(() => {
      if (this.#spares.get(memoryBytes) === spare) this.#spares.delete(memoryBytes);
    });
    this.#spares.set(memoryBytes, spare);
  }

  recycle(instance: BoundWasmInstance): void {
    const size = instance.memory.buffer.byteLength;
    const list = this.#recycled.get(size) ?? [];
    if (list.length >= MAX_RECYCLED_PER_SIZE) return;
    instance.bindings = unboundBindings();
    list.push(instance);
    this.#recycled.set(size, list);
  }

  async acquire(memoryBytes: number, clearUpToBytes = 0): Promise<BoundWasmInstance> {
    const reusable = this.#recycled.get(memoryBytes)?.pop();
    if (reusable) {
      resetToImage(reusable, this.image, clearUpToBytes);
      return reusable;
    }
    const spare = this.#spares.get(memoryBytes);
    this.#spares.delete(memoryBytes);
    const instance = spare ? await spare.catch(() => bootInstance(this.image, memoryBytes)) : await bootInstance(this.image, memoryBytes);
    this.#prepareSpare(memoryBytes);
    return instance;
  }
}
