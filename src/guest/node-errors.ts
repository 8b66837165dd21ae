/**
 * Errors read as Node writes them (README, "What the model reads"). QuickJS words its errors in
 * its own way and often leaves out what failed (`not a function`, `cannot read property 'x' of
 * undefined`); V8's messages are what models learned to repair code from and what programs check.
 * `rewordError` gives an error the engine made V8's message, in place, once: when the program
 * catches it (the cell transform calls it first thing in every `catch`), when a promise handler
 * receives it (see error-observers.ts), and when it is rendered for the model. Only errors the
 * engine made are touched: their prototype is a native error prototype and their message one of
 * QuickJS's. Wordings that need the program text at the error's position (the callee of a call,
 * the iterated expression) are asked of the engine through the error bridge.
 */
import { ERROR_BRIDGE_GLOBAL, ERROR_MAX_REQUEST_BYTES, encodeErrorSiteQuery, type ErrorSiteKind } from "../error-bridge-protocol.js";
import { objectGetOwnPropertyDescriptor, objectGetPrototypeOf, reflectApply } from "./intrinsics.js";
import { callerOf, topFrameOf, type TopFrame } from "./error-frames.js";
import { isProxy } from "./proxy-registry.js";

const globalRecord = globalThis as unknown as Record<string, unknown>;
const hostErrors = globalRecord[ERROR_BRIDGE_GLOBAL] as ((request: string) => unknown) | undefined;
delete globalRecord[ERROR_BRIDGE_GLOBAL];

const NATIVE_ERROR_NAMES = new Map<object, string>([
  [TypeError.prototype, "TypeError"],
  [RangeError.prototype, "RangeError"],
  [ReferenceError.prototype, "ReferenceError"],
  [SyntaxError.prototype, "SyntaxError"],
  [URIError.prototype, "URIError"],
]);
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapClear = Map.prototype.clear;
const weakSetHas = WeakSet.prototype.has;
const weakSetAdd = WeakSet.prototype.add;
const regExpExec = RegExp.prototype.exec;

/** Errors already seen: each is reworded once, and a message the program set later stays. */
const seen = new WeakSet<object>();
/** The bridge's answers by stack: a loop that catches the same failure asks once. */
const answers = new Map<string, string>();
/** Wordings that depend on the message alone, by name and message (no regex for a repeated failure). */
const plainWordings = new Map<string, string | null>();
const MAX_ANSWERS = 256;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ANSWERS) reflectApply(mapClear, map, []);
  reflectApply(mapSet, map, [key, value]);
}

const match = (pattern: RegExp, text: string): RegExpExecArray | null => reflectApply(regExpExec, pattern, [text]) as RegExpExecArray | null;

/** The error's stack, read only when a wording needs it (most wordings need the message alone). */
class ErrorContext {
  private frame: TopFrame | null | undefined = undefined;
  private stackText: string | undefined = undefined;

  constructor(
    readonly message: string,
    private readonly error: object,
  ) {}

  /** The wording read the stack (it depends on where the error happened, not only on its message). */
  get usedStack(): boolean {
    return this.stackText !== undefined;
  }

  get stack(): string {
    if (this.stackText === undefined) {
      const value = objectGetOwnPropertyDescriptor(this.error, "stack")?.value as unknown;
      this.stackText = typeof value === "string" ? value : "";
    }
    return this.stackText;
  }

  get top(): TopFrame | null {
    if (this.frame === undefined) this.frame = topFrameOf(this.stack);
    return this.frame;
  }

  /** The top frame is a builtin (any, or one of `names`): read off the first line, without parsing it. */
  inBuiltin(...names: string[]): boolean {
    const stack = this.stack;
    const end = stack.indexOf("\n");
    const first = end < 0 ? stack : stack.slice(0, end);
    if (!first.endsWith(" (native)")) return false;
    if (names.length === 0) return true;
    const name = first.slice(first.indexOf("at ") + 3, -" (native)".length);
    return names.indexOf(name) >= 0;
  }

