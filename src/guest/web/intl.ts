/**
 * Intl, toLocaleString and localeCompare for the guest, answered by the host's own Intl through
 * the bridge (src/intl-bridge-protocol.ts). The guest lives in UTC and in "en-US" unless a program
 * asks otherwise; dates are the guest's own time values (its clock, never the host's).
 */
import { INTL_MAX_LOCALES, INTL_MAX_REQUEST_BYTES, INTL_OPTIONS, type IntlKind } from "../../intl-bridge-protocol.js";
import { hostIntl, jsonParse, jsonStringify, reflectApply, type LocaleMethods } from "./chunk-link.js";

const dateNow = Date.now;
const dateGetTime = Date.prototype.getTime;
const numberValueOf = Number.prototype.valueOf;
const bigintValueOf = BigInt.prototype.valueOf;
/** Longer comparisons skip the bridge and compare code units (a sort must not fail). */
const MAX_COMPARE_CHARS = 16384;

type Options = Record<string, unknown>;

/** The request text up to its arguments: built once per formatter and operation. */
function requestPrefix(op: string, locales: string[], options: Options): string {
  return `{"op":${jsonStringify(op)},"locales":${jsonStringify(locales)},"options":${jsonStringify(options)},"args":`;
}

/** Asks the host; `argsJson` is the JSON array of arguments. */
function ask(prefix: string, argsJson: string): string {
  if (typeof hostIntl !== "function") throw new RangeError("Intl is not available in this interpreter");
  if (prefix.length + argsJson.length >= INTL_MAX_REQUEST_BYTES) throw new RangeError(`Intl: arguments too large (over ${INTL_MAX_REQUEST_BYTES} bytes)`);
  const reply = reflectApply(hostIntl, undefined, [prefix + argsJson + "}"]);
  if (typeof reply !== "string" || reply === "") throw new RangeError("Intl: the host gave no answer");
  const body = reply.slice(1);
  if (reply[0] === "=") return body;
  if (reply[0] === "T") throw new TypeError(body);
  throw new RangeError(body);
}

function callHost(op: string, locales: string[], options: Options, args: unknown[]): string {
  return ask(requestPrefix(op, locales, options), jsonStringify(args));
}

const NO_LOCALES: string[] = [];
const NO_OPTIONS: Options = {};
const DEFAULT_PREFIXES: Record<string, string> = {};
/** The request prefix for `op` with `locales` and `options` as the program gave them. */
function prefixFor(op: string, kind: IntlKind, locales: unknown, options: unknown): string {
  if (locales === undefined && options === undefined) return (DEFAULT_PREFIXES[op] ??= requestPrefix(op, NO_LOCALES, NO_OPTIONS));
  return requestPrefix(op, localeList(locales), readOptions(kind, options));
}

function localeList(locales: unknown): string[] {
  if (locales === undefined) return [];
  if (typeof locales === "string") return [locales];
  if (locales === null) throw new TypeError("Cannot convert undefined or null to object");
  const list = Object(locales) as ArrayLike<unknown>;
  const length = Math.min(Number(list.length) || 0, INTL_MAX_LOCALES + 1);
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    if (!(i in list)) continue;
    const tag = list[i];
    if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) throw new TypeError("Language ID should be string or object.");
    out.push(String(tag));
  }
  if (out.length > INTL_MAX_LOCALES) throw new RangeError(`Intl: at most ${INTL_MAX_LOCALES} locales`);
  return out;
}

function readOptions(kind: IntlKind, options: unknown): Options {
  if (options === undefined) return {};
  if (options === null) throw new TypeError("Cannot convert undefined or null to object");
  const source = Object(options) as Options;
  const out: Options = {};
  for (const [key, type] of Object.entries(INTL_OPTIONS[kind])) {
    const value = source[key];
    if (value === undefined) continue;
    if (type === "boolean") out[key] = Boolean(value);
    else if (type === "number") out[key] = Number(value);
    else if (type === "string|boolean" && typeof value === "boolean") out[key] = value;
    else out[key] = String(value);
  }
  return out;
}

