/**
 * Built-ins the prelude relies on, captured before any user code runs. User code may replace
 * `JSON`, `Promise.prototype.then`, `Reflect` and friends in its own thread; the prelude keeps
 * using the originals. (The host also validates everything the guest reports.)
 */
export const jsonStringify = JSON.stringify;
export const jsonParse = JSON.parse;
export const promiseThen = Promise.prototype.then;
export const reflectApply = Reflect.apply;
export const objectGetOwnPropertyDescriptors = Object.getOwnPropertyDescriptors;
export const objectGetPrototypeOf = Object.getPrototypeOf;
export const objectPrototype = Object.prototype;
export const objectCreate = Object.create;
export const objectFreeze = Object.freeze;
export const NativeProxy = Proxy;
export const reflectGet = Reflect.get;

export function then<T, R>(promise: Promise<T>, onFulfilled: (value: T) => R, onRejected?: (error: unknown) => R): Promise<R> {
  return reflectApply(promiseThen, promise, [onFulfilled, onRejected]) as Promise<R>;
}
export const objectDefineProperty = Object.defineProperty;
export const objectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const reflectDeleteProperty = Reflect.deleteProperty;
export const NativeTypeError = TypeError;
export const isArray = Array.isArray;
export const objectKeys = Object.keys;
const arrayPush = Array.prototype.push;
const arrayJoin = Array.prototype.join;
const stringSlice = String.prototype.slice;
const stringIndexOf = String.prototype.indexOf;
const arraySlice = Array.prototype.slice;
const mapClear = Map.prototype.clear;
const mapHas = Map.prototype.has;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;

/** The originals of methods the prelude's reports use, called on values it made itself. */
export const push = <T>(array: T[], item: T): number => reflectApply(arrayPush, array, [item]) as number;
export const join = (array: readonly string[], separator: string): string => reflectApply(arrayJoin, array, [separator]) as string;
export const slice = (text: string, start: number, end?: number): string => reflectApply(stringSlice, text, [start, end]) as string;
export const indexOf = (text: string, search: string, from = 0): number => reflectApply(stringIndexOf, text, [search, from]) as number;
export const sliceArray = <T>(array: readonly T[], start: number, end?: number): T[] => reflectApply(arraySlice, array, [start, end]) as T[];
export const clearMap = (map: Map<unknown, unknown>): void => void reflectApply(mapClear, map, []);
export const mapHasKey = <K>(map: Map<K, unknown>, key: K): boolean => reflectApply(mapHas, map, [key]) as boolean;
export const mapValue = <K, V>(map: Map<K, V>, key: K): V | undefined => reflectApply(mapGet, map, [key]) as V | undefined;
export const setMapValue = <K, V>(map: Map<K, V>, key: K, value: V): void => void reflectApply(mapSet, map, [key, value]);
