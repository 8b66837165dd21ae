/**
 * The state of one bounded copy (src/guest/bounded-copy.ts): devalue's table of entries as it is
 * written, the frames of the containers being written, and three counts kept as it goes —
 *
 * - `textChars`: the copy's text (its limit is the copy's);
 * - `tree`: the value written out as a tree, in the host's units (src/result/tree-size.ts), each
 *   object's size remembered from its first walk as fitsAsTree does (a repeat whose size is not
 *   known counts 2, so the count is never more than the host's);
 * - `marked`: the value as a tree with markers (src/result/marker-size.ts): each repeat counts
 *   MARKER_CHARS, an array with holes its items only (again never more than the host's count).
 *
 * `over()` says when the copy cannot be delivered: the text past its limit, or both trees past theirs.
 */
import { binaryMarkedChars, CHARS_PER_BYTE, LEAF_OBJECT_CHARS, MARKER_CHARS, SMALL_CHARS, SPARSE_FRAME_CHARS } from "../result/tree-costs.js";
import { ARRAY_PROTOTYPE, getPrototypeOf, holesReadNothing, jsonStringify } from "./copy-builtins.js";
import { digits, EMPTY, releaseFrame, takeFrame, type CopyFrame } from "./copy-frame.js";
import { newList, newMap, newSet, type SafeMap, type SafeSet } from "./safe-collections.js";

/** The deepest value copied, as for tool arguments (src/result/json-nesting.ts). */
const MAX_COPY_NESTING = 1000;
/** Arrays up to this long have each slot asked whether it is a hole before it is read (CopyWalk.openArray). */
const CHECKED_ARRAY_LENGTH = 32;
/** Strings at least this long are looked up by `===` against the last one of their length first (hashing one costs its length). */
const RECENT_STRING_CHARS = 64;

export class CopyWalk {
  // Lists, maps and sets on the built-ins the thread started with (safe-collections.ts).
  readonly #entries = newList<string>();
  readonly #indexes = newMap<unknown, number>();
  #recentStrings: SafeMap<number, [string, number]> | null = null;
  readonly #frames = newList<CopyFrame>();
  readonly #sizes = newMap<object, number>();
  readonly #ancestors = newSet<object>();
  #buffers: SafeSet<ArrayBufferLike> | null = null;
  /** Each key's text before its entry, first in its object and later: keys repeat across objects. */
  #keyHeads: SafeMap<string, [string, string]> | null = null;
  /** holesReadNothing(), asked once per copy (nothing the program does runs while it is made). */
  #holesReadNothing: boolean | null = null;
  // Counts read and written by bounded-copy.ts's loop over an array's slots too (plain fields: the hot path).
  textChars = 1;
  tree = 0;
  treeOver = false;
  #cycles = 0;
  #nesting = 0;
  marked = 0;
  /** The last string of RECENT_STRING_CHARS or more written or met, and its entry: most repeats are of it. */
  lastString: string | null = null;
  lastStringEntry = -1;
  /** What the current step of the walk may still do (BoundedCopyRun.step), in visits and slots. */
  workLeft = Infinity;

  constructor(
    readonly textLimit: number,
    readonly treeBudget: number,
    readonly markerBudget: number,
  ) {}

  /** The text is past its limit (else, when over(), it is the trees). */
  textOver(): boolean {
    return this.textChars > this.textLimit;
  }

  over(): boolean {
    return this.textChars > this.textLimit || (this.treeOver && this.marked > this.markerBudget);
  }

  text(): string {
    return "[" + this.#entries.join(",") + "]";
  }

  top(): CopyFrame | undefined {
    return this.#frames[this.#frames.length - 1];
  }

  depth(): number {
    return this.#frames.length;
  }

  /** Counts a piece of the value: `treeChars` as a tree, `markedChars` as a tree with markers. */
  add(treeChars: number, markedChars: number): void {
    if (!this.treeOver) {
      this.tree += treeChars;
      if (this.tree > this.treeBudget) this.treeOver = true;
    }
    this.marked += markedChars;
  }

  /** A repeat of an object already written: its size as a tree (a cycle's stop at an ancestor), a marker. */
  repeat(object: object): void {
    let chars = 2;
    if (this.#ancestors.has(object)) {
      this.#cycles++;
      chars = LEAF_OBJECT_CHARS;
    } else {
      chars = this.#sizes.get(object) ?? 2;
    }
    this.add(chars, MARKER_CHARS);
  }

  /** An object the host sees as a leaf: its size, remembered for its repeats. */
  leaf(object: object, chars: number): void {
    this.#sizes.set(object, chars);
    this.add(chars, chars);
  }

