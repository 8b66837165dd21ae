/**
 * Guest functions implemented by the host, called synchronously from QuickJS
 * (quickjs-emscripten's `callFunction` callback). There is one: the Intl bridge. Its function
 * object is made while the base image is built, so it lives in every thread's memory and carries
 * the same host reference id in every runtime; each instance maps that id back here. A call
 * takes one guest string and returns one new guest string; nothing outlives the call.
 */
import type { JSContextPointer, JSValuePointer } from "quickjs-emscripten-core";
import { INTL_BRIDGE_GLOBAL, INTL_BRIDGE_ID, INTL_MAX_REQUEST_BYTES } from "../intl-bridge-protocol.js";
import { answerIntlRequest } from "./intl-bridge.js";
import type { WasmInstance } from "./wasm-instance.js";

/** Reads the argument if it is a string of at most `maxBytes` UTF-8 bytes; else null. */
function readStringArgument(instance: WasmInstance, ctx: JSContextPointer, value: number, maxBytes: number): string | null {
  const { module, ffi } = instance;
  const typePointer = ffi.QTS_Typeof(ctx, value as JSValuePointer);
  if (!typePointer) return null;
  const type = module.UTF8ToString(typePointer as never);
  module._free(typePointer);
  if (type !== "string") return null;
  const chars = ffi.QTS_GetString(ctx, value as JSValuePointer);
  if (!chars) return null;
  try {
    const heap = new Uint8Array(instance.memory.buffer);
    const limit = Math.min(heap.length, chars + maxBytes + 1);
    let end = chars;
    while (end < limit && heap[end] !== 0) end++;
    if (end === limit) return null;
    return module.UTF8ToString(chars as never, end - chars);
  } finally {
    ffi.QTS_FreeCString(ctx, chars);
  }
}

/** A new guest string (the pointer QuickJS takes over), or 0 (undefined) if the heap is full. */
function newGuestString(instance: WasmInstance, ctx: JSContextPointer, text: string): number {
  const { module, ffi } = instance;
  const length = module.lengthBytesUTF8(text) + 1;
  const pointer = module._malloc(length);
  if (!pointer) return 0;
  try {
    module.stringToUTF8(text, pointer as never, length);
    return ffi.QTS_NewString(ctx, pointer as never);
  } finally {
    module._free(pointer);
  }
}

/** The `callFunction` callback: (ctx, this, argc, argv, host reference id) → JSValue pointer. */
export function callHostFunction(instance: WasmInstance, ctx: JSContextPointer, argc: number, argv: number, id: number): number {
  try {
    if (id !== INTL_BRIDGE_ID) return 0;
    const request = argc === 1 ? readStringArgument(instance, ctx, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 0), INTL_MAX_REQUEST_BYTES) : null;
    const reply = request === null ? "TIntl bridge: the request must be one string of at most 65536 bytes" : answerIntlRequest(request);
    return newGuestString(instance, ctx, reply);
  } catch {
    return 0;
  }
}

/** Base image only: puts the bridge function on the global object for the prelude to take. */
export function installHostFunctions(instance: WasmInstance, ctx: JSContextPointer, newString: (text: string) => JSValuePointer): void {
  const { ffi } = instance;
  const bridge = ffi.QTS_NewFunction(ctx, "intl", 1, false, INTL_BRIDGE_ID as never);
  const global = ffi.QTS_GetGlobalObject(ctx);
  const key = newString(INTL_BRIDGE_GLOBAL);
  try {
    ffi.QTS_SetProp(ctx, global, key, bridge);
  } finally {
    ffi.QTS_FreeValuePointer(ctx, key);
    ffi.QTS_FreeValuePointer(ctx, global);
    ffi.QTS_FreeValuePointer(ctx, bridge);
  }
}
