/**
 * Guest functions implemented by the host, called synchronously from QuickJS
 * (quickjs-emscripten's `callFunction` callback). There are four: the Intl bridge, the stream
 * function behind progress() and console streaming, the error bridge (V8's wording of an
 * error from the cell's source), and the chunk bridge (a part of the prelude loaded on first use). Their function objects are made while the
 * base image is built, so they live in every thread's memory and carry the same host reference id
 * in every runtime; each instance maps that id back here. A call takes one guest string; the Intl
 * and error bridges return one new guest string, the stream function undefined. Nothing outlives the call.
 */
import type { JSContextPointer, JSValuePointer } from "quickjs-emscripten-core";
import { ERROR_BRIDGE_GLOBAL, ERROR_BRIDGE_ID, ERROR_MAX_REQUEST_BYTES } from "../error-bridge-protocol.js";
import { INTL_BRIDGE_GLOBAL, INTL_BRIDGE_ID, INTL_MAX_REQUEST_BYTES } from "../intl-bridge-protocol.js";
import { STREAM_BRIDGE_GLOBAL, STREAM_BRIDGE_ID, STREAM_MAX_MESSAGE_BYTES } from "../stream-protocol.js";
import { CHUNK_BRIDGE_GLOBAL, CHUNK_BRIDGE_ID } from "../chunk-bridge-protocol.js";
import { answerIntlRequest } from "./intl-bridge.js";
import { readGuestString } from "./guest-calls.js";
import type { BoundWasmInstance, WasmInstance } from "./wasm-instance.js";

/** Reads the argument if it is a string of at most `maxBytes` UTF-8 bytes (exactly: guest-strings.ts); else null. */
function readStringArgument(instance: WasmInstance, ctx: JSContextPointer, value: number, maxBytes: number): string | null {
  return readGuestString(instance, ctx, value as JSValuePointer, maxBytes);
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
export function callHostFunction(instance: BoundWasmInstance, ctx: JSContextPointer, argc: number, argv: number, id: number): number {
  try {
    if (id === STREAM_BRIDGE_ID) {
      // A message that is not one string within the bound reaches the thread as null (counted, dropped).
      const message = argc === 1 ? readStringArgument(instance, ctx, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 0), STREAM_MAX_MESSAGE_BYTES) : null;
      instance.bindings.callbacks.onStream?.(message);
      return 0;
    }
    if (id === CHUNK_BRIDGE_ID) {
      const name = argc === 2 ? readStringArgument(instance, ctx, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 0), 64) : null;
      return name === null ? 0 : (instance.bindings.callbacks.loadChunk?.(name, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 1)) ?? 0);
    }
    if (id === ERROR_BRIDGE_ID) {
      const request = argc === 1 ? readStringArgument(instance, ctx, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 0), ERROR_MAX_REQUEST_BYTES) : null;
      return newGuestString(instance, ctx, request === null ? "" : (instance.bindings.callbacks.describeErrorSite?.(request) ?? ""));
    }
    if (id !== INTL_BRIDGE_ID) return 0;
    const request = argc === 1 ? readStringArgument(instance, ctx, instance.ffi.QTS_ArgvGetJSValueConstPointer(argv as never, 0), INTL_MAX_REQUEST_BYTES) : null;
    const answer = instance.bindings.callbacks.answerIntl ?? answerIntlRequest;
    const reply = request === null ? "TIntl bridge: the request must be one string of at most 65536 bytes" : answer(request);
    return newGuestString(instance, ctx, reply);
  } catch {
    return 0;
  }
}

/** Base image only: puts the host functions on the global object for the prelude to take. */
export function installHostFunctions(instance: WasmInstance, ctx: JSContextPointer, newString: (text: string) => JSValuePointer): void {
  const { ffi } = instance;
  const global = ffi.QTS_GetGlobalObject(ctx);
  try {
    for (const [name, id, globalName] of [
      ["intl", INTL_BRIDGE_ID, INTL_BRIDGE_GLOBAL],
      ["stream", STREAM_BRIDGE_ID, STREAM_BRIDGE_GLOBAL],
      ["errors", ERROR_BRIDGE_ID, ERROR_BRIDGE_GLOBAL],
      ["chunks", CHUNK_BRIDGE_ID, CHUNK_BRIDGE_GLOBAL],
    ] as const) {
      const fn = ffi.QTS_NewFunction(ctx, name, 1, false, id as never);
      const key = newString(globalName);
      try {
        ffi.QTS_SetProp(ctx, global, key, fn);
      } finally {
        ffi.QTS_FreeValuePointer(ctx, key);
        ffi.QTS_FreeValuePointer(ctx, fn);
      }
    }
  } finally {
    ffi.QTS_FreeValuePointer(ctx, global);
  }
}
