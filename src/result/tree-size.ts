/**
 * How large a value is written out as a tree — every shared reference expanded where it appears,
 * as JSON.stringify, util.inspect, a logger or any recursive walk sees it — measured in about the
 * characters such a walk writes, and never further than a budget.
 *
 * An object met again is not walked again: its size is remembered from its first walk (a 40-level
 * tree of shared references, 2^40 paths, costs 41 steps). A cycle is counted once, as a walker that
 * tracks its ancestors stops there (JSON.stringify throws, inspect writes [Circular]); an object
 * whose walk met such a cycle is not remembered (its size depends on where it is met), so values
 * built of cycles AND shared references are also capped in steps. Iterative: a deep value never
 * overflows the host's stack.
 */

import { bigintChars, CHARS_PER_BYTE, LEAF_OBJECT_CHARS, SMALL_CHARS } from "./tree-costs.js";

export { bigintChars } from "./tree-costs.js";

/**
 * An object being walked: its children are taken one at a time, each measured in full before the
 * next (so a repeat among siblings finds its first occurrence's size already known).
 */
interface Frame {
  object: object;
  /** The array itself, the object's values (with `keys`), or a Map's keys and values / a Set's members. */
  children: unknown[];
  keys: string[] | null;
  next: number;
  spentBefore: number;
  cyclesBefore: number;
}

/** Binary data and other objects without children a walker visits: their size, or -1 for a container. */
export function leafObjectChars(value: object): number {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return 2 + value.byteLength * CHARS_PER_BYTE;
  if (value instanceof Date || value instanceof Number || value instanceof Boolean) return LEAF_OBJECT_CHARS;
  if (value instanceof String) return LEAF_OBJECT_CHARS + value.length;
  if (value instanceof RegExp) return LEAF_OBJECT_CHARS + value.source.length;
  return -1;
}

/**
 * What a child costs when that is known at once (a primitive, an object already measured), or -1
 * when it must be walked. Saves a trip through the stack for most references.
 */
function knownChars(child: unknown, sizes: Map<object, number>): number {
  switch (typeof child) {
    case "string":
      return child.length + 2;
    case "bigint":
      return bigintChars(child);
    case "object":
      return child === null ? SMALL_CHARS : (sizes.get(child) ?? -1);
    default:
      return SMALL_CHARS;
  }
}

/**
 * True when `value`, written out as a tree, takes at most `budgetChars` characters, told in at
 * most `maxSteps` steps (a step per reference met; past it the answer is false).
 */
export function fitsAsTree(value: unknown, budgetChars: number, maxSteps = Infinity): boolean {
  const sizes = new Map<object, number>();
  const ancestors = new Set<object>();
  const frames: Frame[] = [];
  let spent = 0;
  let cycles = 0;
  let steps = 0;
  let child: unknown = value;
  for (;;) {
    if (++steps > maxSteps || spent > budgetChars) return false;
    // Measure `child`: at once when that is possible, else start walking it.
    const chars = knownChars(child, sizes);
    if (chars >= 0) {
      spent += chars;
    } else {
      const object = child as object;
      const leaf = leafObjectChars(object);
      if (ancestors.has(object)) {
        cycles++;
        spent += LEAF_OBJECT_CHARS;
      } else if (leaf >= 0) {
        sizes.set(object, leaf);
        spent += leaf;
      } else {
        let children: unknown[];
        let keys: string[] | null = null;
        if (Array.isArray(object)) {
          // Each slot costs at least one character: a longer array cannot fit (sparse ones included).
          if (spent + object.length > budgetChars) return false;
          children = object;
        } else if (object instanceof Map || object instanceof Set) {
          if (spent + object.size * 2 > budgetChars) return false;
          children = object instanceof Map ? [...object].flat() : [...object];
        } else {
          keys = Object.keys(object);
          children = keys.map((key) => (object as Record<string, unknown>)[key]);
        }
        ancestors.add(object);
        frames.push({ object, children, keys, next: 0, spentBefore: spent, cyclesBefore: cycles });
        spent += 2;
      }
    }
    // The next child to measure: the next one of the innermost object still being walked.
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame === undefined) return spent <= budgetChars;
      const index = frame.next++;
      if (index < frame.children.length) {
        if (frame.keys !== null) {
          spent += frame.keys[index]!.length + 4;
        } else if (!(index in frame.children)) {
          spent += SMALL_CHARS;
          if (spent > budgetChars) return false;
          continue;
        } else {
          spent += 1;
        }
        child = frame.children[index];
        // Most children are counted here, without leaving this loop (the rest are walked).
        const chars = knownChars(child, sizes);
        if (chars < 0) break;
        spent += chars;
        if (++steps > maxSteps || spent > budgetChars) return false;
        continue;
      }
      frames.pop();
      ancestors.delete(frame.object);
      if (cycles === frame.cyclesBefore) sizes.set(frame.object, spent - frame.spentBefore);
    }
  }
}