/** ToIntlMathematicalValue: BigInts and decimal strings keep their precision. */
function numericArg(value: unknown): [string, string] {
  let primitive = value;
  if ((typeof value === "object" && value !== null) || typeof value === "function") {
    try {
      primitive = reflectApply(bigintValueOf, value, []);
    } catch {
      primitive = Number(value);
    }
  }
  if (typeof primitive === "bigint") return ["b", String(primitive)];
  if (typeof primitive === "string") return ["s", primitive];
  const number = Number(primitive);
  return ["n", Object.is(number, -0) ? "-0" : String(number)];
}

const timeArg = (date: unknown): number => (date === undefined ? (reflectApply(dateNow, Date, []) as number) : Number(date));

function stringList(iterable: unknown): string[] {
  if (iterable === undefined) return [];
  const out: string[] = [];
  for (const item of iterable as Iterable<unknown>) {
    if (typeof item !== "string") throw new TypeError(`Iterable yielded ${String(item)} which is not a string`);
    out.push(item);
  }
  return out;
}

interface IntlState {
  kind: IntlKind;
  locales: string[];
  options: Options;
  resolved: string;
  prefixes: Record<string, string>;
  asciiMode?: AsciiMode;
  bound?: unknown;
}
const states = new WeakMap<object, IntlState>();

function stateOf(value: unknown, kind: IntlKind, method: string): IntlState {
  const state = typeof value === "object" && value !== null ? states.get(value) : undefined;
  if (!state || state.kind !== kind) throw new TypeError(`Method Intl.${kind}.prototype.${method} called on incompatible receiver`);
  return state;
}

/**
 * ICU's root collation (what "en" uses) on printable ASCII and \t-\r: one primary weight per
 * character, in this order (upper and lower case share one); lower case sorts first at the third
 * level. Two such strings compare here, without the bridge; anything else asks the host.
 */
const ASCII_COLLATION_ORDER = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz";
const PRIMARY = new Uint8Array(128);
// Built when the chunk loads, after programs ran: with captured methods only (scripts/builtin-captures.mjs).
for (let index = 0; index < ASCII_COLLATION_ORDER.length; index++) {
  const code = String.prototype.charCodeAt.call(ASCII_COLLATION_ORDER, index);
  PRIMARY[code] = index + 1;
  // Upper and lower case share a place.
  if (code >= 0x61 && code <= 0x7a) PRIMARY[code - 0x20] = index + 1;
}
/** 0: ask the host; 1: primary level only (sensitivity base or accent); 2: all levels. */
type AsciiMode = 0 | 1 | 2;

function asciiMode(locales: string[], options: Options): AsciiMode {
  if (locales.length > 0 && !/^en(-[A-Za-z]{2})?$/.test(locales[0]!)) return 0;
  let mode: AsciiMode = 2;
  for (const [key, value] of Object.entries(options)) {
    if (key === "localeMatcher" || (key === "usage" && value === "sort")) continue;
    if (key !== "sensitivity") return 0;
    if (value === "base" || value === "accent") mode = 1;
    else if (value !== "variant") return 0;
  }
  return mode;
}

function asciiCompare(left: string, right: string, mode: AsciiMode): number | null {
  const length = Math.max(left.length, right.length);
  let caseOrder = 0;
  let primaryOrder = 0;
  for (let i = 0; i < length; i++) {
    const x = left.charCodeAt(i);
    const y = right.charCodeAt(i);
    const px = x < 128 ? PRIMARY[x]! : 0;
    const py = y < 128 ? PRIMARY[y]! : 0;
    if ((px === 0 && i < left.length) || (py === 0 && i < right.length)) return null;
    if (primaryOrder !== 0 || x === y) continue;
    if (px !== py) primaryOrder = i >= left.length ? -1 : i >= right.length ? 1 : px < py ? -1 : 1;
    else if (caseOrder === 0) caseOrder = x > y ? -1 : 1;
  }
  return primaryOrder !== 0 ? primaryOrder : mode === 2 ? caseOrder : 0;
}

