/**
 * The built-ins the value copy calls (bounded-copy.ts, copy-walk.ts, result-copy.ts's reducers),
 * captured at the prelude's load: the copy runs after the program ended, in its realm, where the
 * program may have replaced any of them (`Date.prototype.toISOString` writing unescaped text into
 * the copy, a `Number.prototype.valueOf` that never returns, a typed array's `byteLength` getter
 * telling 10^9…). The originals read an object's internal slots, and throw a TypeError for an
 * object that only inherits from the prototype, as the copy's reads did before.
 * Self-contained (intrinsics.ts exports a `then`, which makes its namespace a thenable where a test
 * imports it).
 */
const reflectApply = Reflect.apply;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const getPrototypeOf = Object.getPrototypeOf;
export const getOwnPropertyDescriptors = Object.getOwnPropertyDescriptors;
export const objectKeys = Object.keys;
export const objectValues = Object.values;
export const ownSymbols = Object.getOwnPropertySymbols;
export const hasOwn = Object.hasOwn;
export const isArray = Array.isArray;
export const jsonStringify = JSON.stringify;
export const mathCeil = Math.ceil;
export const OBJECT_PROTOTYPE = Object.prototype;
export const ARRAY_PROTOTYPE = Array.prototype;
const ownKeys = Reflect.ownKeys;
export const isView = ArrayBuffer.isView;
const MAX_ARRAY_LENGTH = 4294967295;

type Method = (...args: unknown[]) => unknown;
const getterOf = (object: object, key: PropertyKey): Method => getOwnPropertyDescriptor(object, key)!.get as Method;
const call = <T>(method: Method, self: unknown): T => reflectApply(method, self, []) as T;

export function isArrayIndex(key: string): boolean {
  const number = Number(key);
  return number < MAX_ARRAY_LENGTH && String(number >>> 0) === key;
}

/**
 * Whether reading a missing index of an array whose prototype is Array.prototype meets nothing:
 * no index property on Array.prototype (an array's own indexes are all below its length, 0 as the
 * thread started) nor on Object.prototype (own keys list indexes first), and the chain between them
 * as it started. Else the copy asks hasOwn before each read, as devalue does (it never reads a hole).
 */
export function holesReadNothing(): boolean {
  if (ARRAY_PROTOTYPE.length !== 0 || getPrototypeOf(ARRAY_PROTOTYPE) !== OBJECT_PROTOTYPE) return false;
  const first = ownKeys(OBJECT_PROTOTYPE)[0];
  return typeof first !== "string" || !isArrayIndex(first);
}


const dateGetTime = Date.prototype.getTime as Method;
const dateToISOString = Date.prototype.toISOString as Method;

/** devalue's text of a Date: its ISO time, "" when it is invalid. */
export function dateText(date: object): string {
  const time = call<number>(dateGetTime, date);
  return time !== time ? "" : call<string>(dateToISOString, date);
}

const regExpSourceGetter = getterOf(RegExp.prototype, "source");
/** The flag getters, in the order the `flags` getter writes them (which reads them as properties a program may replace). */
const REGEXP_FLAGS: [string, Method][] = [];
for (const [flag, name] of [["d", "hasIndices"], ["g", "global"], ["i", "ignoreCase"], ["m", "multiline"], ["s", "dotAll"], ["u", "unicode"], ["v", "unicodeSets"], ["y", "sticky"]]) {
  if (getOwnPropertyDescriptor(RegExp.prototype, name!)?.get) REGEXP_FLAGS[REGEXP_FLAGS.length] = [flag!, getterOf(RegExp.prototype, name!)];
}

export function regExpSource(regExp: object): string {
  return call<string>(regExpSourceGetter, regExp);
}

export function regExpFlags(regExp: object): string {
  let flags = "";
  for (let index = 0; index < REGEXP_FLAGS.length; index++) if (call<boolean>(REGEXP_FLAGS[index]![1], regExp)) flags += REGEXP_FLAGS[index]![0];
  return flags;
}

const numberValueOf = Number.prototype.valueOf as Method;
const stringValueOf = String.prototype.valueOf as Method;
const booleanValueOf = Boolean.prototype.valueOf as Method;

/** A boxed primitive's value (`which`: the constructor whose prototype it inherits, as copy-kinds.ts tells). */
export function boxedValue(boxed: object, which: "number" | "string" | "boolean"): unknown {
  return call(which === "number" ? numberValueOf : which === "string" ? stringValueOf : booleanValueOf, boxed);
}

