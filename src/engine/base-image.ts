/**
 * The base image (DESIGN.md §6): per process, one instance boots the runtime, the context and the
 * guest prelude; its memory is the image every new thread starts from. A new thread is a fresh
 * instance plus the 4 KiB chunks in which the image differs from a freshly instantiated memory,
 * so booting a thread costs one instantiation and a few hundred KB of copying, not ~100 ms of
 * prelude evaluation. Building uses a clock fixed at 0 and no randomness, so the image is
 * byte-identical in every runtime; its sha256 identifies it in snapshots.
 */
import type { JSContextPointer, JSRuntimePointer } from "quickjs-emscripten-core";
import { BIND_CELL_GLOBALS_SCRIPT } from "../guest/cell-global-names.js";
import { EVAL_GLOBAL, GuestCalls, type ValuePointer } from "./guest-calls.js";
import { describeGuestException } from "./guest-port.js";
import type { BaseImageSeed } from "./base-image-seed.js";
import type { WasmBuildProfile } from "./wasm-build.js";
import { createWasmInstance, type BoundWasmInstance } from "./wasm-instance.js";
import { installHostFunctions } from "./host-functions.js";
import { scrubFreeHeap } from "./heap-scrub.js";
import { embeddedSeed } from "./embedded-seed.js";
import { sha256Hex } from "../util/sha256-hex.js";
import { loadPrelude } from "./engine-parts.js";
import { evaluatePrelude, type ChunkScope } from "./prelude-evaluation.js";
import { stripsDebugInfo } from "./strip-flags.js";

export type { BaseImageSeed } from "./base-image-seed.js";

export const CHUNK_BYTES = 4096;
export { MIN_MEMORY_BYTES } from "./wasm-build.js";

/** Functions of the prelude's internal API (src/guest/prelude.ts). */
export const INTERNAL_FUNCTIONS = ["seed", "configure", "reconfigure", "track", "fail", "settledValue", "endSession", "poll", "fireTimer", "settle", "copyValue", "takeOutput", "close"] as const;
export type InternalFunction = (typeof INTERNAL_FUNCTIONS)[number];

export interface ImagePointers {
  rt: JSRuntimePointer;
  ctx: JSContextPointer;
  internal: ValuePointer;
  functions: Record<InternalFunction, ValuePointer>;
  /** What loading a chunk of the prelude needs (guest-chunks.ts). */
  chunkScope: ChunkScope;
}

/** Where an image came from: built here, another worker's seed, or the seed inside the .wasm (embedded-seed.ts). */
export type BaseImageOrigin = "built" | "seed" | "embedded";

export interface BaseImage {
  readonly profile: WasmBuildProfile;
  readonly origin: BaseImageOrigin;
  readonly wasmModule: WebAssembly.Module;
  /** Memory bytes [0, bytes.length); everything above is zero. */
  readonly bytes: Uint8Array;
  /**
   * [start, end) byte ranges in which the image differs from a fresh instance's memory. Found by
   * comparing the whole image on first use (tens of ms of cold JavaScript): not before the first
   * eval, which boots its instance with the whole image (see `changedRangesKnown`).
   */
  readonly changedRanges: readonly (readonly [number, number])[];
  /** Whether `changedRanges` is computed yet (reading it computes it). */
  readonly changedRangesKnown: boolean;
  readonly pointers: ImagePointers;
  /**
   * sha256 of `bytes`, hex, computed on first use: only snapshots and seeds need it, and digesting
   * the ~7 MB image takes 13–45 ms (Chromium's WebCrypto digests on the calling thread).
   */
  readonly hash: Promise<string>;
  /**
   * Address of the allocator's break pointer (emscripten's sbrk) in linear memory, found by
   * probing; memory above the break is never in use, so snapshots stop there. Null: scan instead.
   * Probed when the image is built: the dead stack it leads to is zeroed in the image.
   */
  readonly breakPointerAddress: number | null;
  /**
   * [start, end) of the shadow stack below the stack pointer's resting value: dead between calls,
   * so snapshots skip it (5 MiB of a small thread's ~6.4 MB). Null: snapshots include it.
   */
  readonly deadStackRange: readonly [number, number] | null;
  /**
   * The instance an image from a seed was written into (it holds the image exactly), once, if its
   * memory is `memoryBytes`: a first thread then needs no instance of its own. Null otherwise.
   */
  takeInstance(memoryBytes: number): BoundWasmInstance | null;
}

