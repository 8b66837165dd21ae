/**
 * The journal's argument hash (src/engine/journal.ts argsHash): 64-bit FNV-1a over UTF-16 units.
 * Journals stored by other builds compare with it, so its value never changes with its form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { argsHash } from "../../src/engine/journal.js";

/** The form it had before (two 32-bit halves and a division): the reference. */
function twoHalves(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    low = (low ^ text.charCodeAt(index)) >>> 0;
    const lowProduct = low * 0x1b3;
    const carry = Math.floor(lowProduct / 0x100000000);
    high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

describe("argsHash", () => {
  it("is FNV-1a 64 (published vectors for ASCII text)", () => {
    expect(argsHash("")).toBe("cbf29ce484222325");
    expect(argsHash("a")).toBe("af63dc4c8601ec8c");
    expect(argsHash("foobar")).toBe("85944171f73967e8");
  });

  it("gives what the two-halves form gave, for any UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect(argsHash(text)).toBe(twoHalves(text));
      }),
      { numRuns: 2000 },
    );
    const large = JSON.stringify({ items: Array.from({ length: 25000 }, (_, i) => `item-${i} ✓ \u{1f600}`) });
    expect(argsHash(large)).toBe(twoHalves(large));
  });
});
