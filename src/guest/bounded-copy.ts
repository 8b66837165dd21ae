/**
 * The guest's copy of a value for the host (an eval's result, a progress() value): devalue's text
 * format (the host reads it with devalue's parse, src/result/value-copy.ts), written by one
 * iterative walk that counts as it goes and stops as soon as the value cannot be delivered:
 *
 * - the text: more than `limitChars` characters;
 * - the value as the host bounds it (src/result/bounded-value.ts): written out as a tree it takes
 *   more than 2 × limitChars, AND bounded as a tree with markers it still takes more than
 *   limitChars (src/result/marker-size.ts);
 * - nesting deeper than 1,000 levels (the host's devalue reads a copy recursively).
 *
 * So a program that returns 250,000 references to one long string costs the walk of the first
 * ~65,000 (not devalue's 20 µs per element over all of them), and the host gets a note instead of
 * 250,000 markers to build. The tree counts are the host's measures of the value it will decode,
 * or less (a repeat whose size the walk does not know counts 2): the guest stops only where the
 * host would refuse too. What it writes is what devalue writes, with the same reducers (Handle,
 * ArrayBuffer, Err, Obj), except that strings are quoted by JSON.stringify (devalue also escapes
 * `<`): test/node/bounded-copy.test.ts checks both against each other.
 *
 * It runs in the program's realm after the program ended, and calls only built-ins captured at the
 * prelude's load (copy-builtins.ts; copy-objects.ts says where the program's own code may still run):
 * what it writes does not depend on what the program did to Array.prototype, Map.prototype, … .
 */
import { BIG_BIGINT, bigintChars, bigintHandleText, handleChars, MARKER_CHARS, MAX_BIGINT_DIGITS, SHARED_STRING_MIN_CHARS, SMALL_CHARS } from "../result/tree-costs.js";
import { hasOwn, isArrayIndex, mathCeil, objectKeys } from "./copy-builtins.js";
import { visitObject, type CopyReducers } from "./copy-objects.js";
import { digits, type CopyFrame } from "./copy-frame.js";
import { CopyWalk } from "./copy-walk.js";
import { appendRepeats, newList, type List } from "./safe-collections.js";

export type { CopyReducers } from "./copy-objects.js";

/** The copy's text, or why there is none: the text would pass its limit, or the value as the host bounds it would. */
export type BoundedCopy = { text: string } | { tooLarge: "text" | "tree" };

const UNDEFINED = -1;
const HOLE = -2;
const NAN = -3;
const POSITIVE_INFINITY = -4;
const NEGATIVE_INFINITY = -5;
const NEGATIVE_ZERO = -6;

/** Thrown inside the walk once the copy cannot be delivered. */
const STOP = {};

/** `value`'s copy, or `{ tooLarge }` once it is sure the host would not deliver it. Throws devalue's errors. */
export function boundedCopy(value: unknown, limitChars: number, reducers: CopyReducers): BoundedCopy {
  return new BoundedCopyRun(value, limitChars, reducers).step(Infinity)!;
}

/**
 * The same copy in steps (an eval's result: the host's loop turns between them, DESIGN §8): each
 * step does about `units` of work — a value visited, a slot counted — and returns the copy, or
 * null when there is more to do. Nothing runs in the guest between steps (the program has ended),
 * so the steps write what one walk would.
 */
export class BoundedCopyRun {
  readonly #walk: CopyWalk;
  #root: number | null = null;
  #done: BoundedCopy | null = null;

  constructor(
    readonly value: unknown,
    limitChars: number,
    private readonly reducers: CopyReducers,
  ) {
    this.#walk = new CopyWalk(limitChars, 2 * limitChars, limitChars);
  }

