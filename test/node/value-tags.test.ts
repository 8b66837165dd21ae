// The host reads a primitive's type from its NaN-boxed tag (engine/value-tags.ts): the same
// value as asking QuickJS, for every kind of value, on the build quickbox ships.
import { describe, expect, it } from "vitest";
import { getBaseImage } from "../../src/engine/base-image.js";
import { EVAL_GLOBAL, GuestCalls } from "../../src/engine/guest-calls.js";
import { bootInstance } from "../../src/engine/instance-pool.js";
import { hasNanBoxedValues, tagOf, TAG_INT, TAG_OBJECT, TAG_STRING } from "../../src/engine/value-tags.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";

/** Guest expressions and the host value each must read as (undefined entry: not a primitive the host reads). */
const CASES: [string, { value: unknown } | null][] = [
  ["2", { value: 2 }],
  ["-7", { value: -7 }],
  ["2 ** 31 - 1", { value: 2 ** 31 - 1 }],
  ["-(2 ** 31)", { value: -(2 ** 31) }],
  ["2 ** 31", { value: 2 ** 31 }],
  ["0.1 + 0.2", { value: 0.1 + 0.2 }],
  ["-0", { value: -0 }],
  ["NaN", { value: NaN }],
  ["Infinity", { value: Infinity }],
  ["-Infinity", { value: -Infinity }],
  ["Number.MIN_VALUE", { value: Number.MIN_VALUE }],
  ["Number.MAX_VALUE", { value: Number.MAX_VALUE }],
  ["true", { value: true }],
  ["false", { value: false }],
  ["null", { value: null }],
  ["undefined", { value: undefined }],
  ['""', { value: "" }],
  ['"a\\u0000b"', { value: "a\u0000b" }],
  ['"\\ud800x"', { value: "\ud800x" }],
  ['"é😀"', { value: "é😀" }],
  ['"ab".repeat(3000) + "c"', { value: `${"ab".repeat(3000)}c` }],
  ["12345678901234567890123n", { value: 12345678901234567890123n }],
  ["-1n", { value: -1n }],
  ["0n", { value: 0n }],
  ["({ a: 1 })", null],
  ["[1, 2]", null],
  ["Symbol('s')", null],
  ["(() => 1)", null],
  ["new Number(2)", null],
];

/** One instance for every case (evaluating a literal leaves nothing behind). */
let booted: Promise<{ instance: Awaited<ReturnType<typeof bootInstance>>; calls: GuestCalls }> | null = null;
function instanceOnce() {
  booted ??= (async () => {
    const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
    const instance = await bootInstance(image, 16 * 2 ** 20);
    return { instance, calls: new GuestCalls(instance, image.pointers.rt, image.pointers.ctx) };
  })();
  return booted;
}

describe("reading a primitive by its tag", () => {
  it("this build's values are NaN-boxed as value-tags.ts reads them", async () => {
    const { instance, calls } = await instanceOnce();
    expect(hasNanBoxedValues(instance)).toBe(true);
    const tagOfExpression = (code: string) => {
      const value = calls.evalScript(code, "tag.js", EVAL_GLOBAL);
      try {
        return tagOf(instance.heapU32, value);
      } finally {
        calls.freeValue(value);
      }
    };
    expect(tagOfExpression("1 + 1")).toBe(TAG_INT);
    expect(tagOfExpression("'a' + 'b'")).toBe(TAG_STRING);
    expect(tagOfExpression("({})")).toBe(TAG_OBJECT);
  });

  it.each(CASES)("%s reads the same by its tag as by asking QuickJS its type", async (code, expected) => {
    const { calls } = await instanceOnce();
    const value = calls.evalScript(code, "case.js", EVAL_GLOBAL);
    try {
      expect(calls.takeException(value)).toBeNull();
      const byTag = calls.readPrimitive(value);
      const asked = calls.readPrimitive(value, true);
      expect(byTag).toEqual(expected);
      expect(asked).toEqual(expected);
      // toEqual treats -0 and 0 alike: Object.is does not.
      if (expected) expect(Object.is(byTag!.value, expected.value)).toBe(true);
    } finally {
      calls.freeValue(value);
    }
  });
});
