import { inspect } from "./inspect-facade.js";
import { stringify } from "devalue";
import { BoundedCopyRun, type CopyReducers } from "./bounded-copy.js";
import { tooLargeAsTreeNote } from "../result/tree-costs.js";
import { encodeBase64 } from "./base64.js";
import { isProxy } from "./proxy-registry.js";
import { rewordError } from "./node-errors.js";
import { isPreludeFrame } from "./error-frames.js";
import { copyPrimitive, inspectPrimitive } from "../result/primitive-results.js";
import type { GuestFinishedEval, RenderedEval } from "../guest-contract.js";
import { isArray, jsonStringify, mapHasKey, mapValue, objectCreate, objectDefineProperty, objectGetOwnPropertyDescriptors, objectGetPrototypeOf, objectKeys, push, setMapValue, sliceArray } from "./intrinsics.js";

/** What the guest hands back to the host for one settled eval (JSON over the boundary): the rendering part of the contract's GuestFinishedEval. */
export type RenderedOutcome = RenderedEval & Pick<GuestFinishedEval, "status">;

const HANDLE_MARKER = "$handle";
/** Set per render from maxResultChars (see boundedForInspect). */
let renderKeyLimit = 4000;
/** Like V8's default Error.stackTraceLimit: a runaway recursion is not 4000 characters of frames. */
const MAX_STACK_FRAMES = 10;

function cut(text: string, limitChars: number): { body: string; droppedChars: number } {
  if (text.length <= limitChars) return { body: text, droppedChars: 0 };
  let end = limitChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1; // never split a surrogate pair
  return { body: text.slice(0, end), droppedChars: text.length - end };
}

/** QuickJS keeps only the frames in `stack`; strip our own frames and the trailing newline. */
export function userStack(error: Error): string {
  // A program may replace the String and Array methods used here, or give the error a stack
  // getter that throws: then there is no stack, and the error still renders.
  try {
    const stack: unknown = error.stack;
    if (typeof stack !== "string") return "";
    return stack
      .split("\n")
      .filter((line) => line.trim() !== "" && !isPreludeFrame(line))
      .slice(0, MAX_STACK_FRAMES)
      .join("\n");
  } catch {
    return "";
  }
}

/**
 * Objects with more keys than can ever show in the result are replaced, for rendering only, by a
 * copy holding the first `maxKeys` properties (descriptors copied, so getters are not called).
 * Each key takes at least one character, so the rendered head is the same; inspecting 50,000
 * keys to keep 4,000 characters would only burn the eval's CPU budget.
 */
function boundedForInspect(value: unknown, maxKeys: number, depth: number, seen: Map<object, unknown>): unknown {
  // The captured built-ins (intrinsics.ts): a program may have replaced Object.keys, Array.prototype.slice, …
  if (typeof value !== "object" || value === null || depth > 3 || isProxy(value)) return value;
  if (mapHasKey(seen, value)) return mapValue(seen, value);
  if (isArray(value) || ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set || value instanceof Error) {
    return value;
  }
  const keys = objectKeys(value);
  const descriptors = objectGetOwnPropertyDescriptors(value);
  const needsCopy = keys.length > maxKeys;
  const copy: Record<string, unknown> = needsCopy ? (objectCreate(objectGetPrototypeOf(value)) as Record<string, unknown>) : {};
  setMapValue(seen, value, needsCopy ? copy : value);
  let changed = needsCopy;
  const kept = needsCopy ? sliceArray(keys, 0, maxKeys) : keys;
  const nested: [string, unknown][] = [];
  for (let index = 0; index < kept.length; index++) {
    const key = kept[index]!;
    const descriptor = descriptors[key]!;
    if (!("value" in descriptor)) continue;
    const bounded = boundedForInspect(descriptor.value, maxKeys, depth + 1, seen);
    if (bounded !== descriptor.value) changed = true;
    push(nested, [key, bounded]);
  }
  if (!changed) return value;
  const target = needsCopy ? copy : (objectCreate(objectGetPrototypeOf(value)) as Record<string, unknown>);
  for (let index = 0; index < kept.length; index++) objectDefineProperty(target, kept[index]!, descriptors[kept[index]!]!);
  for (let index = 0; index < nested.length; index++) {
    const [key, bounded] = nested[index]!;
    objectDefineProperty(target, key, { ...descriptors[key]!, value: bounded });
  }
  setMapValue(seen, value, target);
  return target;
}

function inspectValue(value: unknown): string {
  return inspectPrimitive(value) ?? inspect(boundedForInspect(value, renderKeyLimit, 0, new Map()));
}

function describeHandle(value: unknown): string {
  const text = inspectValue(value);
  // A proxy's `length` would run its get trap: no arity for proxied functions.
  if (typeof value === "function" && !isProxy(value)) return `${text} arity=${value.length}`;
  return text;
}

/** Values that cannot be copied to the host: the model sees them as handles. */
function isHandleValue(value: unknown): boolean {
  if (typeof value === "function" || typeof value === "symbol") return true;
  if (typeof value !== "object" || value === null) return false;
  return (
    isProxy(value) ||
    value instanceof WeakMap ||
    value instanceof WeakSet ||
    value instanceof WeakRef ||
    value instanceof FinalizationRegistry ||
    value instanceof Promise
  );
}