  /** Binary data: with markers, its base64, or a marker once its memory already appeared (another view of one buffer). */
  binary(object: object, buffer: ArrayBufferLike, byteLength: number): void {
    const chars = 2 + byteLength * CHARS_PER_BYTE;
    this.#sizes.set(object, chars);
    const buffers = (this.#buffers ??= newSet());
    this.add(chars, buffers.has(buffer) ? MARKER_CHARS : binaryMarkedChars(byteLength));
    buffers.add(buffer);
  }

  indexOf(value: unknown): number {
    return this.#indexes.get(value) ?? -1;
  }

  /** A new entry for `value` (filled in later). */
  claim(value: unknown): number {
    const index = this.#entries.length;
    this.#entries[index] = "";
    this.#indexes.set(value, index);
    return index;
  }

  set(index: number, text: string): void {
    this.#entries[index] = text;
    this.textChars += text.length + 1;
  }

  /** A new entry for `value`, written at once (a primitive's, a string's). */
  #add(value: unknown, text: string): number {
    const index = this.#entries.length;
    this.#entries[index] = text;
    this.#indexes.set(value, index);
    this.textChars += text.length + 1;
    return index;
  }

  /** A primitive's entry (numbers, booleans, null, BigInts), written once per value. */
  primitive(value: unknown): number {
    const known = this.#indexes.get(value);
    if (known !== undefined) return known;
    return this.#add(value, typeof value === "bigint" ? `["BigInt","` + value + `"]` : String(value));
  }

