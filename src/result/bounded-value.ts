/**
 * Values that leave the sandbox are bounded as trees (DESIGN §3, README "What the model reads").
 * A copy the guest made keeps its shared references and cycles (structured-clone semantics), and
 * its encoded size is limited; but a few hundred encoded bytes can expand to 2^40 paths once a
 * host walks it as a tree (JSON.stringify, a logger). So, on the host, right after it is decoded:
 *
 * - a value that, written out as a tree, fits in its budget arrives exactly as the program made it;
 * - a larger one arrives as a tree, in depth-first order: the first occurrence of each object is
 *   kept, and every later one (a repeat, or a cycle back to an ancestor) is the marker
 *   `{ $shared: "#/path/of/the/first" }` (a JSON Pointer into the delivered value; once the
 *   markers' paths have used the budget, later markers say `"…"`). So is a repeat of a string
 *   longer than SHARED_STRING_MIN_CHARS, of such a BigInt, or of binary data whose memory already
 *   appeared (a second view of one buffer); an array with holes becomes
 *   `{ $sparse: { length, items: { index: value } } }`.
 *
 * Map entries and Set members are numbered in the paths in insertion order (a Map entry is
 * `[key, value]`: `#/m/0/1` is the first entry's value). Costs: the measurement at most about the
 * budget; the copy, when one is needed, one step per reference in the decoded value.
 */
import { fitsAsTree } from "./tree-size.js";

export const SHARED_MARKER = "$shared";
export const SPARSE_MARKER = "$sparse";
/** Shorter strings (and BigInts of fewer digits) repeat as they are: a marker would be as long. */
export const SHARED_STRING_MIN_CHARS = 16;
const BIG_BIGINT = 10n ** BigInt(SHARED_STRING_MIN_CHARS);

export interface BoundedValue {
  value: unknown;
  /** How many repeats became `{ $shared }` markers (0: the value arrived as the program made it). */
  repeats: number;
  /** How many arrays with holes became `{ $sparse }`. */
  sparseArrays: number;
}

/**
 * One reference still to copy: its value, the slot of the copy it goes to, and where its parent is
 * in the copy (a JSON Pointer; the child's own is built only when it is needed).
 */
interface Task {
  source: unknown;
  target: Record<string | number, unknown>;
  key: string | number;
  parentPointer: string;
  /** The key as a pointer segment, when it is not `key` itself (Map entries, $sparse items). */
  segment?: string;
}

/** A Map or Set of the copy, built once its members are copied (they can never be itself: that is a marker). */
interface Collection {
  finish: true;
  entries: unknown[][];
  isMap: boolean;
  target: Record<string | number, unknown>;
  key: string | number;
}

