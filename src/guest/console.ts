import { consoleTable, formatWithOptions, inspect, inspectPlain } from "./inspect-facade.js";
import { COUNT, type OutputBuffer } from "./output-buffer.js";
import { indexOf } from "./intrinsics.js";

/** The guest's console and how the prelude points it at the current eval's buffer. */
export interface GuestConsole {
  console: Record<string, unknown>;
  attach(buffer: OutputBuffer): void;
}

const PREFIX: Record<string, string> = { warn: "[warn] ", error: "[error] " };
const isArray = Array.isArray;

/**
 * Node's console formatting for the common case of primitives, plain objects and arrays without
 * format specifiers, without going through util.format (a flood of console.log must stay cheap,
 * and a thread that logs `{ id: 1 }` need not load the inspect chunk: fast-inspect.ts). Built by
 * hand and with the captured indexOf, and no template literal with a value (a call of
 * String.prototype.concat): a program may have replaced the array and string methods.
 */
function formatPlainArguments(args: unknown[]): string | null {
  // A format string's specifiers need util.format (a lone string is printed as it is, `%` and all).
  if (args.length > 1 && typeof args[0] === "string" && indexOf(args[0], "%") !== -1) return null;
  let line = "";
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    let part: string;
    switch (typeof arg) {
      case "string":
        part = arg;
        break;
      case "number":
        part = arg === 0 && 1 / arg < 0 ? "-0" : String(arg);
        break;
      case "bigint":
        part = String(arg) + "n";
        break;
      case "boolean":
      case "undefined":
        part = String(arg);
        break;
      default:
        if (arg === null) part = "null";
        else {
          const text = typeof arg === "object" ? inspectPlain(arg) : null;
          if (text === null) return null;
          part = text;
        }
    }
    line = index === 0 ? part : line + " " + part;
  }
  return line;
}

/** What one argument adds to a line, unformatted: exact for primitives, `{}` for objects and functions. */
function argumentChars(arg: unknown): number {
  const type = typeof arg;
  if (type === "string") return (arg as string).length;
  if (type === "number") return String(arg).length + (arg === 0 && 1 / (arg as number) < 0 ? 1 : 0); // -0
  if (type === "boolean") return arg ? 4 : 5;
  if (type === "undefined") return 9;
  if (type === "bigint") return String(arg).length + 1;
  if (type === "symbol") return String(arg).length;
  return arg === null ? 4 : 2;
}

/**
 * A line whose first argument is a format string holding `%`: the string without its specifiers
 * (each takes at most two units and one argument), the newline, and the arguments no specifier
 * can have consumed. Never more than the real count.
 */
function formatLineChars(args: unknown[], format: string, firstPercent: number): number {
  let specifiers = 0;
  for (let at = firstPercent; at !== -1; at = format.indexOf("%", at + 2)) specifiers++;
  const kept = format.length - 2 * specifiers;
  let chars = (kept > 0 ? kept : 0) + 1;
  for (let i = 1 + specifiers; i < args.length; i++) chars += 1 + argumentChars(args[i]);
  return chars;
}

/**
 * The units console.log(...args) would print, newline included, counted instead of formatted
 * once the output is long (OutputBuffer, mode COUNT). Exact for strings, numbers, bigints,
 * booleans, null, undefined and symbols; otherwise never more than the real count: an object or
 * function counts as its shortest rendering (`{}`), a format string as formatLineChars says.
 */
export function lineChars(args: unknown[]): number {
  const count = args.length;
  const first = args[0];
  if (count > 1 && typeof first === "string") {
    const percent = first.indexOf("%");
    if (percent !== -1) return formatLineChars(args, first, percent);
  }
  let chars = count > 0 ? count : 1; // the separators and the newline
  for (let i = 0; i < count; i++) chars += argumentChars(args[i]);
  return chars;
}

/** Node's ERR_INVALID_ARG_TYPE for console.table's second argument. */
function invalidProperties(value: unknown): TypeError {
  let received: string;
  if (value == null) received = String(value);
  else if (typeof value === "function" && value.name) received = `function ${value.name}`;
  else if (typeof value === "object") {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    received = typeof name === "string" && name ? `an instance of ${name}` : inspect(value, { depth: -1 });
  } else {
    const inspected = inspect(value, { colors: false });
    received = `type ${typeof value} (${inspected.length > 28 ? `${inspected.slice(0, 25)}...` : inspected})`;
  }
  const error = new TypeError(`The "properties" argument must be an instance of Array. Received ${received}`);
  (error as TypeError & { code: string }).code = "ERR_INVALID_ARG_TYPE";
  return error;
}