/**
 * Finds the word that tracks the heap's end (the break): of the words that grow by a big
 * allocation's size, the one holding the highest address past it. (The allocator's own records grow
 * by the same amount: the heap's size, which is no address past the allocation, and the start of its
 * free top, which lies below the break. When the heap's top held free space before, only the
 * break grew by the allocation's size; when it did not — how the prelude's allocations fell — they all do.)
 */
function locateBreakPointer(instance: BoundWasmInstance): number | null {
  const probeBytes = 8 * 1024 * 1024;
  const staticWords = 256 * 1024;
  const before = new Uint32Array(instance.memory.buffer, 0, staticWords).slice();
  const pointer = instance.module._malloc(probeBytes);
  if (!pointer) return null;
  const after = new Uint32Array(instance.memory.buffer, 0, staticWords);
  let found: number | null = null;
  let highest = 0;
  for (let i = 0; i < staticWords; i++) {
    const grown = after[i]! - before[i]!;
    const value = after[i]!;
    if (grown < probeBytes || grown > probeBytes + 65536 || value < pointer + probeBytes || value > instance.memory.buffer.byteLength) continue;
    if (value === highest) found = null;
    else if (value > highest) [found, highest] = [i * 4, value];
  }
  instance.module._free(pointer);
  return found;
}

/**
 * The stack region below the resting stack pointer, if it is where the layout says: above the
 * static data (which holds the break pointer) and below the heap (the break is above it).
 */
function locateDeadStack(instance: BoundWasmInstance, profile: WasmBuildProfile, breakPointerAddress: number | null): readonly [number, number] | null {
  const stackPointer = instance.stackPointer();
  if (!profile.shadowStack || stackPointer === null || breakPointerAddress === null) return null;
  const start = stackPointer - profile.shadowStack.sizeBytes;
  const heapBreak = instance.heapU32[breakPointerAddress >>> 2]!;
  if (start <= breakPointerAddress || heapBreak <= stackPointer || stackPointer % 16 !== 0) return null;
  return [start, stackPointer];
}

/** 32-bit words over whole chunks: the scans below compare four bytes at a time. */
const words = (bytes: Uint8Array, byteLength = bytes.length) => new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(byteLength / 4));

/** The end of the last chunk holding a non-zero byte (memory is a whole number of chunks). */
function highWaterBytes(memory: Uint8Array): number {
  const view = words(memory);
  let end = view.length;
  while (end > 0 && view[end - 1] === 0) end--;
  return Math.ceil((end * 4) / CHUNK_BYTES) * CHUNK_BYTES;
}

function chunkDiffers(a: Uint32Array, b: Uint32Array, startWord: number, endWord: number): boolean {
  for (let i = startWord; i < endWord; i++) if (a[i] !== b[i]) return true;
  return false;
}

/** Chunks in which `image` differs from `fresh`; both are whole chunks, zeros past their ends. */
function changedRanges(fresh: Uint8Array, image: Uint8Array): [number, number][] {
  const ranges: [number, number][] = [];
  const limit = Math.max(fresh.length, image.length);
  const freshWords = words(fresh);
  const imageWords = words(image);
  const zeros = new Uint32Array(CHUNK_BYTES / 4);
  for (let start = 0; start < limit; start += CHUNK_BYTES) {
    const end = start + CHUNK_BYTES;
    const imageChunk = end <= image.length ? imageWords.subarray(start / 4, end / 4) : zeros;
    const freshChunk = end <= fresh.length ? freshWords.subarray(start / 4, end / 4) : zeros;
    if (!chunkDiffers(freshChunk, imageChunk, 0, CHUNK_BYTES / 4)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === start) last[1] = end;
    else ranges.push([start, end]);
  }
  return ranges;
}

export { sha256Hex };

