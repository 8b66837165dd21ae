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
import { objectDefineProperty, objectGetOwnPropertyDescriptor, objectGetPrototypeOf, reflectApply } from "./intrinsics.js";
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
const stringSplit = String.prototype.split;

/** Errors already seen: each is reworded once, and a message the program set later stays. */
const seen = new WeakSet<object>();
/** The bridge's answers by site: a loop that catches the same failure asks once. */
const answers = new Map<string, string>();
const MAX_ANSWERS = 256;

const match = (pattern: RegExp, text: string): RegExpExecArray | null => reflectApply(regExpExec, pattern, [text]) as RegExpExecArray | null;

interface UserFrame {
  file: string;
  line: number;
  column: number;
  topLevel: boolean;
}

interface Frames {
  /** The function name of the top frame (`map` for `at map (native)`, `<eval>`, a class name). */
  topName: string;
  /** The top frame is a builtin. */
  native: boolean;
  /** The top frame, when it is in a cell. */
  user: UserFrame | null;
  /** The frame below it (the caller), when that is in a cell. */
  caller: { file: string; line: number; column: number } | null;
  /** The error is the cell's own SyntaxError (its only frame is a position, no function). */
  compile: boolean;
}

const FRAME = /^\s*at (.*?) \((.*)\)$/;
const COMPILE_FRAME = /^\s*at (cell-\d+\.[jt]s:\d+:\d+)$/;
const CELL_LOCATION = /^(cell-\d+\.[jt]s):(\d+):(\d+)$/;

function cellLocation(line: string | undefined): { file: string; line: number; column: number } | null {
  const location = line === undefined ? null : match(FRAME, line)?.[2];
  const cell = location ? match(CELL_LOCATION, location) : null;
  return cell ? { file: cell[1]!, line: Number(cell[2]), column: Number(cell[3]) } : null;
}

function topFrame(stack: string): Frames | null {
  const lines = reflectApply(stringSplit, stack, ["\n", 2]) as string[];
  const first = lines[0] ?? "";
  const frame = match(FRAME, first);
  const compiled = frame ? null : match(COMPILE_FRAME, first);
  if (!frame && !compiled) return null;
  const [, topName = "", location = ""] = frame ?? ["", "", compiled![1]];
  const cell = match(CELL_LOCATION, location);
  const user = cell ? { file: cell[1]!, line: Number(cell[2]), column: Number(cell[3]), topLevel: topName === "<eval>" || compiled !== null } : null;
  return { topName, native: location === "native", user, caller: cellLocation(lines[1]), compile: compiled !== null };
}

/** The engine's answer for a site, or null (no bridge, no source, nothing there). */
function askAtSite(kind: ErrorSiteKind, frames: Frames, message: string): string | null {
  const user = frames.user;
  if (!user || !hostErrors) return null;
  const request = encodeErrorSiteQuery({ kind, file: user.file, line: user.line, column: user.column, topLevel: user.topLevel, caller: frames.caller, message: message.slice(0, 1000) });
  // A cell's syntax error is asked once (and a retried cell keeps its file name): not kept.
  let answer = kind === "syntax" ? undefined : (reflectApply(mapGet, answers, [request]) as string | undefined);
  if (answer === undefined) {
    const reply = request.length * 3 <= ERROR_MAX_REQUEST_BYTES ? hostErrors(request) : "";
    answer = typeof reply === "string" ? reply : "";
    if (kind !== "syntax") {
      if (answers.size >= MAX_ANSWERS) reflectApply(mapClear, answers, []);
      reflectApply(mapSet, answers, [request, answer]);
    }
  }
  return answer === "" ? null : answer;
}

const DIGITS_MESSAGES = new Map([
  ["toFixed", "toFixed() digits argument must be between 0 and 100"],
  ["toPrecision", "toPrecision() argument must be between 1 and 100"],
  ["toExponential", "toExponential() argument must be between 0 and 100"],
]);
const URI_FUNCTIONS = ["decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent"];

/** A wording that depends only on the message and the frame it was thrown in. */
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

function propertyMessage(message: string, frames: Frames): string | null {
  const named = match(/^cannot (read|set) property '([^]*)' of (undefined|null)$/, message);
  if (named) {
    const [, access, key, value] = named;
    if (access === "read" && key === "Symbol.iterator") {
      const iterable = frames.user ? askAtSite("iterable", frames, message) : null;
      return iterable ?? `${value === "null" ? "object null" : "undefined"} is not iterable (cannot read property Symbol(Symbol.iterator))`;
    }
    return access === "read" ? `Cannot read properties of ${value} (reading '${key}')` : `Cannot set properties of ${value} (setting '${key}')`;
  }
  const unnamed = match(/^cannot (read|set) property of (undefined|null)$/, message);
  if (!unnamed) return null;
  return askAtSite("key", frames, message) ?? `Cannot ${unnamed[1]} properties of ${unnamed[2]}`;
}