  /** The entry of a string already written, or -1. */
  knownString(value: string): number {
    const length = value.length;
    if (length >= RECENT_STRING_CHARS) {
      if (value === this.lastString) return this.lastStringEntry;
      const recent = this.#recentStrings?.get(length);
      if (recent !== undefined && recent[0] === value) {
        this.lastString = value;
        this.lastStringEntry = recent[1];
        return recent[1];
      }
    }
    const known = this.#indexes.get(value);
    if (known === undefined) return -1;
    if (length >= RECENT_STRING_CHARS) {
      (this.#recentStrings ??= newMap()).set(length, [value, known]);
      this.lastString = value;
      this.lastStringEntry = known;
    }
    return known;
  }

  newString(value: string): number {
    const index = this.#add(value, jsonStringify(value) as string);
    if (value.length >= RECENT_STRING_CHARS) {
      (this.#recentStrings ??= newMap()).set(value.length, [value, index]);
      this.lastString = value;
      this.lastStringEntry = index;
    }
    return index;
  }

  #push(frame: CopyFrame, container = true): void {
    // The host reads a copy recursively (devalue's parse): a value nested deeper is not copied.
    if (container && ++this.#nesting > MAX_COPY_NESTING) throw new Error("it is nested more than " + MAX_COPY_NESTING + " levels deep");
    frame.container = container;
    this.#frames[this.#frames.length] = frame;
    if (frame.memoKey !== null) this.#ancestors.add(frame.memoKey);
    this.textChars += frame.textChars;
  }

  openArray(index: number, array: unknown[], account: boolean): void {
    const frame = takeFrame(index, array, account, "[", "]", this.tree, this.#cycles);
    frame.array = array;
    // A short array's slots are asked (~0.06 µs each); a longer one's read first when the realm allows (asking it costs ~2 µs, once).
    frame.checked = !(array.length > CHECKED_ARRAY_LENGTH && getPrototypeOf(array) === ARRAY_PROTOTYPE && (this.#holesReadNothing ??= holesReadNothing()));
    this.#push(frame);
    if (account) {
      // Each slot costs at least a character as a tree: a longer array cannot fit (as fitsAsTree).
      if (!this.treeOver && this.tree + array.length > this.treeBudget) this.treeOver = true;
      this.add(2, 2);
    }
  }

  /** A container written as `open` + (head + child entry)… + `close`; `reserve`: what it costs at least as a tree beyond its braces. */
  openList(index: number, memoKey: object, account: boolean, open: string, close: string, children: ArrayLike<unknown>, heads: ArrayLike<string> | null, slotChars: ArrayLike<number> | null, reserve: number): void {
    const frame = takeFrame(index, memoKey, account, open, close, this.tree, this.#cycles);
    frame.children = children;
    frame.heads = heads;
    frame.slotChars = slotChars;
    this.#push(frame);
    if (account) {
      if (!this.treeOver && this.tree + reserve > this.treeBudget) this.treeOver = true;
      this.add(2, 2);
    }
  }

  /** An object: `{"key":entry,…}`, or devalue's `["null","key",entry,…]` without a prototype. */
  openObject(index: number, object: object, account: boolean, names: ArrayLike<string>, values: ArrayLike<unknown>, nullProto: boolean): void {
    this.openList(index, object, account, nullProto ? `["null"` : "{", nullProto ? "]" : "}", values, null, null, 0);
    const frame = this.#frames[this.#frames.length - 1]!;
    frame.names = names;
    frame.nullProto = nullProto;
  }

  /** The text before a key's entry in `frame` (keys repeat across objects: quoted once per copy). */
  keyHead(frame: CopyFrame, index: number): string {
    const name = frame.names![index]!;
    if (frame.nullProto) return "," + jsonStringify(name) + ",";
    const keyHeads = (this.#keyHeads ??= newMap());
    let heads = keyHeads.get(name);
    if (heads === undefined) {
      const quoted = jsonStringify(name) as string;
      heads = [quoted + ":", "," + quoted + ":"];
      if (name.length <= 64) keyHeads.set(name, heads);
    }
    return heads[index === 0 ? 0 : 1]!;
  }

  /** An entry `open` + the entry of `child` + `close` (a reducer's or devalue's wrapping). */
  wrap(index: number, memoKey: object, open: string, child: unknown, childAccount: boolean, close = "]"): void {
    const frame = takeFrame(index, memoKey, childAccount, "", close, this.tree, this.#cycles);
    frame.children = [child];
    frame.heads = [open];
    frame.slotChars = [0];
    this.#push(frame, false);
  }

  /** Counts a slot's own cost (its key, its comma), when the host walks the frame's children as they are. */
  slot(frame: CopyFrame, chars: number, markedChars = chars): void {
    if (frame.account) this.add(chars, markedChars);
  }

  /**
   * The array of `frame` has a hole at `position` (its first): with markers it is
   * `{ $sparse: { length, items } }`, whose items cost their index, so those written so far cost more.
   */
  holeFound(frame: CopyFrame, position: number, length: number): void {
    frame.holey = true;
    if (!frame.account) return;
    let extra = SPARSE_FRAME_CHARS + digits(length) - 2;
    for (let before = 0; before < position; before++) extra += digits(before) + 3;
    this.add(0, extra);
  }

  /** A hole, as a tree (no slot of its own in the sparse form the host makes of it). */
  hole(frame: CopyFrame): void {
    if (frame.account) this.add(SMALL_CHARS, 0);
  }

  /** Appends a child's entry index to `frame`'s text: after a comma in an array, after `head` in a list. */
  child(frame: CopyFrame, entry: number, head = ","): void {
    if (frame.array !== null) {
      const chars = digits(entry) + (frame.items.length ? 1 : 0);
      frame.items[frame.items.length] = entry;
      frame.textChars += chars;
      this.textChars += chars;
      return;
    }
    const text = head + entry;
    frame.parts[frame.parts.length] = text;
    frame.textChars += text.length;
    this.textChars += text.length;
  }

  /**
   * devalue's sparse form `[-7, length, index, entry, …]` for the rest of an array: the slots
   * written so far become index/entry pairs, `keys` (the populated indexes still to come) its children.
   */
  toSparse(frame: CopyFrame, keys: ArrayLike<string>): void {
    const array = frame.array!;
    frame.open = "[-7," + array.length;
    const parts = newList<string>();
    for (let position = 0; position < frame.items.length; position++) parts[position] = "," + position + "," + frame.items[position];
    frame.parts = parts;
    frame.items = newList();
    frame.array = null;
    // The populated indexes' items (own: no prototype is read), their heads and slots.
    const children = newList<unknown>();
    const heads = newList<string>();
    const markedSlotChars = newList<number>();
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      children[index] = array[Number(key)];
      heads[index] = "," + key + ",";
      markedSlotChars[index] = key.length + 4;
    }
    frame.children = children;
    frame.heads = heads;
    frame.slotChars = null;
    frame.markedSlotChars = markedSlotChars;
    frame.next = 0;
    let chars = frame.open.length + frame.close.length + 1;
    for (let index = 0; index < parts.length; index++) chars += parts[index]!.length;
    this.textChars += chars - frame.textChars;
    frame.textChars = chars;
  }

  /** Ends the innermost frame: its entry's text, its size remembered (when no cycle crossed it). */
  finish(): void {
    const frame = this.#frames.pop()!;
    if (frame.container) this.#nesting--;
    if (frame.memoKey !== null) {
      this.#ancestors.delete(frame.memoKey);
      if (frame.account && !this.treeOver && this.#cycles === frame.cyclesBefore) this.#sizes.set(frame.memoKey, this.tree - frame.treeBefore);
    }
    this.#entries[frame.index] = frame.array !== null ? "[" + frame.items.join(",") + "]" : frame.open + frame.parts.join("") + frame.close;
    releaseFrame(frame);
  }
}
