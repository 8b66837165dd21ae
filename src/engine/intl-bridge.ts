/**
 * The host side of the Intl bridge (src/intl-bridge-protocol.ts): one request string in, one
 * reply string out. The request is the guest's, so everything is
 * checked: its size, the operation (a fixed set), each locale (BCP 47 characters), each option
 * (known names, expected types, short values), each argument. The guest's defaults are "en-US"
 * (also the fallback for locales the host lacks) and UTC, never the host's own locale or zone.
 * Formatters are kept for reuse (intl-formatters.ts). Every host exception becomes an error reply.
 */
import {
  INTL_MAX_LOCALES, INTL_MAX_REQUEST_BYTES, INTL_OPS, INTL_OPTIONS, type IntlArgType, type IntlKind,
} from "../intl-bridge-protocol.js";
import { formatterFor, type Formatter } from "./intl-formatters.js";

const MAX_MESSAGE_CHARS = 300;
const MAX_REPLY_CHARS = 4 * INTL_MAX_REQUEST_BYTES;
const MAX_LIST_ITEMS = 10_000;
const LOCALE = /^[A-Za-z0-9-]{1,64}$/;
const OPTION_STRING = /^[A-Za-z0-9_+\-/:.]{0,64}$/;
const DECIMAL_STRING_CHARS = 1000;
const BIGINT = /^-?[0-9]{1,1000}$/;

class RequestError extends TypeError {}

function fail(message: string): never {
  throw new RequestError(`Intl bridge: ${message}`);
}

function checkLocales(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > INTL_MAX_LOCALES) fail("locales must be a short list");
  for (const tag of value) {
    if (typeof tag !== "string" || !LOCALE.test(tag)) throw new RangeError("Incorrect locale information provided");
  }
  return value as string[];
}

function checkOptions(kind: IntlKind | null, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail("options must be an object");
  const allowed = kind ? INTL_OPTIONS[kind] : {};
  const options: Record<string, unknown> = Object.create(null);
  for (const [key, option] of Object.entries(value)) {
    if (!Object.hasOwn(allowed, key)) fail(`unknown option ${JSON.stringify(key.slice(0, 40))}`);
    const type = allowed[key]!;
    if (typeof option === "string" && type !== "boolean" && type !== "number") {
      if (!OPTION_STRING.test(option)) throw new RangeError(`Value ${option.slice(0, 64)} out of range for ${key}`);
    } else if (typeof option === "boolean" && (type === "boolean" || type === "string|boolean")) {
      // as is
    } else if ((typeof option === "number" || option === null) && type === "number") {
      // null is NaN (JSON has no NaN): Intl throws its own RangeError
    } else fail(`option ${key} has the wrong type`);
    options[key] = option === null ? NaN : option;
  }
  return options;
}

type Numeric = number | bigint | string;

function checkArg(type: IntlArgType, value: unknown): Numeric | string[] {
  switch (type) {
    case "num": {
      if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== "string") fail("a number argument is malformed");
      const [tag, text] = value as [unknown, string];
      if (tag === "n") {
        const number = text === "-0" ? -0 : Number(text);
        if (text !== "-0" && String(number) !== text) fail("a number argument is malformed");
        return number;
      }
      if (tag === "b" && BIGINT.test(text)) return BigInt(text);
      if (tag === "s" && text.length <= DECIMAL_STRING_CHARS) return text;
      return fail("a number argument is malformed");
    }
    case "time":
      if (value === null) return NaN;
      if (typeof value !== "number") fail("a time argument is malformed");
      return value as number;
    case "str":
      if (typeof value !== "string") fail("a string argument is malformed");
      return value as string;
    case "strs":
      if (!Array.isArray(value) || value.length > MAX_LIST_ITEMS || !value.every((item) => typeof item === "string")) fail("a list argument is malformed");
      return value as string[];
  }
}

const DATE_FIELDS = ["weekday", "year", "month", "day"];
const TIME_FIELDS = ["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"];
const NUMERIC = "numeric";

/**
 * The options Date.prototype.toLocale(Date|Time|)String builds its formatter with (ECMA-402
 * ToDateTimeOptions): without any field of the kind the method requires, nor a style, it adds
 * that kind's defaults. Null: a style the method refuses, left to the host to throw about.
 */