function typeErrorMessage(message: string, frames: Frames): string | null {
  if (message === "not a function") {
    if (frames.native && (frames.topName === "sort" || frames.topName === "toSorted")) return "The comparison function must be either a function or undefined";
    return frames.user ? askAtSite("call", frames, message) : null;
  }
  if (match(/^(?:.* )?is not a constructor$|^not a constructor$/, message)) return frames.user ? askAtSite("call", frames, message) : null;
  if (message === "value is not iterable") return frames.user ? askAtSite("iterable", frames, message) : null;
  if (message === "cannot convert to object") {
    return (frames.user ? askAtSite("destructure", frames, message) : null) ?? "Cannot convert undefined or null to object";
  }
  if (message === "cannot convert bigint to number") {
    return frames.native ? "Cannot convert a BigInt value to a number" : "Cannot mix BigInt and other types, use explicit conversions";
  }
  if (message === "class constructors must be invoked with 'new'") {
    const named = frames.topName !== "" && frames.topName !== "<anonymous>" && !frames.native;
    return named ? `Class constructor ${frames.topName} cannot be invoked without 'new'` : "Class constructors cannot be invoked without 'new'";
  }
  if (message === "empty array" && frames.native && (frames.topName === "reduce" || frames.topName === "reduceRight")) return "Reduce of empty array with no initial value";
  if (message === "regexp must have the 'g' flag" && frames.native && (frames.topName === "matchAll" || frames.topName === "replaceAll")) {
    return `String.prototype.${frames.topName} called with a non-global RegExp argument`;
  }
  const privateField = match(/^private class field '(#[^']*)' does not exist$/, message);
  if (privateField) return `Cannot read private member ${privateField[1]} from an object whose class did not declare it`;
  if (match(/^'.*' is read-only$/, message) || message === "object is not extensible") return frames.user ? askAtSite("assign", frames, message) : null;
  return null;
}

/** QuickJS's message in V8's words, or null to keep it. */
function wordedAsV8(name: string, message: string, frames: Frames): string | null {
  const plain = reflectApply(mapGet, PLAIN, [message]) as string | undefined;
  if (plain !== undefined) return plain;
  if (name === "ReferenceError") {
    const undefinedName = match(/^'([^]*)' is not defined$/, message);
    if (undefinedName) return `${undefinedName[1]} is not defined`;
    const uninitialized = match(/^([^]*) is not initialized$/, message);
    return uninitialized ? `Cannot access '${uninitialized[1]}' before initialization` : null;
  }
  if (name === "RangeError") {
    if (message === "invalid number of digits" && frames.native) return (reflectApply(mapGet, DIGITS_MESSAGES, [frames.topName]) as string | undefined) ?? null;
    if (message === "radix must be between 2 and 36" && frames.native) return "toString() radix argument must be between 2 and 36";
    if (message === "invalid array index" && frames.native && (frames.topName === "ArrayBuffer" || frames.topName === "SharedArrayBuffer")) return "Invalid array buffer length";
    return null;
  }
  if (name === "SyntaxError") return frames.compile ? askAtSite("syntax", frames, message) : null;
  if (name === "URIError") return frames.native && URI_FUNCTIONS.indexOf(frames.topName) >= 0 ? "URI malformed" : null;
  if (name !== "TypeError") return null;
  return propertyMessage(message, frames) ?? typeErrorMessage(message, frames);
}

/** Gives an error the engine made V8's message (in place, once); returns the value. */
export function rewordError<T>(value: T): T {
  if (typeof value !== "object" || value === null || isProxy(value)) return value;
  try {
    if (reflectApply(weakSetHas, seen, [value])) return value;
    reflectApply(weakSetAdd, seen, [value]);
    const name = reflectApply(mapGet, NATIVE_ERROR_NAMES, [objectGetPrototypeOf(value)]) as string | undefined;
    const message = name === undefined ? undefined : objectGetOwnPropertyDescriptor(value, "message");
    const stack = message ? objectGetOwnPropertyDescriptor(value, "stack") : undefined;
    if (!message || typeof message.value !== "string" || !stack || typeof stack.value !== "string") return value;
    const frames = topFrame(stack.value);
    const worded = frames ? wordedAsV8(name!, message.value, frames) : null;
    if (worded !== null && worded !== message.value) {
      // A null-prototype descriptor: a program's accessors on Object.prototype must not add fields.
      const descriptor = { __proto__: null, value: worded, writable: message.writable, enumerable: message.enumerable, configurable: message.configurable };
      objectDefineProperty(value, "message", descriptor as PropertyDescriptor);
    }
  } catch {
    // A program that replaced the methods used here keeps QuickJS's wording.
  }
  return value;
}
