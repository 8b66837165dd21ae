/**
 * How large a value is written out as a tree — every shared reference expanded where it appears,
 * as JSON.stringify, util.inspect, a logger or any recursive walk sees it — measured in about the
 * characters such a walk writes, and never further than a budget: the walk stops as soon as it
 * has counted past it, so it costs at most about `budgetChars` steps whatever the value is (a
 * 40-level tree of shared references has 2^40 paths; this stops after the budget's worth).
 *
 * A cycle is counted once, as a walker that tracks its ancestors stops there (JSON.stringify
 * throws, inspect writes [Circular]). Iterative: a deep value never overflows the host's stack.
 */

/** What a hole, a number, a boolean or null costs: about what JSON writes for it, with its comma. */
const SMALL_CHARS = 6;
/** A Date, a cycle's stop: about `"2024-01-01T00:00:00.000Z"`. */
const LEAF_OBJECT_CHARS = 26;
/** Binary data: JSON writes each byte of a typed array as `"123":255,` — about this many per byte. */
const CHARS_PER_BYTE = 4;

type Frame = { value: unknown; exit: boolean };

/** The characters a BigInt's digits take, told without converting huge ones to decimal twice. */
export function bigintChars(value: bigint): number {
  if (value < 0n) value = -value;
  if (value < 0x10000000000000000n) return 20;
  // A hexadecimal digit carries log10(16) ≈ 1.2 decimal digits.
  return Math.ceil(value.toString(16).length * 1.21);
}

function leafChars(value: unknown): number {
  switch (typeof value) {
    case "string":
      return value.length + 2;
    case "bigint":
      return bigintChars(value);
    default:
      return SMALL_CHARS;
  }
}

/** Binary data and other objects without children a walker visits: their size, or null for a container. */
function leafObjectChars(value: object): number | null {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return 2 + value.byteLength * CHARS_PER_BYTE;
  if (value instanceof Date || value instanceof Number || value instanceof Boolean) return LEAF_OBJECT_CHARS;
  if (value instanceof String) return LEAF_OBJECT_CHARS + value.length;
  if (value instanceof RegExp) return LEAF_OBJECT_CHARS + value.source.length;
  return null;
}

/**
 * True when `value`, written out as a tree, takes at most `budgetChars` characters. Costs at most
 * about `budgetChars` steps (plus one container's own keys) however the value is built.
 */
export function fitsAsTree(value: unknown, budgetChars: number): boolean {
  let spent = 0;
  const ancestors = new Set<object>();
  const stack: Frame[] = [{ value, exit: false }];
  const push = (child: unknown) => stack.push({ value: child, exit: false });
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current !== "object" || current === null) {
      spent += leafChars(current);
      if (spent > budgetChars) return false;
      continue;
    }
    if (frame.exit) {
      ancestors.delete(current);
      continue;
    }
    if (ancestors.has(current)) {
      spent += LEAF_OBJECT_CHARS;
      if (spent > budgetChars) return false;
      continue;
    }
    const leaf = leafObjectChars(current);
    if (leaf !== null) {
      spent += leaf;
      if (spent > budgetChars) return false;
      continue;
    }
    spent += 2;
    ancestors.add(current);
    stack.push({ value: current, exit: true });
    if (Array.isArray(current)) {
      // Each slot costs at least one character: a longer array cannot fit (sparse ones included).
      if (spent + current.length > budgetChars) return false;
      for (let index = current.length - 1; index >= 0; index--) {
        if (index in current) {
          spent += 1;
          push(current[index]);
        } else {
          spent += SMALL_CHARS;
        }
      }
    } else if (current instanceof Map) {
      if (spent + current.size * 2 > budgetChars) return false;
      for (const [key, item] of current) {
        spent += 2;
        push(key);
        push(item);
      }
    } else if (current instanceof Set) {
      if (spent + current.size > budgetChars) return false;
      for (const item of current) {
        spent += 1;
        push(item);
      }
    } else {
      const keys = Object.keys(current);
      for (const key of keys) {
        spent += key.length + 4;
        if (spent > budgetChars) return false;
        push((current as Record<string, unknown>)[key]);
      }
    }
    if (spent > budgetChars) return false;
  }
  return true;
}
