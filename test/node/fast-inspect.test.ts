/**
 * The core's renderer for plain objects and arrays (src/guest/fast-inspect.ts), which spares a
 * thread the inspect chunk: against Node's util.inspect (run in this realm, where its module works
 * as it does in the guest: it calls only built-ins it captured), against the chunk it stands in for
 * (the same values in a thread whose realm sends every rendering to the chunk), and in realms a
 * program changed (what inspect shows of the change is shown; what it does not read changes nothing).
 */
import fc from "fast-check";
import { inspect } from "node:util";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastInspect as fastInspectWith } from "../../src/guest/fast-inspect.js";
import { createInterpreter, type Interpreter } from "../../src/index.js";
import { escapeBody } from "../../src/result/wire-format.js";

/** In this realm no proxy is made by the guest's registry: none is one (the thread tests below cover proxies). */
const fastInspect = (value: unknown): string | null => fastInspectWith(value, () => false);

/** Printable ASCII without the quote and the backslash: text the fast path never declines. */
const plainText = fc.stringMatching(/^[ -&(-[\]-~]{0,40}$/);
const plainKey = fc.oneof(fc.stringMatching(/^[a-zA-Z_][a-zA-Z_0-9]{0,9}$/), fc.stringMatching(/^[ -&(-[\]-~]{0,12}$/)).filter((key) => key !== "__proto__" && key !== "constructor");
const { value: plainValue } = fc.letrec<{ value: unknown; primitive: unknown; array: unknown; object: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, tie("primitive"), tie("array"), tie("object")),
  primitive: fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.boolean(), fc.constant(null), fc.constant(undefined), plainText),
  array: fc.oneof(
    fc.array(tie("value"), { maxLength: 10 }),
    fc.array(fc.integer({ min: -1000, max: 100_000 }), { maxLength: 130 }),
    fc.array(plainText, { maxLength: 40 }),
    fc.array(fc.oneof(fc.integer({ min: 0, max: 99 }), fc.bigInt({ min: 0n, max: 99n })), { minLength: 7, maxLength: 110 }),
  ),
  object: fc.dictionary(plainKey, tie("value"), { maxKeys: 8, noNullPrototype: true }),
}));
/** Anything JSON-like, with text that needs escapes, quotes of every kind, wide and astral characters. */
const { value: widerValue } = fc.letrec<{ value: unknown; array: unknown; object: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.oneof(fc.string({ unit: "binary", maxLength: 30 }), fc.constantFrom("it's", 'say "hi"', "it's \"both\"", "`${x}` it's \"q\"", "日本語", "😀"), fc.double(), fc.constant(undefined)), tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 12 }),
  object: fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), tie("value"), { maxKeys: 6, noNullPrototype: true }),
}));

describe("fastInspect against Node's util.inspect", () => {
  it("renders every plain value exactly as util.inspect (it declines none)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(plainValue, { maxLength: 8 }), fc.dictionary(plainKey, plainValue, { maxKeys: 8, noNullPrototype: true })), (value) => {
        expect(fastInspect(value)).toBe(inspect(value));
      }),
      { numRuns: 1500 },
    );
  });

  it("renders what it accepts of anything exactly as util.inspect, and declines the rest", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(widerValue, fc.anything({ maxDepth: 3, withBigInt: true, withMap: true, withDate: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true })), (value) => {
        const text = fastInspect(value);
        if (text === null) return;
        accepted++;
        expect(text).toBe(inspect(value));
      }),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(150);
  });

  it("declines what it does not render as Node: cycles, proxies, accessors, symbols, holes, extra keys, other prototypes", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    const declined: unknown[] = [
      cycle,
      { get a() { return 1; } },
      { [Symbol("s")]: 1 },
      { s: Symbol("s") },
      { f() {} },
      [1, , 3],
      Object.assign([1, 2], { extra: true }),
      Object.create(null),
      new (class Point { x = 1; })(),
      new Map([[1, 2]]),
      { constructor: { name: "Map" } },
      { __proto__: null, a: 1 },
      Object.defineProperty({}, "hidden", { value: 1, enumerable: false }),
      { text: "line\nbreak" },
      { text: "back\\slash" },
      Array.from({ length: 20_000 }, () => 0),
    ];
    for (const value of declined) expect(fastInspect(value), inspect(value)).toBeNull();
    // Beyond the depth a nested object is [Object], whatever it holds (as Node's).
    expect(fastInspect({ a: { b: { c: { d: cycle } } } })).toBe("{ a: { b: { c: [Object] } } }");
    expect(fastInspect([[[[1, , 3], Object.assign([1], { x: 1 }), []]]])).toBe("[ [ [ [Array], [Array], [] ] ] ]");
  });
});

