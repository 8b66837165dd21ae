/**
 * Facts about the one QuickJS build quickbox runs: which variant, and how its (minified)
 * wasm imports map to the host capabilities we replace. Import names differ per build and
 * per version, so the package versions are pinned exactly and `test/node/wasm-build.test.ts`
 * checks the mapping by behaviour (the guest clock is the thread's clock, the heap cannot grow).
 */
import type { QuickJSSyncVariant } from "quickjs-emscripten-core";

/** The wasm declares a 16 MiB minimum memory; images are built at that size. */
export const MIN_MEMORY_BYTES = 16 * 1024 * 1024;

/** What a thread instance needs from its host through the wasm imports. */
export interface InstanceHostHooks {
  /** Milliseconds since the epoch as the guest sees them (virtual or real clock). */
  nowMs(): number;
  /** Called when the allocator asks for more memory: the fixed-size memory cannot grow. */
  onHeapExhausted(): void;
}

export interface WasmBuildProfile {
  /** The package path of this build's .wasm (runtime/wasm-loading.ts compiles it from there). */
  readonly wasmSpecifier: string;
  /** Stable id recorded in snapshots. */
  readonly id: string;
  /** How many times slower than the release build it runs (default 1): budgets for quickbox's own work scale with it. */
  readonly slowdown?: number;
  /** Memory size the base image is built at (at least the build's declared minimum). */
  readonly imageMemoryBytes: number;
  /**
   * The shadow stack: the export that returns the current stack pointer, and the stack's size.
   * Between calls nothing lives below the stack pointer, so snapshots skip that region.
   * Absent: snapshots cover the stack region too.
   */
  readonly shadowStack?: { readonly stackPointerExport: string; readonly sizeBytes: number };
  /**
   * The heap is emscripten's dlmalloc, starting where the shadow stack ends: base images zero its
   * free memory (engine/heap-scrub.ts checks the heap's layout first and leaves it alone if it differs).
   */
  readonly dlmallocHeap?: boolean;
  loadVariant(): Promise<QuickJSSyncVariant>;
  /** Replace clock, timezone, environment and heap-growth imports with deterministic ones. */
  patchImports(imports: WebAssembly.Imports, memory: WebAssembly.Memory, hooks: InstanceHostHooks): void;
}

type ImportFunction = (...args: never[]) => unknown;

interface ImportNames {
  dateNow: [string, string][];
  localtime: [string, string];
  tzset: [string, string];
  resizeHeap: [string, string];
  environSizesGet: [string, string];
  environGet: [string, string];
  clockTimeGet?: [string, string];
}

function setImport(imports: WebAssembly.Imports, [module, name]: [string, string], fn: ImportFunction): void {
  const namespace = imports[module] as Record<string, unknown> | undefined;
  if (!namespace || typeof namespace[name] !== "function") {
    throw new Error(`quickbox: wasm import ${module}.${name} not found; the QuickJS build does not match this quickbox version`);
  }
  namespace[name] = fn;
}

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** `struct tm` for a UTC time: the guest always lives in UTC, in every runtime. */
function writeUtcTm(memory: WebAssembly.Memory, seconds: number, tmPointer: number): void {
  const date = new Date(seconds * 1000);
  const view = new Int32Array(memory.buffer, tmPointer, 11);
  const year = date.getUTCFullYear();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const month = date.getUTCMonth();
  view[0] = date.getUTCSeconds();
  view[1] = date.getUTCMinutes();
  view[2] = date.getUTCHours();
  view[3] = date.getUTCDate();
  view[4] = month;
  view[5] = year - 1900;
  view[6] = date.getUTCDay();
  view[7] = DAYS_BEFORE_MONTH[month]! + (leap && month > 1 ? 1 : 0) + date.getUTCDate() - 1;
  view[8] = 0; // tm_isdst
  view[9] = 0; // tm_gmtoff
}

function writeCString(memory: WebAssembly.Memory, pointer: number, text: string): void {
  const bytes = new Uint8Array(memory.buffer, pointer, text.length + 1);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  bytes[text.length] = 0;
}