function compareStrings(prefix: string, mode: AsciiMode, a: unknown, b: unknown): number {
  const left = String(a);
  const right = String(b);
  if (left === right) return 0;
  if (left.length + right.length > MAX_COMPARE_CHARS) return left < right ? -1 : 1;
  const fast = mode === 0 ? null : asciiCompare(left, right, mode);
  return fast ?? Number(ask(prefix, `[${jsonStringify(left)},${jsonStringify(right)}]`));
}

type Method = (state: IntlState, args: unknown[]) => unknown;

/** One Intl constructor: state from the host's validation, methods that call the host. */
function defineKind(kind: IntlKind, callable: boolean, methods: Record<string, Method>, boundName?: string, bound?: Method): Function {
  const Constructor = function (this: object, ...args: unknown[]): object {
    if (!new.target) {
      if (!callable) throw new TypeError(`Constructor Intl.${kind} requires 'new'`);
      return new (Constructor as unknown as new (...a: unknown[]) => object)(...args);
    }
    const locales = localeList(args[0]);
    const options = readOptions(kind, args[1]);
    // The host validates now, as Intl does: a bad locale or option throws here.
    const resolved = callHost(`${kind}.resolvedOptions`, locales, options, []);
    states.set(this, { kind, locales, options, resolved, prefixes: Object.create(null) as Record<string, string> });
    return this;
  };
  Object.defineProperty(Constructor, "name", { value: kind });
  Object.defineProperty(Constructor, "length", { value: 0 });
  const prototype = Constructor.prototype as object;
  // Run when the chunk loads (createIntl), after programs ran: no array iterator.
  const entries = Object.entries(methods);
  for (let index = 0; index < entries.length; index++) {
    const name = entries[index]![0];
    const method = entries[index]![1];
    Object.defineProperty(prototype, name, {
      value: {
        [name](this: unknown, ...args: unknown[]) {
          return method(stateOf(this, kind, name), args);
        },
      }[name],
      writable: true,
      configurable: true,
    });
  }
  if (boundName && bound) {
    Object.defineProperty(prototype, boundName, {
      get(this: unknown) {
        const state = stateOf(this, kind, boundName);
        state.bound ??= (...args: unknown[]) => bound(state, args);
        return state.bound;
      },
      configurable: true,
    });
  }
  Object.defineProperty(prototype, "resolvedOptions", {
    value: function resolvedOptions(this: unknown) {
      return jsonParse(stateOf(this, kind, "resolvedOptions").resolved);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, Symbol.toStringTag, { value: `Intl.${kind}`, configurable: true });
  Object.defineProperty(Constructor, "supportedLocalesOf", {
    value: function supportedLocalesOf(locales: unknown) {
      return jsonParse(callHost(`${kind}.supportedLocalesOf`, localeList(locales), {}, []));
    },
    writable: true,
    configurable: true,
  });
  return Constructor;
}

function call(state: IntlState, op: string, args: unknown[]): string {
  const prefix = (state.prefixes[op] ??= requestPrefix(`${state.kind}.${op}`, state.locales, state.options));
  return ask(prefix, jsonStringify(args));
}
const parts = (state: IntlState, op: string, args: unknown[]): unknown => jsonParse(call(state, op, args));

export function createIntl(): object {
  const Intl = {};
  const define = (name: string, value: unknown): void => {
    Object.defineProperty(Intl, name, { value, writable: true, configurable: true });
  };
  define("NumberFormat", defineKind("NumberFormat", true, {
    formatToParts: (s, [x]) => parts(s, "formatToParts", [numericArg(x)]),
    formatRange: (s, [x, y]) => call(s, "formatRange", [numericArg(x), numericArg(y)]),
    formatRangeToParts: (s, [x, y]) => parts(s, "formatRangeToParts", [numericArg(x), numericArg(y)]),
  }, "format", (s, [x]) => call(s, "format", [numericArg(x)])));
  define("DateTimeFormat", defineKind("DateTimeFormat", true, {
    formatToParts: (s, [d]) => parts(s, "formatToParts", [timeArg(d)]),
    formatRange: (s, [a, b]) => call(s, "formatRange", [Number(a), Number(b)]),
    formatRangeToParts: (s, [a, b]) => parts(s, "formatRangeToParts", [Number(a), Number(b)]),
  }, "format", (s, [d]) => call(s, "format", [timeArg(d)])));
  define("Collator", defineKind("Collator", true, {}, "compare", (s, [a, b]) => {
    const prefix = (s.prefixes.compare ??= requestPrefix("Collator.compare", s.locales, s.options));
    s.asciiMode ??= asciiMode(s.locales, s.options);
    return compareStrings(prefix, s.asciiMode, a, b);
  }));
  define("PluralRules", defineKind("PluralRules", false, { select: (s, [n]) => call(s, "select", [numericArg(Number(n))]) }));
  define("RelativeTimeFormat", defineKind("RelativeTimeFormat", false, {
    format: (s, [value, unit]) => call(s, "format", [numericArg(Number(value)), String(unit)]),
    formatToParts: (s, [value, unit]) => parts(s, "formatToParts", [numericArg(Number(value)), String(unit)]),
  }));
  define("ListFormat", defineKind("ListFormat", false, {
    format: (s, [list]) => call(s, "format", [stringList(list)]),
    formatToParts: (s, [list]) => parts(s, "formatToParts", [stringList(list)]),
  }));
  define("getCanonicalLocales", function getCanonicalLocales(locales: unknown) {
    return jsonParse(callHost("getCanonicalLocales", localeList(locales), {}, []));
  });
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });
  return Intl;
}

