/**
 * Property tests of the host/guest boundary (fast-check), shared by Node and Chromium:
 *   - random JSON values reach a tool unchanged as its arguments, and reach the program unchanged
 *     as a tool's result;
 *   - richer host values (Map, Set, Date, BigInt, typed arrays, undefined, NaN, -0, sparse
 *     arrays) survive a tool result and the structured copy back (`EvalResult.value`);
 *   - random values, including hostile ones (getters, proxies, custom inspect, huge strings and
 *     arrays, cycles), render without a host exception and within maxResultChars.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Interpreter, ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export interface PropertyRuns {
  /** JSON values as tool arguments / as tool results. */
  json: number;
  /** Rich host values as tool results, copied back as the eval's value. */
  rich: number;
  /** Random and hostile values rendered. */
  render: number;
}

/** The JSON form of a value, as the boundary carries it (-0 becomes 0, as JSON says). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** A JavaScript expression for the JSON value `value` that keeps "__proto__" keys as data. */
function jsonExpression(value: unknown): string {
  return `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
}

const MAX_RESULT_CHARS = 300;

/** Undoes the wire format's only escape: `&lt;` before one of its own tags (DESIGN §5). */
function unescapeBody(text: string): string {
  return text.replace(/&lt;(?=\/?(?:stdout|result|error|paused))/gi, "<");
}

/** Checks a wire text: one result or error body, cut at maxResultChars of unescaped text. */
function expectBoundedWire(text: string, maxChars: number): void {
  const match = /^(?:<stdout>\n[\s\S]*\n<\/stdout>\n)?<(result|error)(?: kind="handle"| type="[^"]*")?>([\s\S]*)<\/(result|error)>$/.exec(text);
  expect(match, text.slice(0, 300)).not.toBeNull();
  const body = match![2]!.replace(/… \[truncated \d+ chars\]$/, "");
  expect(unescapeBody(body).length).toBeLessThanOrEqual(maxChars);
  expect(body).not.toMatch(/<\/?(result|error|stdout)\b/);
}

/** Random JavaScript source for values a hostile program might return. */
const hostileSource: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }).map(jsonExpression),
    fc.string({ unit: "binary", maxLength: 40 }).map((text) => JSON.stringify(text)),
    fc.constantFrom(
      "undefined",
      "null",
      "NaN",
      "-0",
      "10n ** 40n",
      "Symbol('s<x>')",
      "new Date(0)",
      "new Date(NaN)",
      "/a+<\\/result>/g",
      "new Uint8Array([1, 2, 3])",
      "new WeakMap()",
      "Promise.resolve(1)",
      "function named(a, b) {}",
      "class Point { constructor() { this.x = 1 } }",
      "Object.create(null)",
      "'&<>'.repeat(5000)",
      "'😀'.repeat(3000)",
      "new Array(100000).fill('item')",
      "(() => { const a = [1]; a.push(a); return a })()",
      "(() => { const e = new Error('</error>'); e.name = '\"><x'; return e })()",
      "Array(2 ** 31)",
    ),
    tie("value").map((inner) => `({ get g() { while (true) {} }, inner: ${inner} })`),
    // (A proxy whose target is itself a proxy is rendered by running the inner one's traps, as
    // Node does: see test/hostile/render-proxy-of-proxy.js. Proxies here wrap plain objects.)
    tie("value").map((inner) => `new Proxy({ inner: ${inner} }, { get() { while (true) {} }, ownKeys() { while (true) {} }, getOwnPropertyDescriptor() { while (true) {} } })`),
    tie("value").map((inner) => `({ [Symbol.for('nodejs.util.inspect.custom')]() { return ${inner} }, toJSON() { while (true) {} } })`),
    tie("value").map((inner) => `({ [Symbol.toPrimitive]() { while (true) {} }, toString() { while (true) {} }, value: ${inner} })`),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
    fc.array(fc.tuple(fc.string({ maxLength: 8 }), tie("value")), { maxLength: 4 }).map(
      (entries) => `({ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${item}`).join(", ")} })`,
    ),
    fc.array(fc.tuple(tie("value"), tie("value")), { maxLength: 3 }).map((entries) => `new Map([${entries.map(([k, v]) => `[${k}, ${v}]`).join(", ")}])`),
  ),
})).value;

