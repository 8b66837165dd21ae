/**
 * A frame of the value copy's walk (copy-walk.ts): a container being written, its children, and
 * what it has added to the walk's counts so far; and the pool of finished frames, which the thread's
 * copies take their frames from: making one (an object of this many fields, and its two lists) costs
 * QuickJS ~9 µs, a third of the copy of a small object.
 */
import { newList, type List } from "./safe-collections.js";

export const EMPTY: unknown[] = [];
/** Finished frames, emptied (none holds anything of a value), for the next container of this copy or of a later one. */
const FINISHED = newList<CopyFrame>();
const MAX_POOLED_FRAMES = 16;
/** A frame's list longer than this is dropped when the frame is pooled (not kept at that size). */
const MAX_POOLED_LIST_LENGTH = 1024;

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

/** A frame for a container, from the pool when there is one. */
export function takeFrame(index: number, memoKey: object | null, account: boolean, open: string, close: string, treeBefore: number, cyclesBefore: number): CopyFrame {
  const textChars = open.length + close.length + 1;
  const frame = FINISHED.pop();
  if (frame === undefined) {
    return {
      index, memoKey, account, array: null, checked: false, items: newList(), dense: false, holey: false, markedSlotChars: null, names: null, nullProto: false, container: true, children: EMPTY, heads: null, slotChars: null, parts: newList(),
      open, close, next: 0, textChars, treeBefore, cyclesBefore,
    };
  }
  frame.index = index;
  frame.memoKey = memoKey;
  frame.account = account;
  frame.checked = false;
  frame.dense = false;
  frame.holey = false;
  frame.nullProto = false;
  frame.open = open;
  frame.close = close;
  frame.next = 0;
  frame.textChars = textChars;
  frame.treeBefore = treeBefore;
  frame.cyclesBefore = cyclesBefore;
  return frame;
}

/** Back to the pool, emptied (its entry is written): unless the pool is full. */
export function releaseFrame(frame: CopyFrame): void {
  if (FINISHED.length >= MAX_POOLED_FRAMES) return;
  frame.memoKey = null;
  frame.array = null;
  frame.children = EMPTY;
  frame.names = frame.heads = null;
  frame.slotChars = frame.markedSlotChars = null;
  if (frame.items.length > MAX_POOLED_LIST_LENGTH) frame.items = newList();
  else frame.items.length = 0;
  if (frame.parts.length > MAX_POOLED_LIST_LENGTH) frame.parts = newList();
  else frame.parts.length = 0;
  FINISHED[FINISHED.length] = frame;
}
