/**
 * How a primitive result reads, in one place for both sides of the boundary: the guest renders and
 * copies with it (src/guest/render.ts, result-copy.ts, bundled into the prelude) and the engine's
 * fast path renders a primitive it read straight out of the guest (engine/quick-finish.ts), so the
 * two can never disagree. Pure functions of the value that read no property a program could replace
 * (inside the prelude `String` is the captured built-in; JSON.stringify comes in as `quote`; no
 * template literal with a value, which QuickJS makes a call of String.prototype.concat).
 */

/** Primitives render exactly as util.inspect renders them (strings are the result text as they are). */
export function inspectPrimitive(value: unknown): string | null {
  switch (typeof value) {
    case "number":
      return isNegativeZero(value) ? "-0" : String(value);
    case "bigint":
      return String(value) + "n";
    case "boolean":
    case "undefined":
      return String(value);
    default:
      return value === null ? "null" : null;
  }
}

function isNegativeZero(value: number): boolean {
  return value === 0 && 1 / value < 0;
}

/**
 * devalue's encoding of a top-level primitive (not a symbol), without running devalue.
 * `quote` is JSON.stringify for strings (the guest passes its captured copy).
 */
export function copyPrimitive(value: unknown, quote: (text: string) => string): string {
  switch (typeof value) {
    case "undefined":
      return "-1";
    case "number":
      if (value !== value) return "-3";
      if (value === Infinity) return "-4";
      if (value === -Infinity) return "-5";
      if (isNegativeZero(value)) return "-6";
      return "[" + value + "]";
    case "bigint":
      return '[["BigInt","' + value + '"]]';
    case "string":
      return "[" + quote(value) + "]";
    default:
      return "[" + String(value) + "]";
  }
}
