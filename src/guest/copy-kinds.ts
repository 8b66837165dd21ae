/**
 * What an object is for the value copy (bounded-copy.ts, result-copy.ts's reducers): for each built-in
 * constructor it tells apart, what `object instanceof C` says in a thread whose built-ins are as
 * they started — C.prototype is on the object's prototype chain — answered by one walk of the
 * chain with Object.getPrototypeOf captured at the prelude's load. `instanceof` itself would call
 * C[Symbol.hasInstance], which a program may define on C (an endless loop, a forged answer). The
 * walk stops at Object.prototype, whose prototype cannot change; a Proxy on the chain runs its
 * getPrototypeOf trap, as `instanceof` did (the program's own object, not a built-in).
 */
import { newMap } from "./safe-collections.js";

export const MAP = 1;
export const SET = 2;
export const DATE = 4;
export const REGEXP = 8;
export const NUMBER = 16;
export const STRING = 32;
export const BOOLEAN = 64;
export const ERROR = 128;
export const ARRAY_BUFFER = 256;
const WEAK_MAP = 512;
const WEAK_SET = 1024;
const WEAK_REF = 2048;
const FINALIZATION_REGISTRY = 4096;
const PROMISE = 8192;
/** Boxed primitives devalue writes as `["Object", value]` (a boxed BigInt is copied as an object). */
export const BOXED = NUMBER | STRING | BOOLEAN;
/** Objects that stay in the guest: the copy holds a handle for them. */
export const HANDLE_KINDS = WEAK_MAP | WEAK_SET | WEAK_REF | FINALIZATION_REGISTRY | PROMISE;

const getPrototypeOf = Object.getPrototypeOf;
const OBJECT_PROTOTYPE = Object.prototype;
const ARRAY_PROTOTYPE = Array.prototype;
const KINDS = newMap<object, number>();
for (const [constructor, kind] of [
  [Map, MAP],
  [Set, SET],
  [Date, DATE],
  [RegExp, REGEXP],
  [Number, NUMBER],
  [String, STRING],
  [Boolean, BOOLEAN],
  [Error, ERROR],
  [ArrayBuffer, ARRAY_BUFFER],
  [WeakMap, WEAK_MAP],
  [WeakSet, WEAK_SET],
  [typeof WeakRef === "function" ? WeakRef : null, WEAK_REF],
  [typeof FinalizationRegistry === "function" ? FinalizationRegistry : null, FINALIZATION_REGISTRY],
  [Promise, PROMISE],
] as const) {
  if (constructor !== null) KINDS.set(constructor.prototype as object, kind);
}

/** The kinds above whose prototype is on `object`'s chain, or-ed together (0: none). */
export function kindsOf(object: object): number {
  return kindsFrom(getPrototypeOf(object) as object | null);
}

/** The same, from an object's prototype (the copy has read it already). */
export function kindsFrom(prototype: object | null): number {
  // An array's, as the thread started (the copy meets many): no kind.
  if (prototype === ARRAY_PROTOTYPE && getPrototypeOf(ARRAY_PROTOTYPE) === OBJECT_PROTOTYPE) return 0;
  let kinds = 0;
  for (let proto = prototype; proto !== null && proto !== OBJECT_PROTOTYPE; proto = getPrototypeOf(proto) as object | null) {
    const kind = KINDS.get(proto);
    if (kind !== undefined) kinds |= kind;
  }
  return kinds;
}
