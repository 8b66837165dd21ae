/**
 * util.inspect for the values most results and console lines hold — plain objects and arrays of
 * primitives, a few levels deep — without the inspect chunk: compiling that into a thread costs
 * ~30 ms, this one (its own small chunk, plain-inspect/chunk.ts) ~2 ms (inspect-facade.ts). For these shapes it follows
 * node-inspect-extracted's rules with the default options the core renders with (depth 2,
 * breakLength 80, compact 3, maxArrayLength 100, maxStringLength 10,000): the single-line and
 * multi-line layouts, array grouping, `[Object]` past the depth, "... n more items". Anything else
 * returns null, and the chunk renders it: a proxy, a cycle, a key or value that needs escaping, an
 * accessor, a symbol, a hole, an object whose prototype is not Object.prototype or Array.prototype,
 * or a realm whose Object or Array a program changed in a way inspect would show (their
 * constructor, name, Symbol.toStringTag, custom inspect, Symbol.hasInstance, iterator).
 * test/shared/fast-inspect-suite.ts holds the two renderers to the same text.
 * It calls only built-ins captured before any program ran (in the chunk, the build points its reads of
 * built-ins at the image's captured ones: scripts/builtin-captures.mjs), and makes no template literal
 * with a value (QuickJS compiles one to a call of String.prototype.concat).
 */
import { inspectPrimitive } from "../result/primitive-results.js";
import { newList, type List } from "./safe-collections.js";

const reflectApply = Reflect.apply;
const ownKeys = Reflect.ownKeys;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const hasOwn = Object.hasOwn;
const isArray = Array.isArray;
const objectToString = Object.prototype.toString;
const regExpExec = RegExp.prototype.exec;
const stringIncludes = String.prototype.includes;
const stringRepeat = String.prototype.repeat;
const stringPadStart = String.prototype.padStart;
const stringPadEnd = String.prototype.padEnd;
const mathSqrt = Math.sqrt;
const mathRound = Math.round;
const mathFloor = Math.floor;
const mathMin = Math.min;
const mathMax = Math.max;
const NativeObject = Object;
const NativeArray = Array;
const OBJECT_PROTOTYPE = Object.prototype;
const ARRAY_PROTOTYPE = Array.prototype;
const FUNCTION_PROTOTYPE = Function.prototype;
const CUSTOM_INSPECT = Symbol.for("nodejs.util.inspect.custom");
const TO_STRING_TAG = Symbol.toStringTag;
const HAS_INSTANCE = Symbol.hasInstance;
const ITERATOR = Symbol.iterator;

/** The chunk's defaults (node-inspect-extracted's inspectDefaultOptions). */
const DEPTH = 2;
const BREAK_LENGTH = 80;
const COMPACT = 3;
const MAX_ARRAY_LENGTH = 100;
const MAX_STRING_LENGTH = 10_000;
/** Past this many values the chunk renders (a result this large is cut to maxResultChars anyway). */
const MAX_VALUES = 2_000;
/** Arrays longer than this go to the chunk (the check for holes and extra keys lists every key). */
const MAX_ARRAY_KEYS = 10_000;

