/**
 * Thin, allocation-exact helpers over the raw QuickJS FFI. Every JS-side allocation made here is
 * freed before the call returns, so between runs the instance's whole state is its linear memory.
 * Host-side mallocs that fail (the memory is at its cap) throw HostAllocationError instead of
 * writing at address 0, which would corrupt the instance (ENGINE-NOTES.md Q5.2).
 */
import type { JSContextPointer, JSRuntimePointer, JSValuePointer } from "quickjs-emscripten-core";
import type { WasmInstance } from "./wasm-instance.js";

export class HostAllocationError extends Error {
  override name = "HostAllocationError";
}

/** QuickJS eval flags (quickjs.h). */
export const EVAL_GLOBAL = 0;
/** Top-level await in a global script; the result is a promise of `{ value }`. */
export const EVAL_FLAG_ASYNC = 1 << 7;

export type ValuePointer = JSValuePointer;

/**
 * QuickJS's strings as UTF-8. A leading U+FEFF is part of the text, not a byte order mark to drop
 * (emscripten's UTF8ToString drops it from strings of 16 bytes and more: the eval fast path then
 * read "\uFEFF…" one character short).
 */
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** JS_PromiseState's answer for a fulfilled promise (quickjs.h JSPromiseStateEnum). */
const PROMISE_FULFILLED = 1;

export type CallArgument = string | ValuePointer | { pointer: ValuePointer };

export class GuestCalls {
  readonly #instance: WasmInstance;
  readonly rt: JSRuntimePointer;
  readonly ctx: JSContextPointer;

  constructor(instance: WasmInstance, rt: JSRuntimePointer, ctx: JSContextPointer) {
    this.#instance = instance;
    this.rt = rt;
    this.ctx = ctx;
  }

  malloc(bytes: number): number {
    const pointer = this.#instance.module._malloc(bytes);
    if (!pointer) throw new HostAllocationError(`the guest heap has no room for ${bytes} bytes`);
    return pointer;
  }

  free(pointer: number): void {
    this.#instance.module._free(pointer);
  }

  /** Writes `text` as NUL-terminated UTF-8; returns [pointer, byteLength]. */
  #writeUtf8(text: string): [number, number] {
    const module = this.#instance.module;
    const length = module.lengthBytesUTF8(text);
    const pointer = this.malloc(length + 1);
    module.stringToUTF8(text, pointer as never, length + 1);
    return [pointer, length];
  }

  newString(text: string): ValuePointer {
    const [pointer] = this.#writeUtf8(text);
    try {
      return this.#instance.ffi.QTS_NewString(this.ctx, pointer as never);
    } finally {
      this.free(pointer);
    }
  }

  /** Returns the exception value if `value` is an exception (and frees `value`), else null. */
  takeException(value: ValuePointer): ValuePointer | null {
    const error = this.#instance.ffi.QTS_ResolveException(this.ctx, value);
    if (!error) return null;
    this.freeValue(value);
    return error;
  }

  freeValue(value: ValuePointer): void {
    this.#instance.ffi.QTS_FreeValuePointer(this.ctx, value);
  }

  readString(value: ValuePointer): string {
    const ffi = this.#instance.ffi;
    const chars = ffi.QTS_GetString(this.ctx, value);
    try {
      const start = chars as unknown as number;
      const bytes = new Uint8Array(this.#instance.memory.buffer);
      const end = bytes.indexOf(0, start);
      return UTF8.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } finally {
      ffi.QTS_FreeCString(this.ctx, chars);
    }
  }

  /** A number (or any value, converted as Number() would) read as a double. */
  readNumber(value: ValuePointer): number {
    return this.#instance.ffi.QTS_GetFloat64(this.ctx, value);
  }

  /** True when `value` is a promise already fulfilled (pending, rejected and non-promises: false). */
  isFulfilledPromise(value: ValuePointer): boolean {
    return this.#instance.ffi.QTS_PromiseState(this.ctx, value) === PROMISE_FULFILLED;
  }

  /** The value a settled promise holds (caller frees). */
  promiseResult(value: ValuePointer): ValuePointer {
    return this.#instance.ffi.QTS_PromiseResult(this.ctx, value);
  }

  typeOf(value: ValuePointer): string {
    const pointer = this.#instance.ffi.QTS_Typeof(this.ctx, value);
    try {
      return this.#instance.module.UTF8ToString(pointer as never);
    } finally {
      this.free(pointer);
    }
  }

  evalScript(code: string, filename: string, flags: number): ValuePointer {
    const [pointer, length] = this.#writeUtf8(code);
    try {
      return this.#instance.ffi.QTS_Eval(this.ctx, pointer as never, length, filename, 0 as never, flags as never);
    } finally {
      this.free(pointer);
    }
  }

  getProperty(object: ValuePointer, name: string): ValuePointer {
    const key = this.newString(name);
    try {
      return this.#instance.ffi.QTS_GetProp(this.ctx, object, key);
    } finally {
      this.freeValue(key);
    }
  }

  /**
   * Calls `fn(...args)`; string arguments become guest strings. Returns the result pointer
   * (caller frees) or throws GuestCallError carrying the exception pointer.
   */
  call(fn: ValuePointer, args: readonly CallArgument[]): ValuePointer {
    const ffi = this.#instance.ffi;
    const owned: ValuePointer[] = [];
    const argv = args.length ? this.malloc(4 * args.length) : 0;
    try {
      const heap = this.#instance.heapU32;
      args.forEach((arg, index) => {
        let pointer: number;
        if (typeof arg === "string") {
          pointer = this.newString(arg);
          owned.push(pointer as ValuePointer);
        } else {
          pointer = typeof arg === "number" ? arg : arg.pointer;
        }
        heap[(argv >> 2) + index] = pointer;
      });
      return ffi.QTS_Call(this.ctx, fn, ffi.QTS_GetUndefined(), args.length, argv as never);
    } finally {
      for (const value of owned) this.freeValue(value);
      if (argv) this.free(argv);
    }
  }

  /** True while QuickJS has promise jobs queued. */
  hasPendingJobs(): boolean {
    return this.#instance.ffi.QTS_IsJobPending(this.rt) !== 0;
  }

  /**
   * Runs queued promise jobs until none is left or `keepGoing()` says stop, `batch` at a time
   * (-1: all). A job that throws (only an interrupt does: reactions catch everything else)
   * ends a batch; whatever it returned is freed.
   */
  runPendingJobs(keepGoing: () => boolean, batch = -1): void {
    const ffi = this.#instance.ffi;
    const contextOut = this.malloc(4);
    try {
      while (keepGoing() && this.hasPendingJobs()) {
        ffi.QTS_FreeValuePointerRuntime(this.rt, ffi.QTS_ExecutePendingJob(this.rt, batch, contextOut as never));
      }
    } finally {
      this.free(contextOut);
    }
  }
}