const TYPED_ARRAY_PROTOTYPE = getPrototypeOf(Uint8Array.prototype) as object;
const typedArrayTag = getterOf(TYPED_ARRAY_PROTOTYPE, Symbol.toStringTag);
const typedArrayBuffer = getterOf(TYPED_ARRAY_PROTOTYPE, "buffer");
const typedArrayByteLength = getterOf(TYPED_ARRAY_PROTOTYPE, "byteLength");
const typedArrayByteOffset = getterOf(TYPED_ARRAY_PROTOTYPE, "byteOffset");
const typedArrayLength = getterOf(TYPED_ARRAY_PROTOTYPE, "length");
const dataViewBuffer = getterOf(DataView.prototype, "buffer");
const dataViewByteLength = getterOf(DataView.prototype, "byteLength");
const dataViewByteOffset = getterOf(DataView.prototype, "byteOffset");
const arrayBufferSizeGetter = getterOf(ArrayBuffer.prototype, "byteLength");
const sharedArrayBufferByteLength = typeof SharedArrayBuffer === "function" ? getterOf(SharedArrayBuffer.prototype, "byteLength") : null;

/** Binary data's parts, as the built-in getters read them from its internal slots. */
export interface ViewParts {
  /** devalue's tag: the typed array's type, or "DataView". */
  tag: string;
  buffer: ArrayBufferLike;
  byteLength: number;
  byteOffset: number;
  /** Elements (a DataView: bytes). */
  length: number;
}

/** A typed array's or DataView's parts, or null for anything else (ArrayBuffer.isView's brand check). */
export function viewParts(value: object): ViewParts | null {
  if (!isView(value)) return null;
  const tag = call<string | undefined>(typedArrayTag, value);
  if (tag === undefined) {
    const byteLength = call<number>(dataViewByteLength, value);
    return { tag: "DataView", buffer: call(dataViewBuffer, value), byteLength, byteOffset: call(dataViewByteOffset, value), length: byteLength };
  }
  return { tag, buffer: call(typedArrayBuffer, value), byteLength: call(typedArrayByteLength, value), byteOffset: call(typedArrayByteOffset, value), length: call(typedArrayLength, value) };
}

/** A typed array's or DataView's size in bytes, or -1 for anything else. */
export function viewByteLength(value: object): number {
  if (!isView(value)) return -1;
  return call<string | undefined>(typedArrayTag, value) === undefined ? call<number>(dataViewByteLength, value) : call<number>(typedArrayByteLength, value);
}

/** An ArrayBuffer's size; a TypeError for any other object, as its getter gave before. */
export function arrayBufferByteLength(buffer: object): number {
  return call<number>(arrayBufferSizeGetter, buffer);
}

/** The size of binary data's memory: an ArrayBuffer, or a SharedArrayBuffer. */
export function bufferByteLength(buffer: object): number {
  try {
    return call<number>(arrayBufferSizeGetter, buffer);
  } catch (error) {
    if (sharedArrayBufferByteLength === null) throw error;
    return call<number>(sharedArrayBufferByteLength, buffer);
  }
}

/** An own data property's value (no getter runs), else undefined. */
export function ownDataValue(object: object, key: PropertyKey): unknown {
  const descriptor = getOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && hasOwn(descriptor, "value") ? descriptor.value : undefined;
}

const BINARY_PROTOTYPES = new Set<unknown>([ArrayBuffer.prototype, DataView.prototype, Uint8Array.prototype, Int8Array.prototype, Uint8ClampedArray.prototype, Int16Array.prototype, Uint16Array.prototype, Int32Array.prototype, Uint32Array.prototype, Float32Array.prototype, Float64Array.prototype, BigInt64Array.prototype, BigUint64Array.prototype]);
const setHas = Set.prototype.has as Method;

/**
 * What binary data is called in a handle (its class's name): `tag` (its built-in type) for an
 * instance of a built-in class, whose `constructor` a program may replace; a subclass's own name
 * otherwise, read from data properties only; "ArrayBuffer" without a prototype (as before).
 */
export function binaryName(value: object, tag: string): string {
  const proto = getPrototypeOf(value) as object | null;
  if (proto === null) return "ArrayBuffer";
  if (reflectApply(setHas, BINARY_PROTOTYPES, [proto])) return tag;
  const constructor = ownDataValue(proto, "constructor");
  const name = typeof constructor === "function" ? ownDataValue(constructor, "name") : undefined;
  return typeof name === "string" ? name : tag;
}
