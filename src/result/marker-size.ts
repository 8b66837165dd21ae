/**
 * How large a value is once bounded as a tree (src/result/tree-copy.ts): each object, long string,
 * big BigInt or piece of binary memory written out at its first occurrence, depth-first, and every
 * later one as a `{ $shared }` marker (counted MARKER_CHARS, its path apart: the paths have a
 * budget of their own); an array with holes as its items. Never further than a budget: one step
 * per reference, and each costs at least a character; binary data counts its base64. Iterative (a deep value never overflows the
 * host's stack).
 *
 * A value too large as a tree is delivered in this form only when it fits (src/result/bounded-value.ts):
 * 250,000 references to one string would otherwise be 250,000 markers to build and to hand on.
 * The guest counts the same way as it writes its copy (src/guest/bounded-copy.ts), never more.
 */
import { binaryMarkedChars, MARKER_CHARS, SMALL_CHARS, SPARSE_FRAME_CHARS, bigintChars } from "./tree-costs.js";
import { hasHoles, isLongPrimitive } from "./tree-copy.js";
import { leafObjectChars } from "./tree-size.js";

interface Frame {
  children: unknown[];
  /** What each child's slot costs besides the child: its key and punctuation. */
  slotChars: number[] | number;
  next: number;
}

/** True when `value`, bounded as a tree, takes at most `budgetChars` characters. */
export function markerFormFits(value: unknown, budgetChars: number): boolean {
  const seen = new Set<unknown>();
  const buffers = new Set<ArrayBufferLike>();
  const frames: Frame[] = [];
  let spent = 0;
  let child: unknown = value;
  for (;;) {
    // Measure `child`; a container's children are measured by the loop below.
    if (isLongPrimitive(child) || (typeof child === "object" && child !== null)) {
      if (seen.has(child)) {
        spent += MARKER_CHARS;
      } else {
        seen.add(child);
        spent += firstOccurrence(child, buffers, frames);
      }
    } else {
      spent += typeof child === "string" ? child.length + 2 : typeof child === "bigint" ? bigintChars(child) : SMALL_CHARS;
    }
    if (spent > budgetChars) return false;
    // The next child: the next one of the innermost container still being measured.
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame === undefined) return true;
      const index = frame.next++;
      if (index < frame.children.length) {
        spent += typeof frame.slotChars === "number" ? frame.slotChars : frame.slotChars[index]!;
        child = frame.children[index];
        break;
      }
      frames.pop();
    }
  }
}

/** What a first occurrence costs by itself (a container: its frame, its children pushed to walk). */
function firstOccurrence(child: unknown, buffers: Set<ArrayBufferLike>, frames: Frame[]): number {
  if (typeof child !== "object" || child === null) return typeof child === "string" ? child.length + 2 : bigintChars(child as bigint);
  if (ArrayBuffer.isView(child) || child instanceof ArrayBuffer) {
    const buffer = ArrayBuffer.isView(child) ? child.buffer : child;
    if (buffers.has(buffer)) return MARKER_CHARS;
    buffers.add(buffer);
    return binaryMarkedChars(child.byteLength);
  }
  const leaf = leafObjectChars(child);
  if (leaf >= 0) return leaf;
  if (Array.isArray(child)) {
    if (!hasHoles(child)) {
      frames.push({ children: child, slotChars: 1, next: 0 });
      return 2;
    }
    // Object.keys of a sparse array lists its items only.
    const indexes = Object.keys(child);
    frames.push({ children: indexes.map((index) => child[Number(index)]), slotChars: indexes.map((index) => index.length + 4), next: 0 });
    return SPARSE_FRAME_CHARS + String(child.length).length;
  }
  if (child instanceof Map || child instanceof Set) {
    frames.push({ children: child instanceof Map ? [...child].flat() : [...child], slotChars: 1, next: 0 });
    return 2;
  }
  const keys = Object.keys(child);
  frames.push({ children: keys.map((key) => (child as Record<string, unknown>)[key]), slotChars: keys.map((key) => key.length + 4), next: 0 });
  return 2;
}