function patchWithNames(names: ImportNames) {
  return (imports: WebAssembly.Imports, memory: WebAssembly.Memory, hooks: InstanceHostHooks): void => {
    for (const entry of names.dateNow) setImport(imports, entry, () => hooks.nowMs());
    setImport(imports, names.localtime, ((time: bigint | number, tmPointer: number) => {
      writeUtcTm(memory, Number(time), tmPointer);
    }) as ImportFunction);
    setImport(imports, names.tzset, ((timezone: number, daylight: number, stdName: number, dstName: number) => {
      new Int32Array(memory.buffer, timezone, 1)[0] = 0;
      new Int32Array(memory.buffer, daylight, 1)[0] = 0;
      writeCString(memory, stdName, "UTC");
      writeCString(memory, dstName, "UTC");
    }) as ImportFunction);
    setImport(imports, names.resizeHeap, () => {
      hooks.onHeapExhausted();
      return 0;
    });
    setImport(imports, names.environSizesGet, ((countPointer: number, sizePointer: number) => {
      new Uint32Array(memory.buffer, countPointer, 1)[0] = 0;
      new Uint32Array(memory.buffer, sizePointer, 1)[0] = 0;
      return 0;
    }) as ImportFunction);
    setImport(imports, names.environGet, () => 0);
    if (names.clockTimeGet) {
      setImport(imports, names.clockTimeGet, ((_clock: number, _precision: bigint, outPointer: number) => {
        new BigInt64Array(memory.buffer, outPointer, 1)[0] = BigInt(Math.round(hooks.nowMs() * 1e6));
        return 0;
      }) as ImportFunction);
    }
  };
}

/** Bellard's QuickJS, release, sync (no asyncify): the build quickbox ships. */
export const RELEASE_BUILD: WasmBuildProfile = {
  id: "@jitl/quickjs-wasmfile-release-sync@0.32.0",
  imageMemoryBytes: MIN_MEMORY_BYTES,
  // `_emscripten_stack_get_current` is export "Oa" (stackSave in the glue); the build links with a
  // 5 MiB stack (data ~88 KB, then the stack, then the heap at ~5.33 MB; ENGINE-NOTES.md Q1).
  shadowStack: { stackPointerExport: "Oa", sizeBytes: 5 * 2 ** 20 },
  dlmallocHeap: true,
  wasmSpecifier: "@jitl/quickjs-wasmfile-release-sync/wasm",
  loadVariant: async () => (await import("@jitl/quickjs-wasmfile-release-sync")).default,
  patchImports: patchWithNames({
    dateNow: [["a", "p"]],
    localtime: ["a", "m"],
    tzset: ["a", "n"],
    resizeHeap: ["a", "k"],
    environSizesGet: ["a", "f"],
    environGet: ["a", "e"],
  }),
};

/** The same build with AddressSanitizer/LeakSanitizer, for leak checks in tests only. */
export function debugBuildProfile(loadVariant: () => Promise<QuickJSSyncVariant>): WasmBuildProfile {
  return {
    id: "@jitl/quickjs-wasmfile-debug-sync@0.32.0",
    // AddressSanitizer: compiling a chunk of the prelude took over 1 s under load (release: 15-40 ms).
    slowdown: 20,
    // AddressSanitizer's shadow memory and quarantine need far more than the release build.
    imageMemoryBytes: 256 * 2 ** 20,
    wasmSpecifier: "@jitl/quickjs-wasmfile-debug-sync/wasm",
    loadVariant,
    patchImports: patchWithNames({
      dateNow: [
        ["env", "emscripten_date_now"],
        ["env", "emscripten_get_now"],
      ],
      localtime: ["env", "_localtime_js"],
      tzset: ["env", "_tzset_js"],
      resizeHeap: ["env", "emscripten_resize_heap"],
      environSizesGet: ["wasi_snapshot_preview1", "environ_sizes_get"],
      environGet: ["wasi_snapshot_preview1", "environ_get"],
      clockTimeGet: ["wasi_snapshot_preview1", "clock_time_get"],
    }),
  };
}