  /** Throws devalue's errors (at the step that meets them). */
  step(units: number): BoundedCopy | null {
    if (this.#done !== null) return this.#done;
    const walk = this.#walk;
    walk.workLeft = units;
    try {
      if (this.#root === null) {
        this.#root = visit(walk, this.value, true, this.reducers);
        if (walk.over()) throw STOP;
      }
      if (!runFrames(walk, this.reducers)) return null;
      this.#done = { text: this.#root < 0 ? String(this.#root) : walk.text() };
    } catch (error) {
      if (error !== STOP) throw error;
      this.#done = { tooLarge: walk.textOver() ? "text" : "tree" };
    }
    return this.#done;
  }
}

/** True once every frame is written; false when this step's work ran out first (the frames stay). */
function runFrames(walk: CopyWalk, reducers: CopyReducers): boolean {
  for (;;) {
    const frame = walk.top();
    if (frame === undefined) return true;
    if (walk.workLeft <= 0) return false;
    if (frame.array !== null) {
      if (!stepArray(walk, frame, frame.array, reducers)) walk.finish();
      continue;
    }
    if (!stepList(walk, frame, reducers)) walk.finish();
  }
}

/** The next children of a list (an object, a Map or Set, a wrapping), until one needs a frame of its own; false once it is done. */
function stepList(walk: CopyWalk, frame: CopyFrame, reducers: CopyReducers): boolean {
  const depth = walk.depth();
  const { children, names, account } = frame;
  while (frame.next < children.length) {
    const index = frame.next++;
    let head: string;
    if (names !== null) {
      head = walk.keyHead(frame, index);
      if (account) walk.add(names[index]!.length + 4, names[index]!.length + 4);
    } else {
      const slotChars = frame.slotChars === null ? 1 : frame.slotChars[index]!;
      walk.slot(frame, slotChars, frame.markedSlotChars === null ? slotChars : frame.markedSlotChars[index]!);
      head = frame.heads === null ? "," : frame.heads[index]!;
    }
    walk.child(frame, visit(walk, children[index], account, reducers), head);
    if (walk.over()) throw STOP;
    if (walk.depth() !== depth || --walk.workLeft <= 0) return true;
  }
  return false;
}

/**
 * The next slots of an array, many at once while they need no frame of their own; false once it is
 * done. At the first hole, devalue chooses between holes (-2 each) and its sparse form. A slot is
 * read before it is known to be a hole only when reading a hole meets nothing (`frame.checked`
 * false: CopyWalk.openArray); else, as devalue does, it is asked first.
 */
function stepArray(walk: CopyWalk, frame: CopyFrame, array: unknown[], reducers: CopyReducers): boolean {
  const length = array.length;
  const depth = walk.depth();
  const checked = frame.checked;
  while (frame.next < length) {
    const position = frame.next++;
    let item: unknown;
    let hole: boolean;
    if (checked) {
      hole = !hasOwn(array, position);
      item = hole ? undefined : array[position];
    } else {
      item = array[position];
      hole = item === undefined && !hasOwn(array, position);
    }
    if (walk.lastString !== null && item === walk.lastString && frame.account && !frame.holey) {
      repeatsOfLastString(walk, frame, array, position);
      if (walk.workLeft <= 0) return true;
      continue;
    }
    if (hole) {
      walk.hole(frame);
      if (!frame.holey) walk.holeFound(frame, position, length);
      if (!frame.dense) {
        const keys = populatedFrom(array, position);
        if (holesCostMore(array.length, keys.length + position)) {
          // The holes after this one, as a tree (the sparse form skips them).
          if (frame.account) walk.add((length - position - 1 - keys.length) * SMALL_CHARS, 0);
          walk.toSparse(frame, keys);
          if (walk.over()) throw STOP;
          return true;
        }
        frame.dense = true;
      }
      walk.child(frame, HOLE);
    } else {
      walk.slot(frame, 1, frame.holey ? digits(position) + 4 : 1);
      walk.child(frame, visit(walk, item, frame.account, reducers));
    }
    if (walk.over()) throw STOP;
    if (walk.depth() !== depth || --walk.workLeft <= 0) return true;
  }
  return false;
}

/**
 * The hot path: a run of references to the last long string, from `position` on (each a marker in
 * the host's tree with markers), counted in local variables (QuickJS: ~10 property reads fewer each).
 */
function repeatsOfLastString(walk: CopyWalk, frame: CopyFrame, array: unknown[], position: number): void {
  const last = walk.lastString!;
  const entry = walk.lastStringEntry;
  const items = frame.items;
  const length = array.length;
  const treeChars = last.length + 3;
  const markedChars = 1 + MARKER_CHARS;
  const textChars = 1 + digits(entry);
  const { textLimit, markerBudget, treeBudget } = walk;
  const checked = frame.checked;
  let { tree, treeOver, marked } = walk;
  let text = walk.textChars;
  let added = 0;
  let next = position;
  const most = walk.workLeft * 10;
  do {
    next++;
    added++;
    if (!treeOver && (tree += treeChars) > treeBudget) treeOver = true;
    marked += markedChars;
    text += textChars;
  } while (next < length && added < most && (!checked || hasOwn(array, next)) && array[next] === last && text <= textLimit && !(treeOver && marked > markerBudget));
  appendRepeats(items, entry, added);
  frame.next = next;
  // A repeat costs a few operations here, a visit's worth in tens: a tenth of a unit each.
  walk.workLeft -= mathCeil(added / 10);
  frame.textChars += added * textChars;
  walk.tree = tree;
  walk.treeOver = treeOver;
  walk.marked = marked;
  walk.textChars = text;
  if (walk.over()) throw STOP;
}

/** The populated indexes of `array` from `from` on (Object.keys lists a sparse array's items only). */
function populatedFrom(array: unknown[], from: number): List<string> {
  const keys = newList<string>();
  const own = objectKeys(array);
  for (let index = 0; index < own.length; index++) {
    const key = own[index]!;
    if (isArrayIndex(key) && Number(key) >= from) keys[keys.length] = key;
  }
  return keys;
}

/** devalue's choice: holes cost 3 characters each; the sparse form, the digits of each index. */
function holesCostMore(length: number, population: number): boolean {
  const digits = String(length).length;
  return (length - population) * 3 > 4 + digits + population * (digits + 1);
}

/**
 * Writes `thing` (or finds it written): its index in devalue's table, or one of devalue's negative
 * constants. A container gets a frame, whose children the loop writes next. `account`: the host
 * walks this value as it is (not inside the encoding of a leaf, such as binary data's base64).
 */
function visit(walk: CopyWalk, thing: unknown, account: boolean, reducers: CopyReducers): number {
  switch (typeof thing) {
    case "undefined":
      if (account) walk.add(SMALL_CHARS, SMALL_CHARS);
      return UNDEFINED;
    case "number":
      if (account) walk.add(SMALL_CHARS, SMALL_CHARS);
      if (thing !== thing) return NAN;
      if (thing === Infinity) return POSITIVE_INFINITY;
      if (thing === -Infinity) return NEGATIVE_INFINITY;
      if (thing === 0 && 1 / thing < 0) return NEGATIVE_ZERO;
      return walk.primitive(thing);
    case "string": {
      const chars = thing.length + 2;
      const known = walk.knownString(thing);
      if (account) walk.add(chars, known >= 0 && thing.length > SHARED_STRING_MIN_CHARS ? MARKER_CHARS : chars);
      return known >= 0 ? known : walk.newString(thing);
    }
    case "bigint": {
      const known = walk.indexOf(thing);
      if (account) {
        const big = thing >= BIG_BIGINT || thing <= -BIG_BIGINT;
        const digitCount = big ? String(thing < 0n ? -thing : thing).length : 0;
        const chars = digitCount > MAX_BIGINT_DIGITS ? handleChars(bigintHandleText(digitCount)) : bigintChars(thing);
        walk.add(chars, known >= 0 && big ? MARKER_CHARS : chars);
      }
      return known >= 0 ? known : walk.primitive(thing);
    }
    case "boolean":
      if (account) walk.add(SMALL_CHARS, SMALL_CHARS);
      return walk.primitive(thing);
    default:
      if (thing === null) {
        if (account) walk.add(SMALL_CHARS, SMALL_CHARS);
        return walk.primitive(null);
      }
      return visitObject(walk, thing as object, account, reducers);
  }
}