/** Own enumerable string-keyed properties; accessors become `[Getter]` handles and are never called. */
function copyOwnData(object: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  const descriptors = objectGetOwnPropertyDescriptors(object);
  for (const key of Object.keys(descriptors)) {
    const descriptor = descriptors[key]!;
    if (!descriptor.enumerable) continue;
    copy[key] = "value" in descriptor ? descriptor.value : { [HANDLE_MARKER]: descriptor.set ? (descriptor.get ? "[Getter/Setter]" : "[Setter]") : "[Getter]" };
  }
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
      if (isHandleValue(candidate)) return describeHandle(candidate);
      // Binary data is base64 in the copy: refuse early instead of building a huge string.
      if ((ArrayBuffer.isView(candidate) || candidate instanceof ArrayBuffer) && candidate.byteLength * 1.4 > limitChars) {
        return `${objectGetPrototypeOf(candidate)?.constructor?.name ?? "ArrayBuffer"}(${candidate.byteLength} bytes) [not copied: too large]`;
      }
      return undefined;
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

/**
 * The same copy in steps of about `units` of work each (bounded-copy.ts): each call returns the
 * copy, or null while there is more to do. An eval's result is copied so, the host's loop turning
 * between steps.
 */
export function copyInSteps(value: unknown, limitChars: number): (units: number) => CopiedValue | null {
  const tooLarge = { valueNote: `value not copied: larger than ${limitChars} characters` };
  if (typeof value === "string" && value.length > limitChars) return () => tooLarge;
  if (isCopiedCheaply(value)) {
    // A bigint's copy (or a short string's, escaped) can be longer than the value's text.
    const text = copyPrimitive(value, jsonStringify);
    const copied = text.length > limitChars ? tooLarge : { value: text };
    return () => copied;
  }
  if (isHandleValue(value)) {
    const copied = { value: stringify({ [HANDLE_MARKER]: describeHandle(value) }) };
    return () => copied;
  }
  const run = new BoundedCopyRun(value, limitChars, copyReducers(limitChars));
  return (units) => {
    try {
      const copy = run.step(units);
      if (copy === null) return null;
      if ("tooLarge" in copy) return { valueNote: copy.tooLarge === "text" ? tooLarge.valueNote : tooLargeAsTreeNote(limitChars) };
      return { value: copy.text };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // devalue's own wording ("use stringifyAsync") would mislead: say what the program can do.
      if (/thenable/i.test(reason)) return { valueNote: "value not copied: it contains a thenable (an object with a then() method); return plain data, or await it" };
      return { valueNote: `value not copied: ${reason}` };
    }
  };
}

const ENGINE_ERRORS: Record<string, string> = {
  "out of memory": "OutOfMemory",
  "stack overflow": "StackOverflow",
  interrupted: "Timeout",
};

/**
 * When rendering itself fails (a custom inspect that throws, say), the model still gets an
 * answer; a thrown error stays an error (`thrownError`), whatever stopped its rendering.
 */
export function renderFailure(error: unknown, thrownError = false): RenderedOutcome {
  let reason = "unknown error";
  try {
    reason = error instanceof Error ? `${String(error.name)}: ${String(error.message)}` : String(error);
  } catch {
    // keep the default
  }
  if (thrownError) {
    const body = `[the thrown value could not be rendered: ${reason}]`;
    return { status: "error", body, droppedChars: 0, handle: false, errorType: "Error", errorMessage: body };
  }
  return { status: "ok", body: `[value could not be rendered: ${reason}]`, droppedChars: 0, handle: true };
}

export function renderSuccess(value: unknown, limitChars: number): RenderedOutcome {
  renderKeyLimit = limitChars;
  if (typeof value === "string") {
    return { status: "ok", ...cut(value, limitChars), handle: false };
  }
  if (isHandleValue(value)) {
    const text = describeHandle(value);
    return { status: "ok", ...cut(text, limitChars), handle: true };
  }
  return { status: "ok", ...cut(inspectValue(value), limitChars), handle: false };
}

export function renderError(thrown: unknown, limitChars: number): RenderedOutcome {
  renderKeyLimit = limitChars;
  rewordError(thrown);
  if (thrown instanceof Error) {
    let name = "Error";
    let message = "";
    try {
      name = String(thrown.name);
      message = String(thrown.message);
    } catch {
      // hostile getters: keep the defaults
    }
    // QuickJS reports a stack overflow inside JSON.parse as a SyntaxError, elsewhere as InternalError.
    if ((name === "InternalError" || (name === "SyntaxError" && message === "stack overflow")) && ENGINE_ERRORS[message]) {
      name = ENGINE_ERRORS[message]!;
    }
    const stack = userStack(thrown);
    // A huge message is cut before anything is built from it (guest memory may be nearly full).
    const head = message.length > limitChars ? message.slice(0, limitChars + 1) : message;
    const { body } = cut(stack ? `${head}\n${stack}` : head, limitChars);
    const droppedChars = message.length + (stack ? 1 + stack.length : 0) - body.length;
    const errorMessage = message.length > limitChars ? `${message.slice(0, limitChars)}… [truncated ${message.length - limitChars} chars]` : message;
    return { status: "error", body, droppedChars, handle: false, errorType: name, errorMessage, errorStack: stack };
  }
  const message = thrown === null ? "null" : inspectValue(thrown);
  return { status: "error", ...cut(message, limitChars), handle: false, errorType: "Error", errorMessage: message };
}