describe("in a thread", () => {
  let qb: Interpreter;
  beforeAll(async () => {
    qb = await createInterpreter({ isolation: "inline", maxResultChars: 100_000, timeoutMs: 2000 });
  });
  afterAll(async () => {
    await qb.dispose();
  });

  /** A realm change that inspect does not show, and that makes the fast path decline: every rendering in the thread is the chunk's. */
  const CHUNK_ONLY = "Object.defineProperty(Object, Symbol.hasInstance, { value: Function.prototype[Symbol.hasInstance], configurable: true }); 0";

  it("renders results and console lines as the inspect chunk and as Node", async () => {
    expect((await qb.eval(CHUNK_ONLY, { threadId: "chunk" })).status).toBe("ok");
    await fc.assert(
      fc.asyncProperty(fc.oneof(plainValue, widerValue), async (value) => {
        const source = fc.stringify(value);
        const code = `console.log(${source}); console.log("line", ${source}); (${source})`;
        const [fast, chunk] = [await qb.eval(code, { threadId: "fast" }), await qb.eval(code, { threadId: "chunk" })];
        expect(fast.text, source).toBe(chunk.text);
        expect(fast.stdout, source).toBe(chunk.stdout);
        // Against Node where its text is printable ASCII: for wide and astral characters the inspect chunk's
        // width table (no ICU) can group an array otherwise than Node (inspect-oracle.test.ts covers the chunk).
        if (/^[\x20-\x7e]*$/.test(source)) {
          const body = typeof value === "string" ? value : inspect(value);
          expect(fast.text, source).toContain(`<result>${escapeBody(body)}</result>`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("what a program changed in its realm renders as Node renders it after the same change", async () => {
    const source = "({ a: 1, b: [1, 2, 3], c: { d: 'x', e: [] }, n: Array.from({ length: 30 }, (_, i) => i) })";
    const shown = [
      "Object.defineProperty(Object.prototype, Symbol.toStringTag, { value: 'Tagged', configurable: true })",
      "Object.defineProperty(Array.prototype, Symbol.toStringTag, { value: 'Tagged', configurable: true })",
      "Object.defineProperty(Object, 'name', { value: 'Renamed' })",
      "Object.defineProperty(Array, 'name', { value: 'List' })",
      "Object.prototype[Symbol.for('nodejs.util.inspect.custom')] = function () { return 'custom' }",
      "delete Array.prototype[Symbol.iterator]",
    ];
    for (const [index, change] of shown.entries()) {
      const expected = inspect(runInNewContext(`${change}; ${source}`));
      const result = await qb.eval(`${change}; ${source}`, { threadId: `shown-${index}` });
      expect(result.text, change).toBe(`<result>${escapeBody(expected)}</result>`);
    }
  });

  it("built-ins a program replaced, which inspect does not read, change nothing and cannot stall the rendering", async () => {
    const source = "({ a: 1, 'b-c': [1, 2, 3], d: { e: \"it's\" }, n: Array.from({ length: 30 }, (_, i) => i), s: Array.from({ length: 12 }, (_, i) => 'item' + i) })";
    const expected = inspect(runInNewContext(source));
    const loop = "() => { for (;;) {} }";
    const replaced = [
      `Math.sqrt = Math.round = Math.min = Math.max = Math.floor = ${loop}`,
      `RegExp.prototype.exec = RegExp.prototype.test = RegExp.prototype[Symbol.match] = ${loop}`,
      `String.prototype.concat = String.prototype.repeat = String.prototype.padStart = String.prototype.padEnd = String.prototype.includes = ${loop}`,
      `Array.prototype.join = Array.prototype.push = Array.prototype.includes = Array.prototype.indexOf = ${loop}`,
      `Object.keys = Object.getOwnPropertyDescriptor = Object.getPrototypeOf = Reflect.ownKeys = Object.hasOwn = Array.isArray = ${loop}`,
      `Object.prototype.toString = ${loop}`,
      `for (let i = 0; i < 12; i++) Object.defineProperty(Array.prototype, i, { set: ${loop}, get: ${loop}, configurable: true })`,
    ];
    for (const [index, change] of replaced.entries()) {
      const result = await qb.eval(`${change}; ${source}`, { threadId: `replaced-${index}` });
      expect(result.text, change).toBe(`<result>${escapeBody(expected)}</result>`);
      const logged = await qb.eval(`console.log(${source}); 1`, { threadId: `replaced-${index}` });
      expect(logged.stdout, change).toBe(expected);
    }
  });
});