function dateMethodOptions(method: string, options: Record<string, unknown>): Record<string, unknown> | null {
  const required = method === "toLocaleDateString" ? "date" : method === "toLocaleTimeString" ? "time" : "any";
  if ((required === "date" && options.timeStyle !== undefined) || (required === "time" && options.dateStyle !== undefined)) return null;
  const has = (fields: string[]) => fields.some((field) => options[field] !== undefined);
  if (options.dateStyle !== undefined || options.timeStyle !== undefined) return options;
  if ((required !== "time" && has(DATE_FIELDS)) || (required !== "date" && has(TIME_FIELDS))) return options;
  const defaults = required === "date" ? ["year", "month", "day"] : required === "time" ? ["hour", "minute", "second"] : ["year", "month", "day", "hour", "minute", "second"];
  const completed: Record<string, unknown> = Object.assign(Object.create(null) as object, options);
  for (const field of defaults) completed[field] = NUMERIC;
  return completed;
}

/**
 * Every operation is answered by a kept formatter (intl-formatters.ts): the locale methods are
 * the formatter the language defines them with. The guest's defaults are spelled out, so nothing
 * depends on the host: locales end with "en-US" (never the host's default locale) and dates are
 * in UTC unless the program names a zone (the host's zone may change while it runs: process.env.TZ).
 */
function execute(op: string, kind: IntlKind | null, locales: string[], options: Record<string, unknown>, args: unknown[]): string {
  const [owner, method] = op.split(".") as [string, string | undefined];
  if (kind === null) return JSON.stringify(Intl.getCanonicalLocales(locales));
  if (method === "supportedLocalesOf") {
    return JSON.stringify((Intl as unknown as Record<string, { supportedLocalesOf(l: string[]): string[] }>)[kind]!.supportedLocalesOf(locales));
  }
  const requested = [...locales, "en-US"];
  if (kind === "DateTimeFormat" && options.timeZone === undefined) options.timeZone = "UTC";
  switch (op) {
    case "String.localeCompare":
      return String(Math.sign(formatterFor(kind, requested, options).compare!(args[0], args[1]) as number));
    case "Date.toLocaleString":
    case "Date.toLocaleDateString":
    case "Date.toLocaleTimeString": {
      // As the language says, before the options are even read.
      if (Number.isNaN(args[0])) return "Invalid Date";
      // Refused options: the host's own method says how, in its own words (it throws).
      const refused = () => String((new Date(args[0] as number) as unknown as Formatter)[method!]!(requested, options));
      const completed = dateMethodOptions(method!, options);
      if (!completed) return refused();
      let formatter: Formatter;
      try {
        formatter = formatterFor(kind, requested, completed);
      } catch {
        return refused();
      }
      return String(formatter.format!(args[0]));
    }
  }
  const formatter = formatterFor(kind, requested, options);
  const name = owner === "Number" ? "format" : method!;
  if (name === "resolvedOptions") return JSON.stringify(formatter.resolvedOptions!());
  const fn = formatter[name];
  if (typeof fn !== "function") throw new TypeError(`Intl.${kind}.prototype.${name} is not available on this host`);
  const result = Reflect.apply(fn, formatter, args);
  return typeof result === "string" ? result : typeof result === "number" ? String(Math.sign(result)) : JSON.stringify(result);
}

/** Answers one bridge request (the text the guest sent); never throws. */
export function answerIntlRequest(text: string): string {
  try {
    if (typeof Intl !== "object" || Intl === null) throw new RangeError("Intl is not available on this host");
    if (text.length > INTL_MAX_REQUEST_BYTES) fail("request too large");
    const request: unknown = JSON.parse(text);
    if (typeof request !== "object" || request === null || Array.isArray(request)) fail("malformed request");
    const { op, locales, options, args } = request as Record<string, unknown>;
    if (typeof op !== "string" || !Object.hasOwn(INTL_OPS, op)) fail("unknown operation");
    const spec = INTL_OPS[op]!;
    if (!Array.isArray(args) || args.length !== spec.args.length) fail(`${op} takes ${spec.args.length} argument(s)`);
    const checkedArgs = spec.args.map((type, index) => checkArg(type, args[index]));
    const reply = execute(op, spec.kind, checkLocales(locales), checkOptions(spec.kind, options), checkedArgs);
    if (reply.length > MAX_REPLY_CHARS) throw new RangeError("Intl: the result is too large");
    return "=" + reply;
  } catch (error) {
    let message = "Intl: the host could not answer";
    try {
      if (error instanceof Error) message = String(error.message).slice(0, MAX_MESSAGE_CHARS);
    } catch {
      // keep the default
    }
    return (error instanceof TypeError ? "T" : "R") + message;
  }
}
