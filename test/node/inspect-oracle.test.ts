/**
 * Rendering must match Node 20's util.inspect exactly (DESIGN.md §5). fast-check generates values
 * and their JavaScript source; the guest evaluates the source and we compare with util.inspect.
 */
import fc from "fast-check";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, type Interpreter } from "../../src/index.js";
import { escapeBody } from "../../src/result/wire-format.js";

let qb: Interpreter;
beforeAll(async () => {
  qb = await createInterpreter({ maxResultChars: 1_000_000 });
});
afterAll(async () => {
  await qb.dispose();
});

async function expectSameAsNode(value: unknown): Promise<void> {
  const source = fc.stringify(value);
  const result = await qb.eval(`(${source})`, { threadId: "oracle" });
  const body = typeof value === "string" ? value : inspect(value);
  expect(result.text, source).toBe(`<result>${escapeBody(body)}</result>`);
}

describe("rendering matches util.inspect", () => {
  it("for generated JSON-like and built-in values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.anything({
          maxDepth: 3,
          maxKeys: 6,
          withBigInt: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
          withObjectString: true,
        }),
        async (value) => expectSameAsNode(value),
      ),
      { numRuns: 300 },
    );
  });

  it("for long arrays, long strings and wide objects (line breaking and elision)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(fc.integer(), { minLength: 90, maxLength: 130 }),
          fc.array(fc.string({ minLength: 5, maxLength: 30 }), { minLength: 3, maxLength: 20 }),
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.oneof(fc.integer(), fc.string()), { minKeys: 4, maxKeys: 20 }),
          fc.string({ minLength: 9_990, maxLength: 10_020 }),
          fc.array(fc.array(fc.double(), { maxLength: 8 }), { maxLength: 8 }),
        ),
        async (value) => expectSameAsNode(value),
      ),
      { numRuns: 150 },
    );
  });
});
