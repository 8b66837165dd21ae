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
      return this.#instance.module.UTF8ToString(chars as never);
    } finally {
      ffi.QTS_FreeCString(this.ctx, chars);
    }
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
      const view = new Uint32Array(this.#instance.memory.buffer, argv, args.length);
      args.forEach((arg, index) => {
        if (typeof arg === "string") {
          const value = this.newString(arg);
          owned.push(value);
          view[index] = value;
        } else {
          view[index] = typeof arg === "number" ? arg : arg.pointer;
        }
      });
      return ffi.QTS_Call(this.ctx, fn, ffi.QTS_GetUndefined(), args.length, argv as never);
    } finally {
      for (const value of owned) this.freeValue(value);
      if (argv) this.free(argv);
    }
  }

  /**
   * Runs queued promise jobs one at a time until none is left or `keepGoing()` says stop.
   * Returns how many ran and the last job-level exception (caller frees it).
   */
  runPendingJobs(keepGoing: () => boolean): { executed: number; exception: ValuePointer | null } {
    const ffi = this.#instance.ffi;
    const contextOut = this.malloc(4);
    let executed = 0;
    let exception: ValuePointer | null = null;
    try {
      while (keepGoing()) {
        new Uint32Array(this.#instance.memory.buffer, contextOut, 1)[0] = 0;
        const result = ffi.QTS_ExecutePendingJob(this.rt, 1, contextOut as never);
        const ranContext = new Uint32Array(this.#instance.memory.buffer, contextOut, 1)[0];
        if (!ranContext) {
          ffi.QTS_FreeValuePointerRuntime(this.rt, result);
          break;
        }
        executed++;
        // The result is the number of jobs run, or the exception a job raised.
        if (this.typeOf(result) === "number") {
          this.freeValue(result);
        } else {
          if (exception) this.freeValue(exception);
          exception = result;
        }
      }
      return { executed, exception };
    } finally {
      this.free(contextOut);
    }
  }
}
