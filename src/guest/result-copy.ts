/**
 * The structured copy of a value for the host (an eval's result, a progress() value): devalue text
 * written by bounded-copy.ts's walk, with the reducers below for what devalue would not write as it
 * is — handles, an Error's fields, a class instance's own data, binary data's base64. Like the walk
 * they call only built-ins captured at the prelude's load, so the copy is the same whatever the
 * program did to its realm's built-ins (copy-objects.ts says where the program's code still runs).
 */
import { BoundedCopyRun, type CopyReducers } from "./bounded-copy.js";
import { ThenableError } from "./copy-objects.js";
import { arrayBufferByteLength, binaryName, getOwnPropertyDescriptors, getPrototypeOf, hasOwn, isView, jsonStringify, OBJECT_PROTOTYPE, objectKeys, viewByteLength, viewParts } from "./copy-builtins.js";
import { ARRAY_BUFFER, ERROR, HANDLE_KINDS, kindsFrom, kindsOf } from "./copy-kinds.js";
import { encodeBase64 } from "./base64.js";
import { isProxy } from "./proxy-registry.js";
import { describeHandle, isHandleValue, userStack } from "./render.js";
import { tooLargeAsTreeNote } from "../result/tree-costs.js";
import { copyPrimitive } from "../result/primitive-results.js";

const HANDLE_MARKER = "$handle";
const defineProperty = Object.defineProperty;
/**
 * The descriptor each copied field is defined with: without a prototype, so defineProperty reads
 * its six fields from it alone (an assignment would run a setter a program put on Object.prototype,
 * a descriptor inheriting from it would take a `get` put there).
 */
const FIELD = Object.setPrototypeOf({ value: undefined, writable: true, enumerable: true, configurable: true }, null) as PropertyDescriptor;

/** Own enumerable string-keyed properties; accessors become `[Getter]` handles and are never called. */
function copyOwnData(object: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  const descriptors = getOwnPropertyDescriptors(object);
  const keys = objectKeys(descriptors);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const descriptor = descriptors[key]!;
    if (!descriptor.enumerable) continue;
    FIELD.value = hasOwn(descriptor, "value") ? descriptor.value : { [HANDLE_MARKER]: descriptor.set ? (descriptor.get ? "[Getter/Setter]" : "[Setter]") : "[Getter]" };
    defineProperty(copy, key, FIELD);
  }
  FIELD.value = undefined;
  return copy;
}

/** Primitives (other than symbols) cost nothing to copy: no guest code can run. */
export function isCopiedCheaply(value: unknown): boolean {
  return value === null || (typeof value !== "object" && typeof value !== "function" && typeof value !== "symbol");
}

/** What the copy does with values devalue would not write as they are (bounded-copy.ts). */
function copyReducers(limitChars: number): CopyReducers {
  return {
    handle: (candidate) => {
      if (typeof candidate !== "object" || candidate === null) return isHandleValue(candidate) ? describeHandle(candidate) : undefined;
      if (isProxy(candidate)) return describeHandle(candidate);
      const proto = getPrototypeOf(candidate) as object | null;
      const kinds = proto === OBJECT_PROTOTYPE || proto === null ? 0 : kindsFrom(proto);
      if (kinds & HANDLE_KINDS) return describeHandle(candidate);
      // Binary data is base64 in the copy: refuse early instead of building a huge string.
      const buffer = (kinds & ARRAY_BUFFER) !== 0;
      const size = buffer ? arrayBufferByteLength(candidate) : isView(candidate) ? viewByteLength(candidate) : -1;
      if (size * 1.4 <= limitChars) return undefined;
      return binaryName(candidate, buffer ? "ArrayBuffer" : viewParts(candidate)!.tag) + "(" + size + " bytes) [not copied: too large]";
    },
    error: (candidate) => ({ name: String(candidate.name), message: String(candidate.message), stack: userStack(candidate) }),
    ownData: copyOwnData,
    base64: encodeBase64,
  };
}

export type CopiedValue = { value?: string; valueNote?: string };

/** A structured-clone-like copy: class instances become plain objects, handles become markers. */
export function copyValue(value: unknown, limitChars: number): CopiedValue {
  return copyInSteps(value, limitChars)(Infinity)!;
}

/** Why a copy failed, in words: an Error's message (thrown by a captured built-in, the walk, or a program's getter). */
function reasonOf(error: unknown): string {
  const isError = typeof error === "object" && error !== null && !isProxy(error) && (kindsOf(error) & ERROR) !== 0;
  return isError ? String((error as Error).message) : String(error);
}

/**
 * The same copy in steps of about `units` of work each (bounded-copy.ts): each call returns the
 * copy, or null while there is more to do. An eval's result is copied so, the host's loop turning
 * between steps.
 */
export function copyInSteps(value: unknown, limitChars: number): (units: number) => CopiedValue | null {
  const tooLarge = { valueNote: "value not copied: larger than " + limitChars + " characters" };
  if (typeof value === "string" && value.length > limitChars) return () => tooLarge;
  if (isCopiedCheaply(value)) {
    // A bigint's copy (or a short string's, escaped) can be longer than the value's text.
    const text = copyPrimitive(value, jsonStringify);
    const copied = text.length > limitChars ? tooLarge : { value: text };
    return () => copied;
  }
  if (isHandleValue(value)) {
    // devalue's text of `{ $handle: description }` (the string quoted by JSON.stringify, as the walk's are).
    const copied = { value: `[{"$handle":1},` + jsonStringify(describeHandle(value)) + "]" };
    return () => copied;
  }
  const run = new BoundedCopyRun(value, limitChars, copyReducers(limitChars));
  return (units) => {
    try {
      const copy = run.step(units);
      if (copy === null) return null;
      if (hasOwn(copy, "tooLarge")) return { valueNote: (copy as { tooLarge: string }).tooLarge === "text" ? tooLarge.valueNote : tooLargeAsTreeNote(limitChars) };
      return { value: (copy as { text: string }).text };
    } catch (error) {
      // devalue's own wording ("use stringifyAsync") would mislead: say what the program can do.
      // (The prototype of an error only the copy makes: no program can reach it.)
      if (typeof error === "object" && error !== null && !isProxy(error) && getPrototypeOf(error) === ThenableError.prototype) {
        return { valueNote: "value not copied: it contains a thenable (an object with a then() method); return plain data, or await it" };
      }
      return { valueNote: "value not copied: " + reasonOf(error) };
    }
  };
}
