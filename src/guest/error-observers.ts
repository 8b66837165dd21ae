/**
 * Where a program meets an error the engine made, outside a `catch` (which the cell transform
 * covers): a promise's rejection handler, and the builtins whose V8 messages depend on their
 * input. Installed once in the base image; each wrapper calls the original and does work only
 * when it fails (the success path costs one extra call).
 * - `Promise.prototype.then` (and so `catch`, `finally`, `Promise.all`/`allSettled`/`any`): the
 *   rejection handler receives the error reworded (node-errors.ts). `await` does not go through
 *   `then`, and a `catch` around it is covered by the transform.
 * - `JSON.parse` / `JSON.stringify`: V8's parse messages and cycle paths (json-messages.ts).
 * - `BigInt(value)`, `String.prototype.repeat(count)`: V8 names the value it could not take.
 */
import { objectDefineProperty, objectGetOwnPropertyDescriptor, objectGetPrototypeOf, reflectApply } from "./intrinsics.js";
import { v8CircularMessage, v8JsonParseMessage } from "./json-messages.js";
import { markWorded, rewordError } from "./node-errors.js";
import { isProxy } from "./proxy-registry.js";

/** Sets the message of an error the builtin threw (an own writable data property: assigning runs no program code). */
function setMessage(error: unknown, message: string): void {
  if (!objectGetOwnPropertyDescriptor(error as object, "message")?.writable) return;
  (error as { message: string }).message = message;
  markWorded(error as object);
}

/** Engine failures keep their words: the engine reads them (StackOverflow, Timeout, OutOfMemory). */
const ENGINE_MESSAGES = ["stack overflow", "interrupted", "out of memory"];

/** An error the builtin itself threw (not a reviver's, a replacer's, or the engine's own). */
function isNativeError(error: unknown, prototypes: object[]): boolean {
  if (typeof error !== "object" || error === null || prototypes.indexOf(objectGetPrototypeOf(error) as object) < 0) return false;
  return ENGINE_MESSAGES.indexOf(objectGetOwnPropertyDescriptor(error, "message")?.value as string) < 0;
}

/** Replaces a method, keeping its name, length and attributes (a method: not a constructor). */
function replaceMethod(owner: object, name: string, method: (...args: never[]) => unknown): void {
  const descriptor = objectGetOwnPropertyDescriptor(owner, name)!;
  objectDefineProperty(method, "name", { value: name, configurable: true });
  objectDefineProperty(owner, name, { __proto__: null, value: method, writable: descriptor.writable, enumerable: descriptor.enumerable, configurable: descriptor.configurable } as PropertyDescriptor);
}

function installPromiseHandlers(): void {
  // A bound native call: cheaper than Reflect.apply, and no property a program can replace.
  const callThen = Function.prototype.call.bind(Promise.prototype.then) as (promise: unknown, onFulfilled: unknown, onRejected: unknown) => Promise<unknown>;
  const wrapped = {
    then(this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown): Promise<unknown> {
      if (typeof onRejected !== "function") return callThen(this, onFulfilled, onRejected);
      const handler = onRejected as (reason: unknown) => unknown;
      return callThen(this, onFulfilled, (reason: unknown) => handler(rewordError(reason)));
    },
  };
  replaceMethod(Promise.prototype, "then", wrapped.then);
}

function installJson(): void {
  const nativeParse = JSON.parse;
  const nativeStringify = JSON.stringify;
  const methods = {
    parse(text: unknown, reviver?: unknown): unknown {
      try {
        return reflectApply(nativeParse, JSON, [text, reviver]);
      } catch (error) {
        if (isNativeError(error, [SyntaxError.prototype]) && typeof text !== "symbol") {
          const message = v8JsonParseMessage(String(text));
          if (message !== null) setMessage(error, message);
        }
        throw error;
      }
    },
    stringify(value: unknown, replacer?: unknown, space?: unknown): unknown {
      try {
        return reflectApply(nativeStringify, JSON, [value, replacer, space]);
      } catch (error) {
        if (isNativeError(error, [TypeError.prototype]) && objectGetOwnPropertyDescriptor(error as object, "message")?.value === "circular reference") {
          setMessage(error, v8CircularMessage(value, replacer, isProxy));
        }
        throw error;
      }
    },
  };
  replaceMethod(JSON, "parse", methods.parse);
  replaceMethod(JSON, "stringify", methods.stringify);
}

/** V8's message for `BigInt(value)` when it fails, for a primitive value (objects are converted first). */
function bigIntMessage(value: unknown): string | null {
  if (typeof value === "number") return `The number ${String(value)} cannot be converted to a BigInt because it is not an integer`;
  if (value === undefined || value === null || typeof value === "symbol" || typeof value === "string") return `Cannot convert ${String(value)} to a BigInt`;
  return null;
}

function installBigInt(global: Record<string, unknown>): void {
  const nativeBigInt = BigInt;
  const wrapped = {
    BigInt(value: unknown): bigint {
      try {
        return nativeBigInt(value as bigint);
      } catch (error) {
        const message = bigIntMessage(value);
        if (message !== null && isNativeError(error, [TypeError.prototype, RangeError.prototype, SyntaxError.prototype])) setMessage(error, message);
        throw error;
      }
    },
  }.BigInt;
  for (const key of ["asIntN", "asUintN", "prototype", "length"]) {
    objectDefineProperty(wrapped, key, objectGetOwnPropertyDescriptor(nativeBigInt, key)!);
  }
  objectDefineProperty(BigInt.prototype, "constructor", { value: wrapped, writable: true, enumerable: false, configurable: true });
  objectDefineProperty(global, "BigInt", { value: wrapped, writable: true, enumerable: false, configurable: true });
}

function installRepeat(): void {
  const nativeRepeat = String.prototype.repeat;
  const wrapped = {
    repeat(this: string, count?: unknown): string {
      try {
        return reflectApply(nativeRepeat, this, [count]) as string;
      } catch (error) {
        const primitive = typeof count === "number" || typeof count === "string" || typeof count === "boolean";
        if (primitive && isNativeError(error, [RangeError.prototype]) && objectGetOwnPropertyDescriptor(error as object, "message")?.value === "invalid repeat count") {
          setMessage(error, `Invalid count value: ${String(Number(count))}`);
        }
        throw error;
      }
    },
  };
  replaceMethod(String.prototype, "repeat", wrapped.repeat);
}

export function installErrorObservers(global: Record<string, unknown>): void {
  installPromiseHandlers();
  installJson();
  installBigInt(global);
  installRepeat();
}
