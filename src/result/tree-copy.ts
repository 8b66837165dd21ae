/**
 * The tree copy of a value too large written out as a tree (src/result/bounded-value.ts says when
 * and what the markers mean): walked depth-first in order, each object copied at its first
 * occurrence and every later one — a repeat, or a cycle back to an ancestor — written as
 * `{ $shared: pointer }`. One step per reference of the value; iterative (a deep value never
 * overflows the host's stack).
 */

import { BIG_BIGINT, SHARED_STRING_MIN_CHARS } from "./tree-costs.js";

export { SHARED_STRING_MIN_CHARS } from "./tree-costs.js";
export const SHARED_MARKER = "$shared";
export const SPARSE_MARKER = "$sparse";

export interface TreeCopy {
  value: unknown;
  /** How many repeats became `{ $shared }` markers. */
  repeats: number;
  /** How many arrays with holes became `{ $sparse }`. */
  sparseArrays: number;
}

type Slots = Record<string | number, unknown>;

/**
 * A container being copied: its children are taken one at a time, in order, and one that must be
 * copied in turn is copied in full before the next (so "first" means first in depth-first order).
 */
interface Frame {
  children: unknown[];
  /** Where each child goes in `target`: null for 0, 1, 2, … */
  keys: string[] | null;
  /** The children's path segments when they are not their keys (Map entries, Set members). */
  segments: string[] | null;
  target: Slots;
  pointer: string;
  next: number;
  /** A Map or Set is built once its members are copied (none of them can be itself: that is a marker). */
  finish: (() => void) | null;
}

function pointerSegment(key: string | number): string {
  return typeof key === "number" ? String(key) : key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isLeafObject(value: object): boolean {
  return value instanceof Date || value instanceof RegExp || value instanceof Number || value instanceof String || value instanceof Boolean;
}

export function hasHoles(array: unknown[]): boolean {
  for (let index = 0; index < array.length; index++) if (!(index in array)) return true;
  return false;
}

function put(target: Slots, key: string | number, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export function isLongPrimitive(value: unknown): boolean {
  return (typeof value === "string" && value.length > SHARED_STRING_MIN_CHARS) || (typeof value === "bigint" && (value >= BIG_BIGINT || value <= -BIG_BIGINT));
}

/** The tree copy of `root`; markers' paths are named until they have used `pointerBudgetChars`. */
export function copyAsTree(root: unknown, pointerBudgetChars: number): TreeCopy {
  const firstAt = new Map<unknown, string>();
  const buffersAt = new Map<ArrayBufferLike, string>();
  const frames: Frame[] = [];
  let pointerChars = 0;
  let repeats = 0;
  let sparseArrays = 0;

  const marker = (pointer: string) => {
    repeats++;
    // Once a path does not fit in what is left, no later one is named either.
    if (pointerChars >= 0 && pointerChars + pointer.length <= pointerBudgetChars) pointerChars += pointer.length;
    else pointerChars = -1;
    return { $shared: pointerChars >= 0 ? pointer : "…" } satisfies Record<typeof SHARED_MARKER, string>;
  };

  const frame = (children: unknown[], keys: string[] | null, segments: string[] | null, target: Slots, pointer: string, finish: (() => void) | null = null) =>
    frames.push({ children, keys, segments, target, pointer, next: 0, finish });

  /** The first occurrence of `source` (an object or a long primitive): its copy goes to `target[key]`. */
  const copyFirst = (source: unknown, target: Slots, key: string | number, pointer: string) => {
    firstAt.set(source, pointer);
    if (typeof source !== "object" || source === null) return put(target, key, source);
    if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) {
      // Binary data whose memory already appeared (another view of one buffer) is a repeat too.
      const buffer = ArrayBuffer.isView(source) ? source.buffer : source;
      const sameMemory = buffersAt.get(buffer);
      if (sameMemory !== undefined) return put(target, key, marker(sameMemory));
      buffersAt.set(buffer, pointer);
      return put(target, key, source);
    }
    if (isLeafObject(source)) return put(target, key, source);
    if (Array.isArray(source)) {
      if (!hasHoles(source)) {
        const copy = new Array<unknown>(source.length);
        put(target, key, copy);
        return frame(source, null, null, copy as unknown as Slots, pointer);
      }
      sparseArrays++;
      const items: Slots = {};
      put(target, key, { $sparse: { length: source.length, items } } satisfies Record<typeof SPARSE_MARKER, unknown>);
      // Object.keys of a sparse array lists its items only (V8 keeps huge sparse arrays as dictionaries).
      const indexes = Object.keys(source);
      return frame(
        indexes.map((index) => source[Number(index)]),
        indexes,
        null,
        items,
        `${pointer}/${SPARSE_MARKER}/items`,
      );
    }
    if (source instanceof Map || source instanceof Set) {
      const isMap = source instanceof Map;
      const members = isMap ? [...source].flat() : [...source];
      const copied: unknown[] = new Array(members.length);
      const segments = members.map((_, index) => (isMap ? `${index >> 1}/${index & 1}` : String(index)));
      const finish = () => {
        if (!isMap) return put(target, key, new Set(copied));
        const map = new Map();
        for (let index = 0; index < copied.length; index += 2) map.set(copied[index], copied[index + 1]);
        put(target, key, map);
      };
      return frame(members, null, segments, copied as unknown as Slots, pointer, finish);
    }
    const copy: Slots = Object.getPrototypeOf(source) === null ? Object.create(null) : {};
    put(target, key, copy);
    const keys = Object.keys(source);
    return frame(
      keys.map((name) => (source as Slots)[name]),
      keys,
      null,
      copy,
      pointer,
    );
  };

  const holder: Slots = {};
  copyFirst(root, holder, 0, "#");
  while (frames.length > 0) {
    const current = frames[frames.length - 1]!;
    const index = current.next++;
    if (index >= current.children.length) {
      frames.pop();
      current.finish?.();
      continue;
    }
    const source = current.children[index];
    const key = current.keys === null ? index : current.keys[index]!;
    if ((typeof source !== "object" || source === null) && !isLongPrimitive(source)) {
      put(current.target, key, source);
      continue;
    }
    const first = firstAt.get(source);
    if (first !== undefined) {
      put(current.target, key, marker(first));
      continue;
    }
    copyFirst(source, current.target, key, `${current.pointer}/${current.segments === null ? pointerSegment(key) : current.segments[index]}`);
  }
  return { value: holder[0], repeats, sparseArrays };
}