async function buildBaseImage(profile: WasmBuildProfile, wasmModule: WebAssembly.Module): Promise<BaseImage> {
  const prelude = await loadPrelude();
  const instance = await createWasmInstance(profile, wasmModule, profile.imageMemoryBytes);
  // Only the fresh memory's non-zero start is kept (its static data): the rest reads as zeros.
  const freshMemory = new Uint8Array(instance.memory.buffer);
  const fresh = freshMemory.slice(0, highWaterBytes(freshMemory));
  const { ffi } = instance;
  const rt = ffi.QTS_NewRuntime();
  const ctx = ffi.QTS_NewContext(rt, 0 as never);
  ffi.QTS_RuntimeEnableInterruptHandler(rt);
  // Every import goes through the host's loader (skills only; see module-loader.ts).
  ffi.QTS_RuntimeEnableModuleLoader(rt, 1);
  const calls = new GuestCalls(instance, rt, ctx);
  // Made here, so the image holds them (same bytes in every runtime); the prelude takes them.
  installHostFunctions(instance, ctx, (text) => calls.newString(text));
  const { internal, chunkScope } = evaluatePrelude(instance, calls, rt, prelude);
  // The cell helpers become global lexical bindings: reachable by name, not properties of globalThis.
  const bound = calls.evalScript(BIND_CELL_GLOBALS_SCRIPT, "quickbox-cell-globals", EVAL_GLOBAL);
  const bindError = calls.takeException(bound);
  if (bindError) throw new Error(`quickbox: the cell helpers could not be bound: ${describeGuestException(calls, bindError)}`);
  calls.freeValue(bound);
  const functions = {} as Record<InternalFunction, ValuePointer>;
  for (const name of INTERNAL_FUNCTIONS) {
    const fn = calls.getProperty(internal, name);
    if (calls.typeOf(fn) !== "function") throw new Error(`quickbox: the guest prelude lacks ${name}()`);
    functions[name] = fn;
  }
  const memory = new Uint8Array(instance.memory.buffer);
  // The prelude's compile temporaries are freed but dirty: zeroed, no thread copies their pages.
  const heapBase = instance.stackPointer();
  if (profile.dlmallocHeap && heapBase !== null) scrubFreeHeap(memory, heapBase);
  const bytes = memory.slice(0, highWaterBytes(memory));
  // Probing allocates; it runs after the image is copied out (the instance is then dropped).
  // It cannot wait for first use: the dead stack it finds is zeroed in the image (its content).
  // The byte taken for the strip flags must be them (it was 0 before and is again: the image is as it would be).
  if (!stripsDebugInfo(instance, calls, chunkScope.stripFlags)) throw new Error("quickbox: the QuickJS runtime's strip flags are not where they were looked for; the QuickJS build does not match this quickbox version");
  const breakPointerAddress = locateBreakPointer(instance);
  const deadStackRange = locateDeadStack(instance, profile, breakPointerAddress);
  // The stack below the resting stack pointer is dead between calls: the image holds zeros there.
  if (deadStackRange) bytes.fill(0, ...deadStackRange);
  // Computed on first use, after the first eval (they are not needed before it).
  let hash: Promise<string> | null = null;
  let ranges: readonly (readonly [number, number])[] | null = null;
  return {
    profile,
    origin: "built",
    wasmModule,
    bytes,
    get changedRanges() {
      return (ranges ??= changedRanges(fresh, bytes));
    },
    get changedRangesKnown() {
      return ranges !== null;
    },
    pointers: { rt, ctx, internal, functions, chunkScope },
    get hash() {
      return (hash ??= sha256Hex(bytes));
    },
    breakPointerAddress,
    deadStackRange,
    // Probing allocated in it: not the image any more.
    takeInstance: () => null,
  };
}

/** The seed of a built image (computes its changed ranges if they are not known yet). */
export async function baseImageSeed(image: BaseImage): Promise<BaseImageSeed> {
  const total = image.changedRanges.reduce((sum, [start, end]) => sum + Math.min(end, image.bytes.length) - start, 0);
  const changedBytes = new Uint8Array(total);
  let offset = 0;
  for (const [start, end] of image.changedRanges) {
    const part = image.bytes.subarray(start, Math.min(end, image.bytes.length));
    changedBytes.set(part, offset);
    offset += part.length;
  }
  const { profile, bytes, changedRanges, pointers, breakPointerAddress, deadStackRange } = image;
  return { profileId: profile.id, byteLength: bytes.length, changedRanges, changedBytes, pointers, hash: await image.hash, breakPointerAddress, deadStackRange };
}