const IDENTIFIER = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
/** What strEscape would escape (besides the quote it picks): control characters, the backslash, C1 controls, lone surrogates. */
const NEEDS_ESCAPE = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text as wide as it is long (getStringWidth's shortcut in the chunk). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const PRINTABLE_ASCII_LINES = /^[\x20-\x7e\n]*$/;

const matches = (pattern: RegExp, text: string): boolean => reflectApply(regExpExec, pattern, [text]) !== null;

const includes = (text: string, search: string): boolean => reflectApply(stringIncludes, text, [search]) as boolean;
const spaces = (count: number): string => reflectApply(stringRepeat, " ", [count]) as string;

/** strEscape for text that needs no escape: quoted as the chunk quotes it, or null. */
function quote(text: string): string | null {
  if (text.length > MAX_STRING_LENGTH || matches(NEEDS_ESCAPE, text)) return null;
  if (!includes(text, "'")) return "'" + text + "'";
  if (!includes(text, '"')) return '"' + text + '"';
  if (!includes(text, "`") && !includes(text, "${")) return "`" + text + "`";
  return null; // the chunk would escape its single quotes
}

/** The own data value of `key`, or a marker when it is an accessor. */
const ACCESSOR = {};
function dataValue(object: object, key: PropertyKey): unknown {
  const descriptor = getOwnPropertyDescriptor(object, key);
  return descriptor && hasOwn(descriptor, "value") ? descriptor.value : ACCESSOR;
}

/** Whether `prototype` and its `constructor` are as the thread started, for what inspect reads of them. */
function pristine(prototype: object, constructor: object, name: string): boolean {
  return (
    dataValue(prototype, "constructor") === constructor &&
    dataValue(constructor, "name") === name &&
    getPrototypeOf(constructor) === FUNCTION_PROTOTYPE &&
    !hasOwn(constructor, HAS_INSTANCE) &&
    !hasOwn(prototype, TO_STRING_TAG) &&
    !hasOwn(prototype, CUSTOM_INSPECT)
  );
}

function realmIsPristine(): boolean {
  return (
    pristine(OBJECT_PROTOTYPE, NativeObject, "Object") &&
    !hasOwn(OBJECT_PROTOTYPE, ITERATOR) &&
    pristine(ARRAY_PROTOTYPE, NativeArray, "Array") &&
    getPrototypeOf(ARRAY_PROTOTYPE) === OBJECT_PROTOTYPE &&
    hasOwn(ARRAY_PROTOTYPE, ITERATOR)
  );
}

/** One rendering's state: the chunk's ctx.currentDepth, the objects on the path (a cycle goes to the chunk), a count of values. */
interface Walk {
  isProxy: (value: unknown) => boolean;
  currentDepth: number;
  path: List<object>;
  values: number;
}

/** formatValue: the text of `value` at `level` (recurseTimes) and `indentation` (ctx.indentationLvl), or null. */
function formatValue(walk: Walk, value: unknown, level: number, indentation: number): string | null {
  if (++walk.values > MAX_VALUES) return null;
  if (typeof value === "string") return quote(value);
  if (typeof value !== "object" || value === null) return inspectPrimitive(value);
  if (walk.isProxy(value)) return null;
  for (let index = 0; index < walk.path.length; index++) if (walk.path[index] === value) return null;
  return isArray(value) ? formatArray(walk, value as unknown[], level, indentation) : formatObject(walk, value, level, indentation);
}

function formatObject(walk: Walk, object: object, level: number, indentation: number): string | null {
  if (getPrototypeOf(object) !== OBJECT_PROTOTYPE) return null;
  // Own enumerable data properties with plain string keys only. (The chunk reads `constructor`'s
  // `name` to tell types apart, and takes an object with a hidden `callee` for `arguments`.)
  const keys = ownKeys(object);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (typeof key !== "string" || key === "__proto__" || key === "constructor") return null;
    const descriptor = getOwnPropertyDescriptor(object, key)!;
    if (!hasOwn(descriptor, "value") || !descriptor.enumerable) return null;
  }
  // No internal slots that make it an error, a date, `arguments`… (no own symbol, so no own Symbol.toStringTag to run).
  if (reflectApply(objectToString, object, []) !== "[object Object]") return null;
  if (keys.length === 0) return "{}";
  if (level > DEPTH) return "[Object]";
  const inner = level + 1;
  walk.currentDepth = inner;
  walk.path[walk.path.length] = object;
  const output = newList<string>();
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const name = matches(IDENTIFIER, key) ? key : quote(key);
    if (name === null) return null;
    const text = formatValue(walk, dataValue(object, key), inner, indentation + 2);
    if (text === null) return null;
    output[output.length] = name + ": " + text;
  }
  walk.path.length -= 1;
  return reduceToSingleString(walk, output, output.length, "{", "}", inner, indentation);
}

function formatArray(walk: Walk, array: unknown[], level: number, indentation: number): string | null {
  if (getPrototypeOf(array) !== ARRAY_PROTOTYPE) return null;
  const length = array.length;
  // Past the depth a non-empty array is [Array], whatever it holds (no need to list its keys).
  if (level > DEPTH && length > 0) return "[Array]";
  if (length > MAX_ARRAY_KEYS) return null;
  // Only its indexes and `length`: no hole, no extra key (inspect would show those). Own keys list
  // the indexes first, ascending, then `length`, the array's first string key.
  const keys = ownKeys(array);
  if (keys.length !== length + 1 || keys[length] !== "length") return null;
  if (length === 0) return "[]";
  const inner = level + 1;
  walk.currentDepth = inner;
  walk.path[walk.path.length] = array;
  const shownCount = mathMin(MAX_ARRAY_LENGTH, length);
  const output = newList<string>();
  let allNumbers = true;
  for (let index = 0; index < shownCount; index++) {
    const item = dataValue(array, index);
    if (item === ACCESSOR) return null;
    if (typeof item !== "number" && typeof item !== "bigint") allNumbers = false;
    const text = formatValue(walk, item, inner, indentation + 2);
    if (text === null) return null;
    output[output.length] = text;
  }
  const remaining = length - shownCount;
  if (remaining > 0) {
    output[output.length] = "... " + remaining + " more item" + (remaining > 1 ? "s" : "");
    // The chunk's padding reads one element past the shown ones (`value[i]` for each output entry).
    const next = dataValue(array, shownCount);
    if (next === ACCESSOR) return null;
    if (typeof next !== "number" && typeof next !== "bigint") allNumbers = false;
  }
  walk.path.length -= 1;
  const entries = output.length;
  let lines: List<string> | null = output;
  if (entries > 6) {
    lines = groupArrayElements(output, remaining > 0, allNumbers, indentation);
    if (lines === null) return null;
  }
  return reduceToSingleString(walk, lines, entries, "[", "]", inner, indentation);
}

