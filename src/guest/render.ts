import { inspect, inspectPlain } from "./inspect-facade.js";
import { isProxy } from "./proxy-registry.js";
import { rewordError } from "./node-errors.js";
import { isPreludeFrame } from "./error-frames.js";
import { inspectPrimitive } from "../result/primitive-results.js";
import type { GuestFinishedEval, RenderedEval } from "../guest-contract.js";
import { hasOwn, ownDataValue, viewByteLength } from "./copy-builtins.js";
import { ERROR, HANDLE_KINDS, kindsOf, MAP, SET } from "./copy-kinds.js";
import { isArray, indexOf, mapHasKey, mapValue, objectCreate, objectDefineProperty, objectGetOwnPropertyDescriptors, objectGetPrototypeOf, objectKeys, setMapValue, slice, sliceArray } from "./intrinsics.js";
import { newList } from "./safe-collections.js";

/** What the guest hands back to the host for one settled eval (JSON over the boundary): the rendering part of the contract's GuestFinishedEval. */
export type RenderedOutcome = RenderedEval & Pick<GuestFinishedEval, "status">;

/** Set per render from maxResultChars (see boundedForInspect). */
let renderKeyLimit = 4000;
/** Like V8's default Error.stackTraceLimit: a runaway recursion is not 4000 characters of frames. */
const MAX_STACK_FRAMES = 10;

const stringTrim = String.prototype.trim;
const reflectApply = Reflect.apply;

function cut(text: string, limitChars: number): { body: string; droppedChars: number } {
  if (text.length <= limitChars) return { body: text, droppedChars: 0 };
  let end = limitChars;
  const last = slice(text, end - 1, end);
  if (last >= "\ud800" && last <= "\udbff") end -= 1; // never split a surrogate pair
  return { body: slice(text, 0, end), droppedChars: text.length - end };
}

/**
 * QuickJS keeps only the frames in `stack`; strip our own frames and the trailing newline. With the
 * String methods the thread started with (a program may replace them; the stack of an Error in a
 * result is part of its copy). A stack getter that throws leaves no stack: the error still renders.
 */
export function userStack(error: Error): string {
  let stack: unknown;
  try {
    stack = error.stack;
  } catch {
    return "";
  }
  if (typeof stack !== "string") return "";
  let kept = "";
  let frames = 0;
  for (let start = 0; start < stack.length && frames < MAX_STACK_FRAMES; ) {
    const newline = indexOf(stack, "\n", start);
    const end = newline < 0 ? stack.length : newline;
    const line = slice(stack, start, end);
    start = end + 1;
    if ((reflectApply(stringTrim, line, []) as string) === "" || isPreludeFrame(line)) continue;
    kept += (frames++ ? "\n" : "") + line;
  }
  return kept;
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
  if (isArray(value) || viewByteLength(value) >= 0 || kindsOf(value) & (MAP | SET | ERROR)) return value;
  const keys = objectKeys(value);
  const descriptors = objectGetOwnPropertyDescriptors(value);
  const needsCopy = keys.length > maxKeys;
  const copy: Record<string, unknown> = needsCopy ? (objectCreate(objectGetPrototypeOf(value)) as Record<string, unknown>) : {};
  setMapValue(seen, value, needsCopy ? copy : value);
  let changed = needsCopy;
  const kept = needsCopy ? sliceArray(keys, 0, maxKeys) : keys;
  const nested = newList<[string, unknown]>();
  for (let index = 0; index < kept.length; index++) {
    const key = kept[index]!;
    const descriptor = descriptors[key]!;
    if (!hasOwn(descriptor, "value")) continue;
    const bounded = boundedForInspect(descriptor.value, maxKeys, depth + 1, seen);
    if (bounded !== descriptor.value) changed = true;
    nested[nested.length] = [key, bounded];
  }
  if (!changed) return value;
  const target = needsCopy ? copy : (objectCreate(objectGetPrototypeOf(value)) as Record<string, unknown>);
  for (let index = 0; index < kept.length; index++) objectDefineProperty(target, kept[index]!, descriptors[kept[index]!]!);
  for (let index = 0; index < nested.length; index++) {
    const key = nested[index]![0];
    objectDefineProperty(target, key, { ...descriptors[key]!, value: nested[index]![1] });
  }
  setMapValue(seen, value, target);
  return target;
}

function inspectValue(value: unknown): string {
  const primitive = inspectPrimitive(value);
  if (primitive !== null) return primitive;
  const bounded = boundedForInspect(value, renderKeyLimit, 0, new Map());
  return inspectPlain(bounded) ?? inspect(bounded);
}

/** A function's arity as its own `length` data property says (none read from a getter); 0 without one, as Function.prototype's. */
function arityOf(fn: object): string | null {
  if (!hasOwn(fn, "length")) return "0";
  const length = ownDataValue(fn, "length");
  return typeof length === "number" ? String(length) : null;
}

export function describeHandle(value: unknown): string {
  const text = inspectValue(value);
  // A proxy's `length` would run its get trap: no arity for proxied functions.
  const arity = typeof value === "function" && !isProxy(value) ? arityOf(value) : null;
  return arity === null ? text : text + " arity=" + arity;
}

/** Values that cannot be copied to the host: the model sees them as handles. */
export function isHandleValue(value: unknown): boolean {
  if (typeof value === "function" || typeof value === "symbol") return true;
  if (typeof value !== "object" || value === null) return false;
  return isProxy(value) || (kindsOf(value) & HANDLE_KINDS) !== 0;
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
    const isError = typeof error === "object" && error !== null && !isProxy(error) && (kindsOf(error) & ERROR) !== 0;
    reason = isError ? String((error as Error).name) + ": " + String((error as Error).message) : String(error);
  } catch {
    // keep the default
  }
  if (thrownError) {
    const body = "[the thrown value could not be rendered: " + reason + "]";
    return { status: "error", body, droppedChars: 0, handle: false, errorType: "Error", errorMessage: body };
  }
  return { status: "ok", body: "[value could not be rendered: " + reason + "]", droppedChars: 0, handle: true };
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
