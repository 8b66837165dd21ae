/**
 * Lists, maps and sets whose methods are the ones the thread started with, for the prelude's work
 * on a program's values after the program ran (the value copy: bounded-copy.ts). Each is made on a
 * frozen prototype that inherits nothing and holds the built-ins captured at the prelude's load, so
 * a program that replaced Array.prototype.push or Map.prototype.get, or put an accessor on
 * Array.prototype[0], is not met: QuickJS runs such a setter even for an append to an ordinary
 * array (`list[list.length] = x`, push), its fast path checks the prototype chain first.
 * Measured in QuickJS: a call costs what an ordinary one does (~0.14 µs a get, ~0.12 µs an
 * append); making one costs ~0.1 µs more.
 */
const setPrototypeOf = Object.setPrototypeOf;
const freeze = Object.freeze;

/** An array made here: index reads and writes, and these methods (the originals). */
export interface List<T> {
  length: number;
  [index: number]: T;
  push(...items: T[]): number;
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

const LIST = sealedPrototype({ push: Array.prototype.push, pop: Array.prototype.pop, join: Array.prototype.join });
const MAP = sealedPrototype({ get: Map.prototype.get, set: Map.prototype.set, has: Map.prototype.has });
const SET = sealedPrototype({ has: Set.prototype.has, add: Set.prototype.add, delete: Set.prototype.delete });

export function newList<T>(): List<T> {
  return setPrototypeOf([], LIST) as List<T>;
}

export function newMap<K, V>(): SafeMap<K, V> {
  return setPrototypeOf(new Map(), MAP) as SafeMap<K, V>;
}

export function newSet<T>(): SafeSet<T> {
  return setPrototypeOf(new Set(), SET) as SafeSet<T>;
}
