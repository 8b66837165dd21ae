/**
 * V8's JSON messages as the guest computes them (src/guest/json-messages.ts), checked against
 * Node's own JSON.parse and JSON.stringify on thousands of inputs: every prefix of some documents,
 * and every single-character change of them to a character that matters to the grammar.
 */
import { describe, expect, it } from "vitest";
import { v8CircularMessage, v8JsonParseMessage } from "../../src/guest/json-messages.js";

function nodeParseMessage(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const DOCUMENTS = [
  '{"name": "quickbox", "tags": ["a", "b"], "size": 12.5e-3, "ok": true, "none": null}',
  '[1, -2, 3.25, 4e10, "x\\n\\u00e9\\"", {"a": [false, {}]}, []]',
  '  {"deep": {"deeper": {"deepest": [0, 0.5, -0, "\\\\/"]}}}  ',
  '"just a string with \\t escapes"',
];
const REPLACEMENTS = ["'", ",", "}", "]", "{", "[", ":", "x", '"', "\\", "\n", " ", "-", "0", "1", ".", "e", "+", "t", "n", "\u0001", "é", "😀"];

function variants(): string[] {
  const texts = new Set<string>(["", " ", "undefined", "NaN", "Infinity", "[object Object]", "nul", "tru1", "01", "-", "1.", "1e", "1e+", '"\\u12x4"', '"\\x"', '"\\é"', "[1,]", '{"a":1,}', "{,}", "[,]"]);
  for (const document of DOCUMENTS) {
    for (let end = 0; end <= document.length; end++) texts.add(document.slice(0, end));
    for (let at = 0; at < document.length; at++) {
      for (const replacement of REPLACEMENTS) texts.add(document.slice(0, at) + replacement + document.slice(at + 1));
    }
  }
  return [...texts];
}

describe("V8's JSON.parse messages", () => {
  it("are Node's for every prefix and single-character change of some documents", () => {
    const texts = variants();
    expect(texts.length).toBeGreaterThan(3000);
    const differing = texts.filter((text) => v8JsonParseMessage(text) !== nodeParseMessage(text));
    expect(differing.map((text) => ({ text, ours: v8JsonParseMessage(text), node: nodeParseMessage(text) }))).toEqual([]);
  });

  it("show long inputs with 10 characters of context, as V8 does", () => {
    const text = `{"items": [${Array.from({ length: 40 }, (_, i) => i).join(", ")}, oops, 40, 41, 42]}`;
    expect(v8JsonParseMessage(text)).toBe(nodeParseMessage(text));
    expect(v8JsonParseMessage(text)).toMatch(/^Unexpected token 'o', \.\.\."[^"]{20}"\.\.\. is not valid JSON$/);
  });

  it("scan a hostile nesting without recursion", () => {
    const text = "[".repeat(200_000) + "x";
    expect(v8JsonParseMessage(text)).toBe(nodeParseMessage(text));
  });
});

function nodeCircularMessage(value: unknown, replacer?: unknown): string {
  try {
    JSON.stringify(value, replacer as never);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("no cycle");
}

describe("V8's JSON.stringify cycle messages", () => {
  class Task {
    owner: unknown;
  }
  const cases: [string, () => unknown][] = [
    ["self", () => { const o: Record<string, unknown> = {}; o.self = o; return o; }],
    ["array", () => { const a: unknown[] = []; a.push(a); return a; }],
    ["class instance", () => { const t = new Task(); t.owner = { task: t }; return t; }],
    ["null prototype", () => { const o = Object.create(null) as Record<string, unknown>; o.me = { back: o }; return o; }],
    ["long chain (an ellipsis in the middle)", () => {
      const root: Record<string, unknown> = {};
      let node = root;
      for (let i = 0; i < 8; i++) node = (node[`level${i}`] = [{}])[0] as Record<string, unknown>;
      node.loop = root;
      return root;
    }],
    ["cycle below the root", () => { const inner: Record<string, unknown> = {}; inner.again = inner; return { wrapper: [1, { inner }] }; }],
    ["empty key", () => { const o: Record<string, unknown> = {}; o[""] = o; return o; }],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      const value = make();
      expect(v8CircularMessage(value, undefined)).toBe(nodeCircularMessage(value));
    });
  }

  it("follow a property list replacer, and give the first line alone for a function replacer", () => {
    const o: Record<string, unknown> = { skip: 1 };
    o.keep = { back: o };
    expect(v8CircularMessage(o, ["keep", "back"])).toBe(nodeCircularMessage(o, ["keep", "back"]));
    expect(v8CircularMessage(o, (_key: string, value: unknown) => value)).toBe("Converting circular structure to JSON");
  });
});
