import { formatWithOptions, inspect } from "node-inspect-extracted";

/** Where console output goes: the current eval's buffer, or nowhere between evals. */
export type ConsoleSink = (text: string) => void;

const PREFIX: Record<string, string> = { warn: "[warn] ", error: "[error] " };

export function createConsole(write: ConsoleSink): Record<string, unknown> {
  const counts = new Map<string, number>();
  const line = (level: string, args: unknown[]) => {
    write((PREFIX[level] ?? "") + formatWithOptions({}, ...args) + "\n");
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