export function createConsole(initial: OutputBuffer): GuestConsole {
  const counts = new Map<string, number>();
  /** The current eval's buffer: a closure variable, the cheapest thing a call can read. */
  let current = initial;
  const line = (level: string, args: unknown[]) => {
    const buffer = current;
    const prefix = PREFIX[level] ?? "";
    if (buffer.mode === COUNT) buffer.countedChars += prefix.length + lineChars(args);
    else buffer.append(prefix + (formatPlainArguments(args) ?? formatWithOptions({}, args)) + "\n");
  };
  const method = (level: string) => {
    const prefixChars = (PREFIX[level] ?? "").length;
    return ({
      [level](...args: unknown[]) {
        // Past the cap a call only counts. A flood is this path, 200,000 times: strings and
        // numbers are counted right here (QuickJS pays for every operation and call).
        const buffer = current;
        if (buffer.mode !== COUNT) return line(level, args);
        const count = args.length;
        if (count === 1) {
          const arg = args[0];
          const type = typeof arg;
          if (type === "number") {
            if (arg !== 0) return void (buffer.countedChars += prefixChars + String(arg).length + 1);
          } else if (type === "string") return void (buffer.countedChars += prefixChars + (arg as string).length + 1);
          else if (type === "object" && arg !== null) return void (buffer.countedChars += prefixChars + 3); // `{}` and the newline
        }
        let chars = prefixChars + (count > 0 ? count : 1);
        for (let i = 0; i < count; i++) {
          const arg = args[i];
          if (typeof arg === "string") {
            const percent = i === 0 && count > 1 ? arg.indexOf("%") : -1;
            if (percent !== -1) return void (buffer.countedChars += prefixChars + formatLineChars(args, arg, percent));
            chars += arg.length;
          } else if (typeof arg === "number" && arg !== 0) chars += String(arg).length;
          else if (typeof arg === "object" && arg !== null) chars += 2; // at its shortest, `{}`
          else return void (buffer.countedChars += prefixChars + lineChars(args));
        }
        buffer.countedChars += chars;
      },
    })[level]!;
  };
  const guestConsole: Record<string, unknown> = {
    log: method("log"),
    info: method("info"),
    debug: method("debug"),
    warn: method("warn"),
    error: method("error"),
    trace: method("log"),
    dir(value: unknown, options?: unknown) {
      const buffer = current;
      // A string is quoted; nothing renders shorter than one unit (and the newline).
      if (buffer.mode === COUNT) buffer.countedChars += typeof value === "string" ? value.length + 3 : lineChars([value]);
      else buffer.append(inspect(value, (options ?? {}) as Record<string, unknown>) + "\n");
    },
    assert(condition: unknown, ...args: unknown[]) {
      if (!condition) line("error", ["Assertion failed" + (args.length ? ":" : ""), ...args]);
    },
    count(label: unknown = "default") {
      const key = String(label);
      const next = (counts.get(key) ?? 0) + 1;
      counts.set(key, next);
      line("log", [`${key}: ${next}`]);
    },
    countReset(label: unknown = "default") {
      counts.delete(String(label));
    },
    table(data: unknown, properties?: unknown) {
      if (properties !== undefined && !isArray(properties)) throw invalidProperties(properties);
      const buffer = current;
      if (buffer.mode === COUNT) {
        buffer.countedChars += lineChars([data]);
        return;
      }
      // Rows past what the head and the exact count can still use are not rendered (see consoleTable).
      const rendered = consoleTable(data, properties as unknown[] | undefined, 2 * buffer.limitChars - buffer.totalChars);
      if ("log" in rendered) return line("log", rendered.log);
      buffer.append(rendered.text + "\n");
      buffer.count(rendered.uncountedChars);
    },
  };
  return {
    console: guestConsole,
    attach(buffer: OutputBuffer) {
      current = buffer;
    },
  };
}