/**
 * An entry's width as the chunk's getStringWidth counts it, for entries of printable ASCII and line
 * breaks (a line break is zero-width): its length less its line breaks; -1 for other text.
 */
function entryWidth(entry: string): number {
  if (matches(PRINTABLE_ASCII, entry)) return entry.length;
  if (!matches(PRINTABLE_ASCII_LINES, entry)) return -1;
  let breaks = 0;
  for (let index = 0; index < entry.length; index++) if (entry[index] === "\n") breaks++;
  return entry.length - breaks;
}

const padStart = (text: string, length: number): string => reflectApply(stringPadStart, text, [length]) as string;
const padEnd = (text: string, length: number): string => reflectApply(stringPadEnd, text, [length]) as string;

/** groupArrayElements: more than six entries, as columns when they are short and alike; null when an entry's width is not known here. */
function groupArrayElements(output: List<string>, hasMore: boolean, allNumbers: boolean, indentation: number): List<string> | null {
  let totalLength = 0;
  let maxLength = 0;
  const outputLength = hasMore ? output.length - 1 : output.length;
  const separatorSpace = 2;
  const dataLength = newList<number>();
  for (let index = 0; index < outputLength; index++) {
    const width = entryWidth(output[index]!);
    if (width < 0) return null;
    dataLength[index] = width;
    totalLength += width + separatorSpace;
    if (maxLength < width) maxLength = width;
  }
  const actualMax = maxLength + separatorSpace;
  if (!(actualMax * 3 + indentation < BREAK_LENGTH && (totalLength / actualMax > 5 || maxLength <= 6))) return output;
  const averageBias = mathSqrt(actualMax - totalLength / output.length);
  const biasedMax = mathMax(actualMax - 3 - averageBias, 1);
  const columns = mathMin(mathRound(mathSqrt(2.5 * biasedMax * outputLength) / biasedMax), mathFloor((BREAK_LENGTH - indentation) / actualMax), COMPACT * 4, 15);
  if (columns <= 1) return output;
  const maxLineLength = newList<number>();
  for (let column = 0; column < columns; column++) {
    let lineMaxLength = 0;
    for (let index = column; index < outputLength; index += columns) if (dataLength[index]! > lineMaxLength) lineMaxLength = dataLength[index]!;
    maxLineLength[column] = lineMaxLength + separatorSpace;
  }
  const grouped = newList<string>();
  for (let start = 0; start < outputLength; start += columns) {
    const end = mathMin(start + columns, outputLength);
    let line = "";
    let index = start;
    for (; index < end - 1; index++) {
      const padding = maxLineLength[index - start]! + output[index]!.length - dataLength[index]!;
      line += allNumbers ? padStart(output[index]! + ", ", padding) : padEnd(output[index]! + ", ", padding);
    }
    line += allNumbers ? padStart(output[index]!, maxLineLength[index - start]! + output[index]!.length - dataLength[index]! - separatorSpace) : output[index]!;
    grouped[grouped.length] = line;
  }
  if (hasMore) grouped[grouped.length] = output[outputLength]!;
  return grouped;
}

/** reduceToSingleString (compact 3): one line when the innermost levels fit in breakLength, else one entry per line. */
function reduceToSingleString(walk: Walk, output: List<string>, entries: number, open: string, close: string, level: number, indentation: number): string {
  if (walk.currentDepth - level < COMPACT && entries === output.length) {
    const start = output.length + indentation + open.length + 10;
    if (isBelowBreakLength(output, start)) {
      const joined = output.join(", ");
      if (!includes(joined, "\n")) return open + " " + joined + " " + close;
    }
  }
  const lineStart = "\n" + spaces(indentation);
  return open + lineStart + "  " + output.join("," + lineStart + "  ") + lineStart + close;
}

function isBelowBreakLength(output: List<string>, start: number): boolean {
  let totalLength = output.length + start;
  if (totalLength + output.length > BREAK_LENGTH) return false;
  for (let index = 0; index < output.length; index++) {
    totalLength += output[index]!.length;
    if (totalLength > BREAK_LENGTH) return false;
  }
  return true;
}

/**
 * `inspect(value)` with the default options, as the inspect chunk renders it, for a plain object or
 * array of the shapes above; null for anything else (and for primitives, which render elsewhere).
 * `isProxy`: the core's proxy registry (proxy-registry.ts; a proxy goes to the chunk, which shows its target).
 */
export function fastInspect(value: unknown, isProxy: (value: unknown) => boolean): string | null {
  if (typeof value !== "object" || value === null || !realmIsPristine()) return null;
  return formatValue({ isProxy, currentDepth: 0, path: newList<object>(), values: 0 }, value, 0, 0);
}