export function defineBoundaryProperties(create: InterpreterFactory, runs: PropertyRuns): void {
  let qb: Interpreter;
  let rendering: Interpreter;
  const received: unknown[] = [];
  let nextResult: unknown;
  const tools: ToolDefinition<any>[] = [
    { name: "capture", execute: (input) => (received.push(input), "captured") },
    { name: "give", execute: () => nextResult },
  ];

  beforeAll(async () => {
    qb = await create({ tools, maxToolCalls: null });
    // A hook that loops (a getter, a trap, toJSON) would end as Timeout: the budget only has to be longer than an
    // honest rendering on a loaded machine (one took over 300 ms in a full fresh-clone run).
    rendering = await create({ maxResultChars: MAX_RESULT_CHARS, timeoutMs: 3000, wallTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await Promise.all([qb?.dispose(), rendering?.dispose()]);
  });

  describe("tool calls carry values unchanged", () => {
    it("random JSON values as a tool's arguments reach execute() unchanged", async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          received.length = 0;
          const result = await qb.eval(`await tools.capture(${jsonExpression(value)})`, { threadId: "arguments" });
          expect(result.text).toBe("<result>captured</result>");
          // No argument at all means {}; null stays null.
          expect(received).toEqual([asJson(value)]);
        }),
        { numRuns: runs.json },
      );
    });

    it("random JSON values as a tool's result reach the program unchanged", async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          nextResult = value;
          const result = await qb.eval("JSON.stringify(await tools.give())", { threadId: "results" });
          expect(result.status, result.text).toBe("ok");
          expect(JSON.parse(result.value as string)).toEqual(asJson(value));
        }),
        { numRuns: runs.json },
      );
    });

    it("rich host values survive a tool result and the structured copy back", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.anything({
            // devalue refuses "__proto__" keys outright (a ToolError, tested in the corpus).
            key: fc.string({ maxLength: 8 }).filter((key) => key !== "__proto__"),
            maxDepth: 3,
            maxKeys: 5,
            withBigInt: true,
            withMap: true,
            withSet: true,
            withDate: true,
            withTypedArray: true,
            withSparseArray: true,
            withNullPrototype: false,
            withBoxedValues: false,
            withObjectString: false,
          }),
          async (value) => {
            nextResult = value;
            const result = await qb.eval("await tools.give()", { threadId: "rich" });
            expect(result.status, result.text).toBe("ok");
            expect(result.warnings ?? []).toEqual([]);
            expect(result.value).toEqual(value);
          },
        ),
        { numRuns: runs.rich },
      );
    });
  });

  describe("rendering is bounded and never throws on the host", () => {
    it(`random and hostile values render within maxResultChars (${MAX_RESULT_CHARS})`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileSource, async (source) => {
          const result = await rendering.eval(`(${source})`, { threadId: "render" });
          // Getters, traps and toJSON never run: only a custom inspect function may (it returns).
          expect(result.status, `${source}\n${result.text}`).toBe("ok");
          expectBoundedWire(result.text, MAX_RESULT_CHARS);
        }),
        { numRuns: runs.render },
      );
    });

    it("random values as thrown errors stay errors, bounded", async () => {
      await fc.assert(
        fc.asyncProperty(hostileSource, async (source) => {
          const result = await rendering.eval(`throw (${source})`, { threadId: "render" });
          expect(result.status, `${source}\n${result.text}`).toBe("error");
          expectBoundedWire(result.text, MAX_RESULT_CHARS);
          expect(result.error!.type.length).toBeLessThanOrEqual(101);
          expect(result.error!.message.length).toBeLessThan(MAX_RESULT_CHARS + 40);
        }),
        { numRuns: Math.ceil(runs.render / 2) },
      );
    });
  });
}
