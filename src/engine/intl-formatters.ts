/**
 * The Intl bridge's host formatters, kept for reuse. Building an ICU formatter costs ~100–200 µs
 * and native memory the garbage collector barely sees: a loop of `toLocaleString(…, options)`
 * that built one per call grew the host's RSS by ~300 MiB in 4.5 s. A formatter is a pure
 * function of its locales and options, so one is kept per (kind, locales, options), the most
 * recently used MAX_FORMATTERS of them; options are keyed by name, in sorted order.
 */
import type { IntlKind } from "../intl-bridge-protocol.js";

/** How many formatters are kept at most (each is a few KB of ICU data). */
export const MAX_FORMATTERS = 64;

export type Formatter = Record<string, (...args: unknown[]) => unknown>;

const formatters = new Map<string, Formatter>();

/**
 * Option values are booleans, numbers or checked strings of [A-Za-z0-9_+-/:.], locales of
 * [A-Za-z0-9-] (intl-bridge.ts): the separators below cannot occur in them, and each value is
 * tagged with its type ("true" and true are different options).
 */
function keyOf(kind: IntlKind, locales: readonly string[], options: Record<string, unknown>): string {
  const names = Object.keys(options).sort();
  let key = `${kind}|${locales.join(",")}`;
  for (const name of names) {
    const value = options[name];
    key += `|${name}=${typeof value === "string" ? "s" : typeof value === "boolean" ? "b" : "n"}${String(value)}`;
  }
  return key;
}

/** A formatter for these locales and options, built on first use; a bad option throws as Intl does. */
export function formatterFor(kind: IntlKind, locales: readonly string[], options: Record<string, unknown>): Formatter {
  const key = keyOf(kind, locales, options);
  const kept = formatters.get(key);
  if (kept) {
    // Most recently used last: the first key is the one to forget.
    formatters.delete(key);
    formatters.set(key, kept);
    return kept;
  }
  const constructors = Intl as unknown as Record<IntlKind, new (locales: string[], options: object) => Formatter>;
  const made = new constructors[kind]([...locales], options);
  formatters.set(key, made);
  if (formatters.size > MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
  return made;
}

/** How many formatters are kept now (tests). */
export function keptFormatterCount(): number {
  return formatters.size;
}
