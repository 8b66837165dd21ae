/**
 * A value's type read from the value itself, without a call into the instance. In the builds
 * quickbox runs (wasm32) QuickJS NaN-boxes its values (quickjs.h, JS_NAN_BOXING): a JSValue is
 * 8 bytes, its tag in the high word and, for the tags below, its payload in the low one. Asking
 * QuickJS instead (QTS_Typeof) is a call, an allocation and a string per value: a measurable part
 * of a warm eval's reading of its result (engine/quick-finish.ts).
 *
 * Only tags that mean the same in every QuickJS version are used; any other tag (a float, a
 * BigInt, a symbol, a rope string) is left to QuickJS's own answer. The layout is checked once
 * per instance against QuickJS's static null, undefined, true and false; a build that lays its
 * values out otherwise is always asked.
 */
import type { WasmInstance } from "./wasm-instance.js";

export const TAG_OBJECT = -1;
export const TAG_STRING = -7;
export const TAG_INT = 0;
export const TAG_BOOL = 1;
export const TAG_NULL = 2;
export const TAG_UNDEFINED = 3;

/** The tag word of the JSValue at `pointer` (a host-held JSValue* is 8-aligned). */
export function tagOf(heap: Uint32Array, pointer: number): number {
  return heap[(pointer >> 2) + 1]! | 0;
}

/** The low word of the JSValue at `pointer`: an INT's value, a BOOL's 0 or 1. */
export function payloadOf(heap: Uint32Array, pointer: number): number {
  return heap[pointer >> 2]! | 0;
}

/** True when the instance's values are NaN-boxed with the tags above (its static constants say so). */
export function hasNanBoxedValues(instance: WasmInstance): boolean {
  const { ffi, heapU32: heap } = instance;
  const is = (pointer: number, tag: number, payload: number) => tagOf(heap, pointer) === tag && payloadOf(heap, pointer) === payload;
  return is(ffi.QTS_GetNull(), TAG_NULL, 0) && is(ffi.QTS_GetUndefined(), TAG_UNDEFINED, 0) && is(ffi.QTS_GetTrue(), TAG_BOOL, 1) && is(ffi.QTS_GetFalse(), TAG_BOOL, 0);
}
