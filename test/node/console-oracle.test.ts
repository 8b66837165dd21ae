/**
 * The console against Node's own: console.table output captured from Node's Console, and the
 * count of output past the cap (counted without formatting) against Node's util.format.
 */
import fc from "fast-check";
import { Console } from "node:console";
import { Writable } from "node:stream";
import { format } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, type Interpreter } from "../../src/index.js";

/** What Node's console.table prints (no colors), without the final newline. */
function nodeTable(...args: unknown[]): string {
  let out = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  new Console({ stdout: stream, stderr: stream, colorMode: false }).table(...(args as [unknown, string[]?]));
  return out.replace(/\n$/, "");
}

let qb: Interpreter;
beforeAll(async () => {
  qb = await createInterpreter({ isolation: "inline", maxResultChars: 100_000 });
});
afterAll(async () => {
  await qb.dispose();
});

/** `source` is evaluated by Node and in the sandbox. */
async function expectTableAsNode(source: string, properties?: unknown[]): Promise<void> {
  const value = new Function(`return (${source})`)() as unknown;
  const expected = properties === undefined ? nodeTable(value) : nodeTable(value, properties);
  const args = properties === undefined ? source : `${source}, ${JSON.stringify(properties)}`;
  const result = await qb.eval(`console.table(${args})`);
  expect(result.error, source).toBeUndefined();
  expect(result.stdout, source).toBe(expected);
}

describe("console.table renders as Node's", () => {
  it.each([
    ["an array of objects", "[{ a: 1, b: 'x' }, { a: 22, c: [1, 2, 3, 4] }, { b: { deep: { er: 1 } } }]"],
    ["an object of objects", "({ x: { a: 1 }, y: { b: { c: { d: 1 } } }, z: { a: 'long value', b: null } })"],
    ["an array of primitives", "[1, 's', null, undefined, 2n, true, -0]"],
    ["a mix of objects and primitives", "[{ a: 1, b: { x: 1, y: 2, z: 3 } }, 5, 'five']"],
    ["an array of arrays", "[[1, 2], [3], [4, 5, 6]]"],
    ["a sparse array", "[{ a: 1 }, , { a: 3 }]"],
    ["an array with an extra property", "Object.assign([{ a: 1 }, { a: 2 }], { extra: { a: 'e' } })"],
    ["functions, dates, regexps and errors as cells", "[{ f: function named() {}, d: new Date(0), r: /re/g }, { f: () => 1 }]"],
    ["a Map", "new Map([['a', 1], [{ k: 1 }, [1, 2]], [3, new Set([1])]])"],
    ["a Set", "new Set([1, { a: 1 }, 'x', [1, 2, 3, 4, 5]])"],
    ["an empty array", "[]"],
    ["an empty object", "({})"],
    ["wide text (East Asian full width)", "[{ '日本': '語', x: 'ｘｙ' }, { '日本': 'abc' }]"],
  ])("%s", async (_label, source) => {
    await expectTableAsNode(source);
  });

  it("with a columns argument", async () => {
    await expectTableAsNode("[{ a: 1, b: 2 }, { a: 3, c: 4 }]", ["a", "c"]);
    await expectTableAsNode("[{ a: 1, b: 2 }, 7, 'x']", ["a"]);
    await expectTableAsNode("({ r1: { a: 1 }, r2: { b: 2 } })", ["b", "missing"]);
    await expectTableAsNode("[{ a: 1 }]", []);
  });

  it("falls back to console.log for what is not tabular", async () => {
    for (const source of ["1", "'a string'", "null", "undefined", "true", "10n"]) await expectTableAsNode(source);
  });

  it("refuses a columns argument that is not an array, as Node does", async () => {
    for (const [source, properties] of [
      ["[1]", "'x'"],
      ["[1]", "{}"],
      ["[1]", "5"],
      ["[1]", "null"],
    ] as const) {
      let nodeMessage = "";
      try {
        nodeTable([1], new Function(`return (${properties})`)() as string[]);
      } catch (error) {
        nodeMessage = (error as Error).message;
      }
      const result = await qb.eval(`try { console.table(${source}, ${properties}) } catch (e) { [e.name, e.code, e.message] }`);
      expect(result.value).toEqual(["TypeError", "ERR_INVALID_ARG_TYPE", nodeMessage]);
    }
  });

  it("a table larger than the output is rendered from its first rows and cut like any output", async () => {
    const small = await createInterpreter({ isolation: "inline", timeoutMs: 2000 });
    try {
      // A table that fits within twice the cap is Node's, and its cut count is exact.
      const fits = await small.eval("console.table(Array.from({ length: 250 }, (_, i) => ({ i, square: i * i })))");
      const expected = nodeTable(Array.from({ length: 250 }, (_, i) => ({ i, square: i * i })));
      expect(fits.stdout).toBe(`${expected.slice(0, 4000)}… [truncated ${expected.length - 4000} chars]`);
      const huge = await small.eval("console.table(Array.from({ length: 200_000 }, (_, i) => ({ i, square: i * i }))); 'tabled'");
      expect(huge.value).toBe("tabled");
      expect(huge.stdout).toMatch(/^┌─────────┬─────┬────────┐\n│ \(index\) │ i   │ square │\n/);
      const dropped = Number(/… \[truncated (\d+) chars\]$/.exec(huge.stdout)?.[1]);
      expect(dropped).toBeGreaterThan(200_000 * 20);
      expect(dropped).toBeLessThanOrEqual(nodeTable(Array.from({ length: 200_000 }, (_, i) => ({ i, square: i * i }))).length - 4000);
    } finally {
      await small.dispose();
    }
  });
});

describe("output past the cap is counted as Node would print it", () => {
  it("exactly, for lines of primitives", async () => {
    const small = await createInterpreter({ isolation: "inline", maxResultChars: 50 });
    try {
      const primitive = fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.double(),
        fc.integer(),
        fc.bigInt(),
        fc.boolean(),
        fc.constantFrom(null, undefined, -0),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(primitive, { maxLength: 4 }), { minLength: 40, maxLength: 80 }), async (lines) => {
          // Strings that start a line with more arguments must not hold format specifiers here.
          const safe = lines.map((args) => (args.length > 1 && typeof args[0] === "string" ? [args[0].replace(/%/g, "_"), ...args.slice(1)] : args));
          const literal = (arg: unknown) =>
            typeof arg === "string" ? JSON.stringify(arg) : typeof arg === "bigint" ? `${arg}n` : Object.is(arg, -0) ? "-0" : String(arg);
          const source = safe.map((args) => `console.log(${args.map(literal).join(", ")});`).join("\n");
          const total = safe.map((args) => `${format(...args)}\n`).join("").length - 1;
          const result = await small.eval(source);
          const dropped = Number(/… \[truncated (\d+) chars\]$/.exec(result.stdout)?.[1] ?? 0);
          expect(dropped, source).toBe(Math.max(0, total - 50));
        }),
        { numRuns: 60 },
      );
    } finally {
      await small.dispose();
    }
  });
});
