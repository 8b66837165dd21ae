/**
 * How the value copy (bounded-copy.ts) writes an object it meets for the first time: devalue's
 * reducers first (result-copy.ts's), then devalue's own forms. Every built-in it calls is one captured
 * at the prelude's load (copy-builtins.ts, copy-kinds.ts, safe-collections.ts): the copy runs in the
 * program's realm after the program ended, and writes what it would in a realm whose built-ins are
 * as they started. The program's code runs only where devalue's semantics read the value itself:
 * a `then` (a thenable is refused), a Proxy's trap on a prototype chain, and the reducers' reads of
 * an Error's name, message and stack. A plain object's accessors are never called.
 */
import { handleChars, LEAF_OBJECT_CHARS } from "../result/tree-costs.js";
import { mapMembers, setMembers } from "./collection-members.js";
import { arrayBufferByteLength, boxedValue, bufferByteLength, dateText, getOwnPropertyDescriptors, getPrototypeOf, hasOwn, isArray, isView, jsonStringify, OBJECT_PROTOTYPE, objectKeys, objectValues, ownSymbols, regExpFlags, regExpSource, viewParts } from "./copy-builtins.js";
import { ARRAY_BUFFER, BOXED, DATE, ERROR, kindsFrom, MAP, NUMBER, REGEXP, SET, STRING } from "./copy-kinds.js";
import type { CopyWalk } from "./copy-walk.js";

/** How the copy treats values devalue cannot write as they are (result-copy.ts supplies them). */
export interface CopyReducers {
  /** A value that stays in the guest (a function, a Proxy…, binary data too large): its description. */
  handle(value: unknown): string | undefined;
  /** What an Error becomes: `{ name, message, stack }`. */
  error(value: Error): Record<string, unknown>;
  /** What a class instance or an object with accessors or symbols becomes: its own data. */
  ownData(value: object): Record<string, unknown>;
  /** Binary data's base64. */
  base64(buffer: ArrayBuffer): string;
}

/** devalue's refusal of a thenable, with devalue's words (result-copy.ts words it for the model). */
export class ThenableError extends Error {
  override name = "ThenableError";
  constructor() {
    super("Cannot stringify a Promise or thenable — use stringifyAsync instead");
  }
}

/** An object's entry in devalue's table: written here, or a frame whose children the walk writes next. */
export function visitObject(walk: CopyWalk, thing: object, account: boolean, reducers: CopyReducers): number {
  const repeat = walk.indexOf(thing);
  if (repeat >= 0) {
    if (account) walk.repeat(thing);
    return repeat;
  }
  const index = walk.claim(thing);
  const handle = reducers.handle(thing);
  if (handle !== undefined) {
    if (account) walk.leaf(thing, handleChars(handle));
    walk.wrap(index, thing, `["Handle",`, handle, false);
    return index;
  }
  const proto = getPrototypeOf(thing) as object | null;
  const plain = proto === OBJECT_PROTOTYPE || proto === null;
  const kinds = plain ? 0 : kindsFrom(proto);
  if (kinds & ARRAY_BUFFER) {
    if (account) walk.binary(thing, thing as ArrayBuffer, arrayBufferByteLength(thing));
    walk.wrap(index, thing, `["ArrayBuffer",`, { base64: reducers.base64(thing as ArrayBuffer) }, false);
    return index;
  }
  if (kinds & ERROR) {
    walk.wrap(index, thing, `["Err",`, reducers.error(thing as Error), account);
    return index;
  }
  const array = isArray(thing);
  const view = array || !isView(thing) ? null : viewParts(thing);
  let own: [ArrayLike<string>, ArrayLike<unknown>] | null = null;
  // A plain prototype rules out Map, Set, Date, RegExp and boxed values (they are told by their prototype chain).
  if (!array && view === null && (plain || (kinds & (MAP | SET | DATE | REGEXP | BOXED)) === 0)) {
    own = plain ? plainData(thing) : null;
    if (own === null) {
      walk.wrap(index, thing, `["Obj",`, reducers.ownData(thing), account);
      return index;
    }
  }
  if (typeof (thing as { then?: unknown }).then === "function") throw new ThenableError();
  if (view !== null) {
    if (account) walk.binary(thing, view.buffer, view.byteLength);
    const close = view.byteLength === bufferByteLength(view.buffer) ? "]" : "," + view.byteOffset + "," + view.length + "]";
    walk.wrap(index, thing, `["` + view.tag + `",`, view.buffer, false, close);
    return index;
  }
  if (kinds & DATE) {
    if (account) walk.leaf(thing, LEAF_OBJECT_CHARS);
    walk.set(index, `["Date","` + dateText(thing) + `"]`);
    return index;
  }
  if (kinds & REGEXP) {
    const source = regExpSource(thing);
    if (account) walk.leaf(thing, LEAF_OBJECT_CHARS + source.length);
    const flags = regExpFlags(thing);
    walk.set(index, `["RegExp",` + jsonStringify(source) + (flags ? `,"` + flags + `"` : "") + "]");
    return index;
  }
  if (kinds & BOXED) {
    if (account) walk.leaf(thing, kinds & STRING ? LEAF_OBJECT_CHARS + (thing as { length: number }).length : LEAF_OBJECT_CHARS);
    walk.wrap(index, thing, `["Object",`, boxedValue(thing, kinds & NUMBER ? "number" : kinds & STRING ? "string" : "boolean"), false);
    return index;
  }
  if (array) {
    walk.openArray(index, thing as unknown[], account);
    return index;
  }
  if (kinds & (MAP | SET)) {
    const isMap = (kinds & MAP) !== 0;
    const members = isMap ? mapMembers(thing as Map<unknown, unknown>) : setMembers(thing as Set<unknown>);
    walk.openList(index, thing, account, isMap ? `["Map"` : `["Set"`, "]", members, null, null, isMap ? members.length : 2 * members.length);
    return index;
  }
  walk.openObject(index, thing, account, own![0], own![1], proto === null);
  return index;
}

/**
 * A plain object's enumerable keys and values, or null when it has an accessor or a symbol key: then
 * it is copied as its own data (devalue's "Obj"). Its descriptors are read first (no getter runs);
 * with data properties only, Object.keys and Object.values (captured) read the rest without running
 * anything, into arrays they define (no setter a program put on Array.prototype is met).
 */
function plainData(object: object): [ArrayLike<string>, ArrayLike<unknown>] | null {
  if (ownSymbols(object).length > 0) return null;
  const descriptors = getOwnPropertyDescriptors(object);
  const names = objectKeys(descriptors);
  let enumerable = 0;
  let protoKey = false;
  for (let index = 0; index < names.length; index++) {
    const descriptor = descriptors[names[index]!]!;
    // hasOwn, not `in`: a `value` a program put on Object.prototype would make an accessor look like data.
    if (!hasOwn(descriptor, "value")) return null;
    if (!descriptor.enumerable) continue;
    enumerable++;
    if (names[index] === "__proto__") protoKey = true;
  }
  if (protoKey) throw new Error("Cannot stringify objects with __proto__ keys");
  return [enumerable === names.length ? names : objectKeys(object), objectValues(object)];
}