/**
 * The image a seed describes: a fresh instance's memory with the changed ranges written in. They
 * are written into the instance itself (of `memoryBytes`, a thread's memory, when given), which
 * then holds the image: the first thread's instance (takeInstance).
 */
async function imageFromSeed(profile: WasmBuildProfile, wasmModule: WebAssembly.Module, seed: BaseImageSeed, origin: BaseImageOrigin, memoryBytes?: number): Promise<BaseImage> {
  if (seed.profileId !== profile.id) throw new Error(`quickbox: a base image of build ${seed.profileId} cannot serve build ${profile.id}`);
  const instance = await createWasmInstance(profile, wasmModule, Math.max(memoryBytes ?? 0, profile.imageMemoryBytes, seed.byteLength));
  const memory = new Uint8Array(instance.memory.buffer);
  let offset = 0;
  for (const [start, end] of seed.changedRanges) {
    const length = Math.min(end, seed.byteLength) - start;
    memory.set(seed.changedBytes.subarray(offset, offset + length), start);
    offset += length;
  }
  if (offset !== seed.changedBytes.length) throw new Error("quickbox: a base image seed's bytes do not match its ranges");
  const bytes = memory.slice(0, seed.byteLength);
  const { changedRanges, hash, breakPointerAddress, deadStackRange } = seed;
  // The seed's pointers are the ones baseImageSeed() took from an image of this build.
  const pointers = seed.pointers as unknown as ImagePointers;
  if (INTERNAL_FUNCTIONS.some((name) => typeof pointers.functions[name] !== "number")) throw new Error("quickbox: a base image seed lacks the prelude's functions");
  const scope = pointers.chunkScope as Partial<ChunkScope> | undefined;
  if (typeof scope?.eval !== "number" || typeof scope.captured !== "number" || typeof scope.stripFlags !== "number") throw new Error("quickbox: a base image seed lacks the prelude's chunk scope");
  let unused: BoundWasmInstance | null = memoryBytes === undefined ? null : instance;
  const takeInstance = (size: number) => {
    if (!unused || unused.memory.buffer.byteLength !== size) return null;
    const taken = unused;
    unused = null;
    return taken;
  };
  return { profile, origin, wasmModule, bytes, changedRanges, changedRangesKnown: true, pointers, hash: Promise.resolve(hash), breakPointerAddress, deadStackRange, takeInstance };
}

const images = new WeakMap<WebAssembly.Module, Map<string, Promise<BaseImage>>>();

/** The module's embedded seed when it holds this code's image (embedded-seed.ts checks it), else the image built. */
async function embeddedOrBuilt(profile: WasmBuildProfile, wasmModule: WebAssembly.Module, memoryBytes?: number): Promise<BaseImage> {
  const seed = await embeddedSeed(wasmModule, profile.id);
  if (seed) {
    try {
      return await imageFromSeed(profile, wasmModule, seed, "embedded", memoryBytes);
    } catch {
      // Its ranges do not add up: nothing is lost by building the image instead.
    }
  }
  return buildBaseImage(profile, wasmModule);
}

/**
 * One base image per (build, compiled module), made on first use and shared by all threads: from
 * a `seed` (an image another worker made from the same module, or the one the module carries,
 * checked by the host), else from the seed the module carries (dist/quickjs.wasm), else built by
 * evaluating the prelude. `memoryBytes`: a thread's memory, for the instance an image from a seed
 * is written into (BaseImage.takeInstance).
 */
export function getBaseImage(profile: WasmBuildProfile, wasmModule: WebAssembly.Module, seed?: BaseImageSeed, memoryBytes?: number): Promise<BaseImage> {
  let byProfile = images.get(wasmModule);
  if (!byProfile) images.set(wasmModule, (byProfile = new Map()));
  let image = byProfile.get(profile.id);
  if (!image) {
    image = seed ? imageFromSeed(profile, wasmModule, seed, "seed", memoryBytes) : embeddedOrBuilt(profile, wasmModule, memoryBytes);
    image.catch(() => byProfile.delete(profile.id));
    byProfile.set(profile.id, image);
  }
  return image;
}
