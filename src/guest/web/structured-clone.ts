/**
 * structuredClone (HTML §2.7): a deep copy keeping cycles and shared references, Maps, Sets,
 * Dates, RegExps, binary data, Errors and boxed primitives; class instances become plain objects.
 * Functions, symbols, WeakMaps, Promises, Proxies and the like throw a DataCloneError.
 */
import { domException } from "./dom-exception.js";
import { isProxy } from "./chunk-link.js";

const objectToString = Object.prototype.toString;
const dateGetTime = Date.prototype.getTime;
const regExpSource = Object.getOwnPropertyDescriptor(RegExp.prototype, "source")!.get!;
const regExpFlags = Object.getOwnPropertyDescriptor(RegExp.prototype, "flags")!.get!;
const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
const setSize = Object.getOwnPropertyDescriptor(Set.prototype, "size")!.get!;
const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength")!.get!;
const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag)!.get!;
const weakMapHas = WeakMap.prototype.has;
const weakSetHas = WeakSet.prototype.has;
const weakRefDeref = WeakRef.prototype.deref;
const registryUnregister = FinalizationRegistry.prototype.unregister;
const arrayBufferTransfer = (ArrayBuffer.prototype as { transfer?: () => ArrayBuffer }).transfer;
const ERROR_CONSTRUCTORS: Record<string, ErrorConstructor> = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
const TYPED_ARRAYS: Record<string, new (buffer: ArrayBuffer, offset: number, length: number) => ArrayBufferView> = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
  BigInt64Array, BigUint64Array,
};
if (typeof (globalThis as { Float16Array?: unknown }).Float16Array === "function") {
  TYPED_ARRAYS.Float16Array = (globalThis as unknown as { Float16Array: (typeof TYPED_ARRAYS)[string] }).Float16Array;
}
const UNCLONEABLE_TAGS = /^\[object (Promise|Generator|AsyncGenerator|AsyncFunction|Module|.* Iterator|Iterator Helper)\]$/;

function branded(check: (this: unknown, ...args: never[]) => unknown, value: unknown, ...args: unknown[]): boolean {
  try {
    Reflect.apply(check, value, args);
    return true;
  } catch {
    return false;
  }
}

function cannotClone(value: unknown): never {
  let text: string;
  if (typeof value === "function") text = Function.prototype.toString.call(value);
  else if (typeof value === "symbol") text = value.toString();
  else text = `#<${objectToString.call(value).slice(8, -1)}>`;
  throw domException("DataCloneError", `${text} could not be cloned.`);
}

export function structuredClone(this: unknown, ...args: unknown[]): unknown {
  if (args.length === 0) throw new TypeError('The "value" argument must be specified');
  const [value, options] = args;
  const memory = new Map<object, unknown>();
  const transfer = (options as { transfer?: unknown } | null | undefined)?.transfer;
  const transferList: ArrayBuffer[] = [];
  if (transfer !== undefined) {
    for (const item of transfer as Iterable<unknown>) {
      if (!branded(arrayBufferByteLength, item)) throw domException("DataCloneError", "Value not transferable");
      if (transferList.includes(item as ArrayBuffer)) throw domException("DataCloneError", "ArrayBuffer is duplicated in the transfer list");
      transferList.push(item as ArrayBuffer);
    }
  }

  const clone = (input: unknown): unknown => {
    if (typeof input === "symbol" || typeof input === "function") cannotClone(input);
    if (typeof input !== "object" || input === null) return input;
    if (memory.has(input)) return memory.get(input);
    if (isProxy(input)) cannotClone(input);
    const remember = <T>(copy: T): T => {
      memory.set(input, copy);
      return copy;
    };
    if (branded(Boolean.prototype.valueOf, input)) return remember(Object(Boolean.prototype.valueOf.call(input)));
    if (branded(Number.prototype.valueOf, input)) return remember(Object(Number.prototype.valueOf.call(input)));
    if (branded(String.prototype.valueOf, input)) return remember(Object(String.prototype.valueOf.call(input)));
    if (branded(BigInt.prototype.valueOf, input)) return remember(Object(BigInt.prototype.valueOf.call(input)));
    if (branded(Symbol.prototype.valueOf, input)) cannotClone(input);
    if (branded(dateGetTime, input)) return remember(new Date(dateGetTime.call(input)));
    if (input !== RegExp.prototype && branded(regExpSource, input)) {
      return remember(new RegExp(regExpSource.call(input) as string, regExpFlags.call(input) as string));
    }
    if (branded(arrayBufferByteLength, input)) return remember((input as ArrayBuffer).slice(0));
    if (ArrayBuffer.isView(input)) {
      const view = input as ArrayBufferView;
      const buffer = clone(view.buffer) as ArrayBuffer;
      const tag = typedArrayTag.call(view) as string | undefined;
      if (tag === undefined) return remember(new DataView(buffer, view.byteOffset, view.byteLength));
      const Constructor = TYPED_ARRAYS[tag]!;
      return remember(new Constructor(buffer, view.byteOffset, (view as Uint8Array).length));
    }
    if (branded(mapSize, input)) {
      const copy = remember(new Map());
      for (const [key, entry] of Array.from(input as Map<unknown, unknown>)) copy.set(clone(key), clone(entry));
      return copy;
    }
    if (branded(setSize, input)) {
      const copy = remember(new Set());
      for (const entry of Array.from(input as Set<unknown>)) copy.add(clone(entry));
      return copy;
    }
    if (
      branded(weakMapHas, input, {}) || branded(weakSetHas, input, {}) || branded(weakRefDeref, input) ||
      branded(registryUnregister, input, {}) || UNCLONEABLE_TAGS.test(objectToString.call(input))
    ) {
      cannotClone(input);
    }
    if (objectToString.call(input) === "[object Error]") {
      const source = input as Error;
      const name = String(source.name);
      const copy = remember(new ERROR_CONSTRUCTORS[Object.hasOwn(ERROR_CONSTRUCTORS, name) ? name : "Error"]!());
      const message = Object.getOwnPropertyDescriptor(source, "message");
      if (message && "value" in message) copy.message = String(message.value);
      else delete (copy as { message?: string }).message;
      const stack = source.stack;
      Object.defineProperty(copy, "stack", { value: typeof stack === "string" ? stack : "", writable: true, configurable: true });
      if (Object.prototype.hasOwnProperty.call(source, "cause")) {
        Object.defineProperty(copy, "cause", { value: clone(source.cause), writable: true, configurable: true });
      }
      return copy;
    }
    const isArray = Array.isArray(input);
    const copy = remember(isArray ? new Array((input as unknown[]).length) : {}) as Record<string, unknown>;
    for (const key of Object.keys(input)) copy[key] = clone((input as Record<string, unknown>)[key]);
    return copy;
  };

  if (transferList.length > 0 && typeof arrayBufferTransfer !== "function") throw domException("DataCloneError", "Transferring is not supported");
  const result = clone(value);
  // Transferred buffers move: the copy has their bytes, the originals are detached.
  for (const buffer of transferList) Reflect.apply(arrayBufferTransfer!, buffer, []);
  return result;
}