/** toLocaleString & co. for the builtin prototypes, through the same bridge (the core's methods call these). */
export function localeMethods(): LocaleMethods {
  const dateMethod = (name: string) =>
    function (this: unknown, ...args: unknown[]): string {
      const time = reflectApply(dateGetTime, this, []) as number;
      return ask(prefixFor(`Date.${name}`, "DateTimeFormat", args[0], args[1]), jsonStringify([time]));
    };
  return {
    numberToLocaleString(this: unknown, ...args: unknown[]) {
      const value = reflectApply(numberValueOf, this, []) as number;
      return ask(prefixFor("Number.toLocaleString", "NumberFormat", args[0], args[1]), jsonStringify([numericArg(value)]));
    },
    bigintToLocaleString(this: unknown, ...args: unknown[]) {
      const value = reflectApply(bigintValueOf, this, []) as bigint;
      return ask(prefixFor("NumberFormat.format", "NumberFormat", args[0], args[1]), jsonStringify([numericArg(value)]));
    },
    dateToLocaleString: dateMethod("toLocaleString"),
    dateToLocaleDateString: dateMethod("toLocaleDateString"),
    dateToLocaleTimeString: dateMethod("toLocaleTimeString"),
    localeCompare(this: unknown, that: unknown, ...rest: unknown[]) {
      if (this === undefined || this === null) throw new TypeError("String.prototype.localeCompare called on null or undefined");
      if (rest[0] === undefined && rest[1] === undefined) return compareStrings(prefixFor("String.localeCompare", "Collator", undefined, undefined), 2, this, that);
      const locales = localeList(rest[0]);
      const options = readOptions("Collator", rest[1]);
      return compareStrings(requestPrefix("String.localeCompare", locales, options), asciiMode(locales, options), this, that);
    },
  };
}