  /**
   * The engine's answer for the top frame's position, or null (no bridge, no source, nothing
   * there). Answers are kept by the stack's first two frames (all an answer depends on: the same
   * failure in a loop asks once); a syntax error is asked once (and a retried cell keeps its
   * file name), so it is not kept.
   */
  askAtSite(kind: ErrorSiteKind): string | null {
    if (!hostErrors) return null;
    const stack = this.stack;
    const second = stack.indexOf("\n", stack.indexOf("\n") + 1);
    const key = `${kind}\n${this.message.slice(0, 1000)}\n${second < 0 ? stack.slice(0, 2000) : stack.slice(0, Math.min(second, 2000))}`;
    let answer = kind === "syntax" ? undefined : (reflectApply(mapGet, answers, [key]) as string | undefined);
    if (answer === undefined) {
      const cell = this.top?.cell;
      if (!cell) return null;
      // A destructured parameter's value may show in its caller's call.
      const caller = kind === "destructure" ? callerOf(this.stack) : null;
      const request = encodeErrorSiteQuery({ kind, file: cell.file, line: cell.line, column: cell.column, topLevel: cell.topLevel, caller, message: this.message.slice(0, 1000) });
      const reply = request.length * 3 <= ERROR_MAX_REQUEST_BYTES ? hostErrors(request) : "";
      answer = typeof reply === "string" ? reply : "";
      if (kind !== "syntax") remember(answers, key, answer);
    }
    return answer === "" ? null : answer;
  }
}

const DIGITS_MESSAGES = new Map([
  ["toFixed", "toFixed() digits argument must be between 0 and 100"],
  ["toPrecision", "toPrecision() argument must be between 1 and 100"],
  ["toExponential", "toExponential() argument must be between 0 and 100"],
]);

/** Wordings that depend only on the message. */
const PLAIN = new Map([
  ["invalid array length", "Invalid array length"],
  ["invalid string length", "Invalid string length"],
  ["bigint argument with unary +", "Cannot convert a BigInt value to a number"],
  ["BigInt division by zero", "Division by zero"],
  ["cannot convert symbol to string", "Cannot convert a Symbol value to a string"],
  ["cannot convert symbol to number", "Cannot convert a Symbol value to a number"],
  ["Date value is NaN", "Invalid time value"],
  ["bad normalization form", "The normalization form should be one of NFC, NFD, NFKC, NFKD."],
  ["circular prototype chain", "Cyclic __proto__ value"],
  ["invalid value used as WeakMap key", "Invalid value used as weak map key"],
  ["invalid value used as WeakSet key", "Invalid value used in weak set"],
  ["bigint operands are forbidden for >>>", "BigInts have no unsigned right shift, use >> instead"],
  ["this is not initialized", "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"],
]);

function propertyMessage(error: ErrorContext): string | null {
  const { message } = error;
  if (!message.startsWith("cannot ")) return null;
  const named = match(/^cannot (read|set) property '([^]*)' of (undefined|null)$/, message);
  if (named) {
    const [, access, key, value] = named;
    if (access === "read" && key === "Symbol.iterator") {
      return error.askAtSite("iterable") ?? `${value === "null" ? "object null" : "undefined"} is not iterable (cannot read property Symbol(Symbol.iterator))`;
    }
    return access === "read" ? `Cannot read properties of ${value} (reading '${key}')` : `Cannot set properties of ${value} (setting '${key}')`;
  }
  const unnamed = match(/^cannot (read|set) property of (undefined|null)$/, message);
  if (!unnamed) return null;
  return error.askAtSite("key") ?? `Cannot ${unnamed[1]} properties of ${unnamed[2]}`;
}

