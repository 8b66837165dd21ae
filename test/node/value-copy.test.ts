/**
 * readValueCopy (src/result/value-copy.ts) reads a copy that is one primitive without devalue, and
 * one number without JSON.parse: it must read exactly what the full decoder reads, and refuse
 * what the full decoder refuses (the text is the guest's: forged shapes are normal input).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { readValueCopy } from "../../src/result/value-copy.js";
import { valueCodec } from "../../src/result/value-codec.js";

const LIMIT_CHARS = 2 ** 20;
const decodedFully = (text: string): unknown => valueCodec.get().parse(text);

describe("readValueCopy of one primitive", () => {
  beforeAll(() => valueCodec.load());

  const primitives = ["[2]", "[0]", "[-0]", "[-17]", "[3.25]", "[1e21]", "[1E-7]", "[-2.5e+3]", "[1e999]", "[-1e999]", "[123456789012345678901234567890]", "[0.1]", '["text"]', '["a\\"b"]', "[true]", "[false]", "[null]", "[ 1]", "[1 ]"];
  for (const text of primitives) {
    it(`reads ${text} as the full decoder does`, () => {
      const { value, note } = readValueCopy(text, LIMIT_CHARS);
      expect(Object.is(value, decodedFully(text))).toBe(true);
      expect(note).toBeNull();
    });
  }

  // Forms Number() accepts that JSON does not: the copy is unreadable, as it was through the full decoder.
  const notJson = ["[01]", "[.5]", "[5.]", "[+1]", "[0x10]", "[0b1]", "[1_000]", "[Infinity]", "[NaN]", "[1e]", "[]"];
  for (const text of notJson) {
    it(`refuses ${text}, as the full decoder does`, () => {
      expect(() => decodedFully(text)).toThrow();
      expect(() => readValueCopy(text, LIMIT_CHARS)).toThrow();
    });
  }

  it("reads a number of 100,000 digits as the full decoder does, in milliseconds", () => {
    const text = `[${"9".repeat(100_000)}]`;
    const started = performance.now();
    expect(readValueCopy(text, LIMIT_CHARS).value).toBe(decodedFully(text));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
