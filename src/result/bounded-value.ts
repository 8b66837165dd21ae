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

/** One reference still to copy: the value, where it goes, and its JSON Pointer in the copy. */
type Task = { source: unknown; pointer: string; put: (copy: unknown) => void } | { finish: () => void };

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

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The tree copy of an over-budget value (see the file comment). */
function copyAsTree(root: unknown, budgetChars: number): BoundedValue {
  const firstAt = new Map<unknown, string>();
  const buffersAt = new Map<ArrayBufferLike, string>();
  let pointerChars = 0;
  let repeats = 0;
  let sparseArrays = 0;
  const marker = (pointer: string) => {
    repeats++;
    const named = pointerChars + pointer.length <= budgetChars;
    if (named) pointerChars += pointer.length;
    return { [SHARED_MARKER]: named ? pointer : "…" };
  };
  let result: unknown;
  const tasks: Task[] = [{ source: root, pointer: "#", put: (copy) => (result = copy) }];
  // Children are pushed last-first, so they are taken in order: the first occurrence of anything
  // is the first one in depth-first order, as a reader of JSON.stringify's output meets it.
  const pushChildren = (children: [key: string | number, value: unknown, put: (copy: unknown) => void][], pointer: string) => {
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, source, put] = children[index]!;
      tasks.push({ source, pointer: `${pointer}/${pointerSegment(key)}`, put });
    }
  };
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ("finish" in task) {
      task.finish();
      continue;
    }
    const { source, pointer, put } = task;
    const longPrimitive = (typeof source === "string" && source.length > SHARED_STRING_MIN_CHARS) || (typeof source === "bigint" && (source >= BIG_BIGINT || source <= -BIG_BIGINT));
    if (typeof source !== "object" || source === null) {
      if (!longPrimitive) {
        put(source);
      } else if (firstAt.has(source)) {
        put(marker(firstAt.get(source)!));
      } else {
        firstAt.set(source, pointer);
        put(source);
      }
      continue;
    }
    if (firstAt.has(source)) {
      put(marker(firstAt.get(source)!));
      continue;
    }
    firstAt.set(source, pointer);
    if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) {
      const buffer = ArrayBuffer.isView(source) ? source.buffer : source;
      if (buffersAt.has(buffer)) {
        put(marker(buffersAt.get(buffer)!));
      } else {
        buffersAt.set(buffer, pointer);
        put(source);
      }
      continue;
    }
    if (isLeafObject(source)) {
      put(source);
      continue;
    }
    if (Array.isArray(source)) {
      if (hasHoles(source)) {
        sparseArrays++;
        const items: Record<string, unknown> = {};
        put({ [SPARSE_MARKER]: { length: source.length, items } });
        const keys = Object.keys(source);
        pushChildren(
          keys.map((key) => [key, source[Number(key)], (copy) => (items[key] = copy)]),
          `${pointer}/${SPARSE_MARKER}/items`,
        );
      } else {
        const copy = new Array<unknown>(source.length);
        put(copy);
        pushChildren(
          source.map((item, index) => [index, item, (itemCopy) => (copy[index] = itemCopy)]),
          pointer,
        );
      }
    } else if (source instanceof Map || source instanceof Set) {
      const isMap = source instanceof Map;
      const entries: unknown[][] = isMap ? [...source].map(() => [undefined, undefined]) : [...source].map(() => [undefined]);
      // Built once its members are copied (they can never be the collection itself: that is a marker).
      tasks.push({ finish: () => put(isMap ? new Map(entries as [unknown, unknown][]) : new Set(entries.map((entry) => entry[0]))) });
      const children: [string, unknown, (copy: unknown) => void][] = [];
      let index = 0;
      for (const member of source) {
        const entry = entries[index]!;
        if (isMap) {
          const [key, item] = member as [unknown, unknown];
          children.push([`${index}/0`, key, (copy) => (entry[0] = copy)], [`${index}/1`, item, (copy) => (entry[1] = copy)]);
        } else {
          children.push([String(index), member, (copy) => (entry[0] = copy)]);
        }
        index++;
      }
      // The segments are already escaped (digits and one slash).
      for (let child = children.length - 1; child >= 0; child--) {
        const [segment, value, putChild] = children[child]!;
        tasks.push({ source: value, pointer: `${pointer}/${segment}`, put: putChild });
      }
    } else {
      const copy: Record<string, unknown> = Object.getPrototypeOf(source) === null ? Object.create(null) : {};
      put(copy);
      const record = source as Record<string, unknown>;
      pushChildren(
        Object.keys(record).map((key) => [key, record[key], (itemCopy) => setOwn(copy, key, itemCopy)]),
        pointer,
      );
    }
  }
  return { value: result, repeats, sparseArrays };
}

/**
 * `value` as the host may hand it on: itself when, written out as a tree, it takes at most
 * `budgetChars` characters; otherwise its tree copy with markers (see the file comment).
 */
export function boundAsTree(value: unknown, budgetChars: number): BoundedValue {
  if (fitsAsTree(value, budgetChars)) return { value, repeats: 0, sparseArrays: 0 };
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