function typeErrorMessage(error: ErrorContext): string | null {
  const { message } = error;
  switch (message) {
    case "not a function":
      return error.inBuiltin("sort", "toSorted") ? "The comparison function must be either a function or undefined" : error.askAtSite("call");
    case "not a constructor":
      return error.askAtSite("call");
    case "value is not iterable":
      return error.askAtSite("iterable");
    case "cannot convert to object":
      return error.askAtSite("destructure") ?? "Cannot convert undefined or null to object";
    case "cannot convert bigint to number":
      return error.inBuiltin() ? "Cannot convert a BigInt value to a number" : "Cannot mix BigInt and other types, use explicit conversions";
    case "class constructors must be invoked with 'new'": {
      const top = error.top;
      const named = top !== null && !top.native && top.name !== "" && top.name !== "<anonymous>";
      return named ? `Class constructor ${top.name} cannot be invoked without 'new'` : "Class constructors cannot be invoked without 'new'";
    }
    case "empty array":
      return error.inBuiltin("reduce", "reduceRight") ? "Reduce of empty array with no initial value" : null;
    case "regexp must have the 'g' flag":
      if (error.inBuiltin("matchAll")) return "String.prototype.matchAll called with a non-global RegExp argument";
      return error.inBuiltin("replaceAll") ? "String.prototype.replaceAll called with a non-global RegExp argument" : null;
    case "object is not extensible":
      return error.askAtSite("assign");
  }
  const named = propertyMessage(error);
  if (named !== null) return named;
  if (message.endsWith(" is not a constructor")) return error.askAtSite("call");
  if (message.endsWith("' is read-only")) return error.askAtSite("assign");
  const privateField = match(/^private class field '(#[^']*)' does not exist$/, message);
  return privateField ? `Cannot read private member ${privateField[1]} from an object whose class did not declare it` : null;
}

/** QuickJS's message in V8's words, or null to keep it. */
function wordedAsV8(name: string, error: ErrorContext): string | null {
  const { message } = error;
  const plain = reflectApply(mapGet, PLAIN, [message]) as string | undefined;
  if (plain !== undefined) return plain;
  switch (name) {
    case "TypeError":
      return typeErrorMessage(error);
    case "ReferenceError": {
      if (message.endsWith("' is not defined") && message.startsWith("'")) return `${message.slice(1, -"' is not defined".length)} is not defined`;
      return message.endsWith(" is not initialized") ? `Cannot access '${message.slice(0, -" is not initialized".length)}' before initialization` : null;
    }
    case "RangeError":
      if (message === "invalid number of digits" && error.inBuiltin()) return (reflectApply(mapGet, DIGITS_MESSAGES, [error.top?.name]) as string | undefined) ?? null;
      if (message === "radix must be between 2 and 36" && error.inBuiltin()) return "toString() radix argument must be between 2 and 36";
      if (message === "invalid array index" && error.inBuiltin("ArrayBuffer", "SharedArrayBuffer")) return "Invalid array buffer length";
      return null;
    case "SyntaxError":
      return error.top?.compile ? error.askAtSite("syntax") : null;
    case "URIError":
      return error.inBuiltin("decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent") ? "URI malformed" : null;
  }
  return null;
}

/** The error already reads as V8's (a builtin's wrapper worded it): rewordError leaves it alone. */
export function markWorded(error: object): void {
  reflectApply(weakSetAdd, seen, [error]);
}

/** Gives an error the engine made V8's message (in place, once); returns the value. */
export function rewordError<T>(value: T): T {
  if (typeof value !== "object" || value === null || isProxy(value)) return value;
  try {
    const name = reflectApply(mapGet, NATIVE_ERROR_NAMES, [objectGetPrototypeOf(value)]) as string | undefined;
    if (name === undefined || reflectApply(weakSetHas, seen, [value])) return value;
    reflectApply(weakSetAdd, seen, [value]);
    const message = objectGetOwnPropertyDescriptor(value, "message");
    if (!message || typeof message.value !== "string" || !message.writable) return value;
    const plainKey = `${name}\n${message.value}`;
    let worded = reflectApply(mapGet, plainWordings, [plainKey]) as string | null | undefined;
    if (worded === undefined) {
      const context = new ErrorContext(message.value, value);
      worded = wordedAsV8(name, context);
      if (!context.usedStack && message.value.length <= 1000) remember(plainWordings, plainKey, worded);
    }
    // An own writable data property: assigning it runs no code of the program's.
    if (worded !== null) (value as unknown as { message: string }).message = worded;
  } catch {
    // A program that replaced the methods used here keeps QuickJS's wording.
  }
  return value;
}
