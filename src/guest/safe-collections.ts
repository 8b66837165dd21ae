/**
 * Lists, maps and sets whose methods are the ones the thread started with, for the prelude's work
 * on a program's values after the program ran (the value copy: bounded-copy.ts). Each is made on a
 * frozen prototype that inherits nothing and holds the built-ins captured at the prelude's load, so
 * a program that replaced Array.prototype.push or Map.prototype.get, or put an accessor on
 * Array.prototype[0], is not met: QuickJS runs such a setter even for an append to an ordinary
 * array (`list[list.length] = x`, push). Measured in QuickJS: a map's get or set costs what an
 * ordinary one does (~0.15 µs), making a list ~0.2 µs more, an append ~0.17 µs (an ordinary array's
 * ~0.09 µs: QuickJS's fast paths want Array.prototype; a push here would be ~0.3 µs: append by index).
 */
const setPrototypeOf = Object.setPrototypeOf;
const freeze = Object.freeze;
const reflectApply = Reflect.apply;
const arrayFill = Array.prototype.fill;

/** An array made here: index reads and writes (append: `list[list.length] = x`), and these methods (the originals). */
export interface List<T> {
  length: number;
  [index: number]: T;
  pop(): T | undefined;
  join(separator: string): string;
}

export interface SafeMap<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
  has(key: K): boolean;
}

export interface SafeSet<T> {
  has(value: T): boolean;
  add(value: T): unknown;
  delete(value: T): boolean;
}

function sealedPrototype(methods: Record<string, unknown>): object {
  return freeze(setPrototypeOf(methods, null));
}

const LIST = sealedPrototype({ pop: Array.prototype.pop, join: Array.prototype.join });
const MAP = sealedPrototype({ get: Map.prototype.get, set: Map.prototype.set, has: Map.prototype.has });
const SET = sealedPrototype({ has: Set.prototype.has, add: Set.prototype.add, delete: Set.prototype.delete });

export function newList<T>(): List<T> {
  return setPrototypeOf([], LIST) as List<T>;
}

/** Appends `count` times `value` (one call of the original fill: ~3× faster than appending them one by one). */
export function appendRepeats<T>(list: List<T>, value: T, count: number): void {
  const start = list.length;
  list.length = start + count;
  reflectApply(arrayFill, list, [value, start, start + count]);
}

export function newMap<K, V>(): SafeMap<K, V> {
  return setPrototypeOf(new Map(), MAP) as SafeMap<K, V>;
}

export function newSet<T>(): SafeSet<T> {
  return setPrototypeOf(new Set(), SET) as SafeSet<T>;
}