function pointerSegment(key: string | number): string {
  return typeof key === "number" ? String(key) : key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isLeafObject(value: object): boolean {
  return value instanceof Date || value instanceof RegExp || value instanceof Number || value instanceof String || value instanceof Boolean;
}

function hasHoles(array: unknown[]): boolean {
  // Object.keys of a sparse array lists its items only (V8 keeps huge sparse arrays as dictionaries).
  return Object.keys(array).length < array.length;
}

function put(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function isLongPrimitive(value: unknown): boolean {
  return (typeof value === "string" && value.length > SHARED_STRING_MIN_CHARS) || (typeof value === "bigint" && (value >= BIG_BIGINT || value <= -BIG_BIGINT));
}

/** The tree copy of an over-budget value (see the file comment): one step per reference. */
function copyAsTree(root: unknown, budgetChars: number): BoundedValue {
  const firstAt = new Map<unknown, string>();
  const buffersAt = new Map<ArrayBufferLike, string>();
  let pointerChars = 0;
  let repeats = 0;
  let sparseArrays = 0;
  const marker = (pointer: string) => {
    repeats++;
    // Once a path does not fit in what is left, no later one is named either.
    if (pointerChars >= 0 && pointerChars + pointer.length <= budgetChars) pointerChars += pointer.length;
    else pointerChars = -1;
    return { [SHARED_MARKER]: pointerChars >= 0 ? pointer : "…" };
  };
  const holder: Record<string | number, unknown> = {};
  // Children are pushed last-first, so they are taken in order: the first occurrence of anything
  // is the first one in depth-first order, as a reader of JSON.stringify's output meets it.
  const tasks: (Task | Collection)[] = [{ source: root, target: holder, key: 0, parentPointer: "" }];
  /**
   * A child: put at once when that is already decided — a short primitive, or a repeat of what was
   * copied before (everything copied so far comes before it in depth-first order) — else queued.
   */
  const place = (source: unknown, target: Record<string | number, unknown>, key: string | number, parentPointer: string, segment?: string) => {
    if ((typeof source !== "object" || source === null) && !isLongPrimitive(source)) return put(target, key, source);
    const first = firstAt.get(source);
    if (first !== undefined) return put(target, key, marker(first));
    tasks.push(segment === undefined ? { source, target, key, parentPointer } : { source, target, key, parentPointer, segment });
  };
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ("finish" in task) {
      put(task.target, task.key, task.isMap ? new Map(task.entries as [unknown, unknown][]) : new Set(task.entries.map((entry) => entry[0])));
      continue;
    }
    const { source, target, key } = task;
    const primitive = typeof source !== "object" || source === null;
    if (primitive && !isLongPrimitive(source)) {
      put(target, key, source);
      continue;
    }
    const pointer = task.parentPointer === "" && target === holder ? "#" : `${task.parentPointer}/${task.segment ?? pointerSegment(key)}`;
    const first = firstAt.get(source);
    if (first !== undefined) {
      put(target, key, marker(first));
      continue;
    }
    firstAt.set(source, pointer);
    if (primitive) {
      put(target, key, source);
      continue;
    }
    if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) {
      const buffer = ArrayBuffer.isView(source) ? source.buffer : source;
      const sameMemory = buffersAt.get(buffer);
      if (sameMemory !== undefined) {
        put(target, key, marker(sameMemory));
      } else {
        buffersAt.set(buffer, pointer);
        put(target, key, source);
      }
      continue;
    }
    if (isLeafObject(source)) {
      put(target, key, source);
      continue;
    }
    if (Array.isArray(source)) {
      if (hasHoles(source)) {
        sparseArrays++;
        const items: Record<string, unknown> = {};
        put(target, key, { [SPARSE_MARKER]: { length: source.length, items } });
        const indexes = Object.keys(source);
        const itemsPointer = `${pointer}/${SPARSE_MARKER}/items`;
        for (let index = indexes.length - 1; index >= 0; index--) {
          const at = indexes[index]!;
          place(source[Number(at)], items, at, itemsPointer);
        }
      } else {
        const copy = new Array<unknown>(source.length);
        put(target, key, copy);
        for (let index = source.length - 1; index >= 0; index--) place(source[index], copy as unknown as Record<number, unknown>, index, pointer);
      }
    } else if (source instanceof Map || source instanceof Set) {
      const isMap = source instanceof Map;
      const members = [...source] as unknown[];
      const entries = members.map(() => [undefined, undefined]);
      tasks.push({ finish: true, entries, isMap, target, key });
      for (let index = members.length - 1; index >= 0; index--) {
        const entry = entries[index]! as unknown as Record<number, unknown>;
        if (isMap) {
          const [memberKey, item] = members[index] as [unknown, unknown];
          place(item, entry, 1, pointer, `${index}/1`);
          place(memberKey, entry, 0, pointer, `${index}/0`);
        } else {
          place(members[index], entry, 0, pointer, String(index));
        }
      }
    } else {
      const copy: Record<string, unknown> = Object.getPrototypeOf(source) === null ? Object.create(null) : {};
      put(target, key, copy);
      const keys = Object.keys(source);
      for (let index = keys.length - 1; index >= 0; index--) {
        const name = keys[index]!;
        place((source as Record<string, unknown>)[name], copy, name, pointer);
      }
    }
  }
  return { value: holder[0], repeats, sparseArrays };
}

/**
 * `value` as the host may hand it on: itself when, written out as a tree, it takes at most
 * `budgetChars` characters (told in at most `maxSteps` steps: a value built of cycles and shared
 * references that needs more is taken as too large); otherwise its tree copy with markers.
 */
export function boundAsTree(value: unknown, budgetChars: number, maxSteps = Infinity): BoundedValue {
  if (fitsAsTree(value, budgetChars, maxSteps)) return { value, repeats: 0, sparseArrays: 0 };
  return copyAsTree(value, budgetChars);
}

/** What EvalResult.warnings says when a value arrived with markers (null: it arrived as made). */
export function boundedValueNote(bounded: BoundedValue, budgetChars: number): string | null {
  if (bounded.repeats === 0 && bounded.sparseArrays === 0) return null;
  const parts = [
    bounded.repeats ? `${bounded.repeats} repeated reference${bounded.repeats === 1 ? "" : "s"} became { ${SHARED_MARKER}: "#/…" }` : "",
    bounded.sparseArrays ? `${bounded.sparseArrays} array${bounded.sparseArrays === 1 ? "" : "s"} with holes became { ${SPARSE_MARKER}: { length, items } }` : "",
  ].filter(Boolean);
  return `value: larger than ${budgetChars} characters written out as a tree, so ${parts.join(" and ")}`;
}
