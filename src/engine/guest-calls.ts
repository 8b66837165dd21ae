/**
 * Thin, allocation-exact helpers over the raw QuickJS FFI. Every JS-side allocation made here is
 * freed before the call returns, so between runs the instance's whole state is its linear memory.
 * Host-side mallocs that fail (the memory is at its cap) throw HostAllocationError instead of
 * writing at address 0, which would corrupt the instance (ENGINE-NOTES.md Q5.2).
 */
import type { JSContextPointer, JSRuntimePointer, JSValueConstPointer, JSValuePointer } from "quickjs-emscripten-core";
import type { WasmInstance } from "./wasm-instance.js";
import { decodeGuestUtf8 } from "./guest-strings.js";
import { hasNanBoxedValues, payloadOf, tagOf, TAG_BOOL, TAG_INT, TAG_NULL, TAG_OBJECT, TAG_STRING, TAG_UNDEFINED } from "./value-tags.js";

export class HostAllocationError extends Error {
  override name = "HostAllocationError";
}

/** QuickJS eval flags (quickjs.h). */
export const EVAL_GLOBAL = 0;
/** Top-level await in a global script; the result is a promise of `{ value }`. */
export const EVAL_FLAG_ASYNC = 1 << 7;

export type ValuePointer = JSValuePointer;

/** QTS_IsEqual's operation for `===` (interface.c IsEqualOp). */
const STRICT_EQUALS = 0;

/** JS_PromiseState's answer for a fulfilled promise (quickjs.h JSPromiseStateEnum). */
const PROMISE_FULFILLED = 1;

export type CallArgument = string | ValuePointer | { pointer: ValuePointer };

/**
 * Texts at least this long are encoded by the host's TextEncoder. Only well-formed ones: for those
 * its UTF-8 is emscripten's byte for byte (a lone surrogate would become U+FFFD there, and keeps
 * emscripten's own encoding here).
 */
const NATIVE_UTF8_MIN_CHARS = 4096;
const utf8Encoder = new TextEncoder();
const stringIsWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

function isWellFormed(text: string): boolean {
  return stringIsWellFormed !== undefined && stringIsWellFormed.call(text);
}

/** QuickJS's eval export as the module has it (the FFI's QTS_Eval wraps it to copy its file name). */
interface RawEval {
  _QTS_Eval(ctx: JSContextPointer, code: number, codeBytes: number, filename: number, detectModule: number, flags: number): ValuePointer;
}

