/**
 * Compiling the guest prelude without debug information (DESIGN.md §6, base image). QuickJS keeps
 * every function's source text (for `Function.prototype.toString`) and its line table (for stack
 * positions): for the prelude's ~800 functions that was ~270 KB of every thread's heap, which no
 * program needs. QuickJS can compile without them (`JS_SetStripInfo(rt, JS_STRIP_DEBUG)`): such a
 * function reads back as `function name() { [native code] }` and its stack frames as `at name`,
 * with no position. quickjs-emscripten does not export that call; it only sets one byte of the
 * runtime, `rt->strip_flags`.
 *
 * So the byte is found in the runtime struct by its neighbours (quickjs.c 2025-09-13, `struct
 * JSRuntime`): the four null pointers of `sab_funcs`, then `strip_flags` (one byte, padded to a
 * word), then the shape hash table — `shape_hash_bits`, `shape_hash_size` (= 1 << bits),
 * `shape_hash_count`, `shape_hash` (a pointer). Exactly one word of the runtime may match.
 * The flag is set only while prelude code compiles, so programs keep their functions' source and
 * positions; `stripsDebugInfo` checks by behaviour that the byte is the flag.
 */
import type { JSRuntimePointer } from "quickjs-emscripten-core";
import { EVAL_GLOBAL, type GuestCalls } from "./guest-calls.js";
import type { WasmInstance } from "./wasm-instance.js";

/** quickjs.h: strip all debug information, the source text included. */
export const JS_STRIP_DEBUG = 2;
/** Words of the runtime struct searched (it is ~300 bytes on wasm32). */
const RUNTIME_WORDS = 160;

/** The address of `rt->strip_flags`, or null when the runtime's layout is not the one known. */
export function locateStripFlags(instance: WasmInstance, rt: JSRuntimePointer): number | null {
  const base = rt as unknown as number;
  if (base % 4 !== 0 || base + RUNTIME_WORDS * 4 > instance.memory.buffer.byteLength) return null;
  const words = new Uint32Array(instance.memory.buffer, base, RUNTIME_WORDS);
  const found: number[] = [];
  for (let i = 5; i + 3 < RUNTIME_WORDS; i++) {
    const bits = words[i]!;
    if (bits < 4 || bits > 24 || words[i + 1] !== 2 ** bits || words[i + 2]! > 2 ** (bits + 1) || words[i + 3] === 0) continue;
    // strip_flags: a byte, 0 in a new runtime, then padding; before it the four null sab_funcs.
    if (words[i - 1] !== 0 || words[i - 2] !== 0 || words[i - 3] !== 0 || words[i - 4] !== 0 || words[i - 5] !== 0) continue;
    found.push(base + (i - 1) * 4);
  }
  return found.length === 1 ? found[0]! : null;
}

/** Sets the flags byte at the address `locateStripFlags` found (0: keep everything). */
export function setStripFlags(instance: WasmInstance, address: number, flags: number): void {
  new Uint8Array(instance.memory.buffer)[address] = flags;
}

/**
 * Whether the byte at `address` is the runtime's strip flags: a function compiled with it set
 * must read back as `[native code]`. Compiles in the instance: call it after the image is copied out.
 */
export function stripsDebugInfo(instance: WasmInstance, calls: GuestCalls, address: number): boolean {
  setStripFlags(instance, address, JS_STRIP_DEBUG);
  let text: string | null = null;
  try {
    const value = calls.evalScript("(function probe() { return 1; }).toString()", "quickbox-strip-probe", EVAL_GLOBAL);
    const exception = calls.takeException(value);
    if (exception) {
      calls.freeValue(exception);
      return false;
    }
    text = calls.readString(value, 256);
    calls.freeValue(value);
  } finally {
    setStripFlags(instance, address, 0);
  }
  return text !== null && text.includes("[native code]") && !text.includes("return 1");
}
