/**
 * A frame of the value copy's walk (copy-walk.ts): a container being written, its children, and
 * what it has added to the walk's counts so far. Frames are reused (CopyWalk keeps the finished ones).
 */
import type { List } from "./safe-collections.js";

export interface CopyFrame {
  /** Its entry in the table. */
  index: number;
  /** The object whose tree size is remembered when the frame ends (null: none). */
  memoKey: object | null;
  /** Whether the host walks its children as they are (false inside a leaf's encoding). */
  account: boolean;
  /** An array walked slot by slot (null once it is a list of children: an object, a Map, devalue's sparse form). */
  array: unknown[] | null;
  /** Its slots are asked whether they are holes before they are read (reading a hole could meet an index property a program put on a prototype). */
  checked: boolean;
  /** An array's entry indexes, while it is written slot by slot. */
  items: List<number>;
  /** At its first hole devalue chose holes (-2 each) for this array. */
  dense: boolean;
  /** It has a hole: the host's tree with markers holds it as `{ $sparse }`, each item under its index. */
  holey: boolean;
  /** What each child's slot costs as a tree with markers, when not what it costs as a tree. */
  markedSlotChars: ArrayLike<number> | null;
  /** An object's keys (its children's heads are made from them as they are written). */
  names: ArrayLike<string> | null;
  /** An object without a prototype: devalue's `["null", key, value, …]`. */
  nullProto: boolean;
  /** A level of the value's nesting (not a reducer's or devalue's wrapping). */
  container: boolean;
  /** A list's children, the text before each child's entry index, what each slot costs as a tree (null: 1). */
  children: ArrayLike<unknown>;
  heads: ArrayLike<string> | null;
  slotChars: ArrayLike<number> | null;
  parts: List<string>;
  open: string;
  close: string;
  next: number;
  /** What this frame's own text adds to textChars so far. */
  textChars: number;
  treeBefore: number;
  cyclesBefore: number;
}

/** The characters an entry index takes in the copy's text (devalue's negative constants: 2). */
export function digits(index: number): number {
  if (index < 0) return 2;
  return index < 10 ? 1 : index < 100 ? 2 : index < 1000 ? 3 : index < 10000 ? 4 : index < 100000 ? 5 : String(index).length;
}