export class GuestCalls {
  readonly #instance: WasmInstance;
  /** QuickJS's static `undefined` (its address never changes). */
  #undefined: JSValueConstPointer | null = null;
  /** A view of the instance's memory (it never grows: wasm-instance.ts). */
  #heapU8: Uint8Array | null = null;
  /** Whether a value's type can be read from its tag (value-tags.ts); checked at the first read. */
  #tagsReadable: boolean | null = null;
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
    if (text.length >= NATIVE_UTF8_MIN_CHARS && isWellFormed(text)) {
      // The host's own encoder: ~10× emscripten's JavaScript loops on a large text (a batch of tool results).
      const bytes = utf8Encoder.encode(text);
      const pointer = this.malloc(bytes.length + 1);
      const heap = (this.#heapU8 ??= new Uint8Array(this.#instance.memory.buffer));
      heap.set(bytes, pointer);
      heap[pointer + bytes.length] = 0;
      return [pointer, bytes.length];
    }
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

  /**
   * The exact text of a guest string (a U+0000 or a lone surrogate inside it included); null when
   * `value` is not a string, or not one of at most `maxBytes` UTF-8 bytes.
   */
  readString(value: ValuePointer, maxBytes = Infinity): string | null {
    return readGuestString(this.#instance, this.ctx, value, maxBytes);
  }

  /**
   * A primitive as the host's value, read exactly (a string's U+0000 and lone surrogates, a
   * BigInt's digits); null for anything else (an object, a symbol). Numbers, booleans, null,
   * undefined and strings are told by their tag when the build allows (value-tags.ts), without
   * asking QuickJS for the type (`askType`: ask anyway, as for a build whose tags cannot be read).
   * Never runs guest code.
   */
  readPrimitive(value: ValuePointer, askType = false): { value: unknown } | null {
    if (!askType && (this.#tagsReadable ??= hasNanBoxedValues(this.#instance))) {
      const heap = this.#instance.heapU32;
      switch (tagOf(heap, value)) {
        case TAG_INT:
          return { value: payloadOf(heap, value) };
        case TAG_BOOL:
          return { value: payloadOf(heap, value) !== 0 };
        case TAG_NULL:
          return { value: null };
        case TAG_UNDEFINED:
          return { value: undefined };
        case TAG_OBJECT:
          return null;
        case TAG_STRING:
          return textOrNull(readGuestString(this.#instance, this.ctx, value, Infinity, true));
      }
    }
    switch (this.typeOf(value)) {
      case "number":
        return { value: this.readNumber(value) };
      case "boolean":
        return { value: this.readNumber(value) !== 0 };
      case "undefined":
        return { value: undefined };
      case "bigint":
        return { value: BigInt(this.readPrimitiveText(value)) };
      case "string":
        return textOrNull(this.readString(value));
      default:
        return this.isNull(value) ? { value: null } : null;
    }
  }

  /**
   * ToString of a primitive the host knows is plain text (a BigInt's digits), read up to its first
   * NUL. Never for objects: converting one would run its toString.
   */
  readPrimitiveText(value: ValuePointer): string {
    const ffi = this.#instance.ffi;
    const chars = ffi.QTS_GetString(this.ctx, value);
    if (!chars) throw new HostAllocationError("the guest heap has no room to read a value");
    try {
      return this.#instance.module.UTF8ToString(chars as never);
    } finally {
      ffi.QTS_FreeCString(this.ctx, chars);
    }
  }

  /** A number (or any value, converted as Number() would) read as a double. */
  readNumber(value: ValuePointer): number {
    return this.#instance.ffi.QTS_GetFloat64(this.ctx, value);
  }

  /** True when `value` is null. */
  isNull(value: ValuePointer): boolean {
    const ffi = this.#instance.ffi;
    return ffi.QTS_IsEqual(this.ctx, value, ffi.QTS_GetNull(), STRICT_EQUALS as never) === 1;
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
    return typeOfValue(this.#instance, this.ctx, value);
  }

  /**
   * Evaluates `code` as `filename`. The code and the file name go in one allocation, to QuickJS's
   * export itself: the FFI's wrapper for its string argument (a stack copy per call) was a
   * measurable part of a small eval.
   */
  evalScript(code: string, filename: string, flags: number): ValuePointer {
    const module = this.#instance.module;
    const codeBytes = module.lengthBytesUTF8(code);
    const nameBytes = module.lengthBytesUTF8(filename);
    const pointer = this.malloc(codeBytes + nameBytes + 2);
    try {
      module.stringToUTF8(code, pointer as never, codeBytes + 1);
      module.stringToUTF8(filename, (pointer + codeBytes + 1) as never, nameBytes + 1);
      return (module as unknown as RawEval)._QTS_Eval(this.ctx, pointer, codeBytes, pointer + codeBytes + 1, 0, flags);
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
      return ffi.QTS_Call(this.ctx, fn, (this.#undefined ??= ffi.QTS_GetUndefined()), args.length, argv as never);
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

function textOrNull(text: string | null): { value: string } | null {
  return text === null ? null : { value: text };
}

function typeOfValue(instance: WasmInstance, ctx: JSContextPointer, value: ValuePointer): string {
  const pointer = instance.ffi.QTS_Typeof(ctx, value);
  if (!pointer) throw new HostAllocationError("the guest heap has no room to read a value's type");
  try {
    return instance.module.UTF8ToString(pointer as never);
  } finally {
    instance.module._free(pointer);
  }
}

/**
 * See GuestCalls.readString. The length comes from QuickJS itself (`length` of a string primitive
 * is answered before any prototype is consulted: no guest code runs); the text from its UTF-8
 * form, decoded unit for unit (guest-strings.ts). `knownString`: the caller read the value's tag
 * (value-tags.ts), QuickJS need not be asked its type. Throws HostAllocationError when QuickJS has no
 * memory left to make that form.
 */
export function readGuestString(instance: WasmInstance, ctx: JSContextPointer, value: ValuePointer, maxBytes = Infinity, knownString = false): string | null {
  if (!knownString && typeOfValue(instance, ctx, value) !== "string") return null;
  const units = stringLength(instance, ctx, value);
  if (!Number.isSafeInteger(units) || units < 0) throw new HostAllocationError("the guest heap has no room to read a string's length");
  if (units > maxBytes) return null;
  const { ffi } = instance;
  const chars = ffi.QTS_GetString(ctx, value);
  if (!chars) throw new HostAllocationError("the guest heap has no room to read a string");
  try {
    return decodeGuestUtf8(new Uint8Array(instance.memory.buffer), chars, units, maxBytes);
  } finally {
    ffi.QTS_FreeCString(ctx, chars);
  }
}

function stringLength(instance: WasmInstance, ctx: JSContextPointer, value: ValuePointer): number {
  const { module, ffi } = instance;
  const keyChars = module._malloc(LENGTH_KEY_BYTES.length);
  if (!keyChars) throw new HostAllocationError("the guest heap has no room to read a string's length");
  let key: ValuePointer;
  try {
    new Uint8Array(instance.memory.buffer).set(LENGTH_KEY_BYTES, keyChars);
    key = ffi.QTS_NewString(ctx, keyChars as never);
  } finally {
    module._free(keyChars);
  }
  try {
    const length = ffi.QTS_GetProp(ctx, value, key);
    try {
      return ffi.QTS_GetFloat64(ctx, length);
    } finally {
      ffi.QTS_FreeValuePointer(ctx, length);
    }
  } finally {
    ffi.QTS_FreeValuePointer(ctx, key);
  }
}

const LENGTH_KEY_BYTES = new TextEncoder().encode("length\0");
