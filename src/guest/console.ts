import { formatWithOptions, inspect } from "node-inspect-extracted";

/** Where console output goes: the current eval's buffer, or nowhere between evals. */
export type ConsoleSink = (text: string) => void;

const PREFIX: Record<string, string> = { warn: "[warn] ", error: "[error] " };

/**
 * Node's console formatting for the common case of primitives without format specifiers,
 * without going through util.format (a flood of console.log must stay cheap).
 */
function formatPrimitives(args: unknown[]): string | null {
  if (typeof args[0] === "string" && args[0].includes("%")) return null;
  const parts: string[] = [];
  for (const arg of args) {
    switch (typeof arg) {
      case "string":
        parts.push(arg);
        break;
      case "number":
        parts.push(Object.is(arg, -0) ? "-0" : String(arg));
        break;
      case "bigint":
        parts.push(`${arg}n`);
        break;
      case "boolean":
      case "undefined":
        parts.push(String(arg));
        break;
      default:
        if (arg !== null) return null;
        parts.push("null");
    }
  }
  return parts.join(" ");
}

export function createConsole(write: ConsoleSink): Record<string, unknown> {
  const counts = new Map<string, number>();
  const line = (level: string, args: unknown[]) => {
    write((PREFIX[level] ?? "") + (formatPrimitives(args) ?? formatWithOptions({}, ...args)) + "\n");
  };
  const method = (level: string) =>
    ({
      [level](...args: unknown[]) {
        line(level, args);
      },
    })[level]!;
  const guestConsole: Record<string, unknown> = {
    log: method("log"),
    info: method("info"),
    debug: method("debug"),
    warn: method("warn"),
    error: method("error"),
    trace: method("log"),
    dir(value: unknown, options?: unknown) {
      write(inspect(value, (options ?? {}) as object) + "\n");
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
    table(data: unknown) {
      line("log", [data]);
    },
  };
  return guestConsole;
}
