/**
 * The inspector (and the web platform) are compiled into a thread the first time it renders an
 * object or touches a web global — after its programs ran (chunk-bridge-protocol.ts). A program
 * that replaced built-in methods before that must still see its values rendered as the untouched
 * built-ins render them: the chunks read the built-ins the thread started with
 * (scripts/builtin-captures.mjs). Each program below replaces some before its first rendered
 * object or console line; its output must equal that of the same program without the replacing,
 * in a thread of its own (test/node/inspect-primordials.test.ts also holds that one against Node's
 * util.inspect). Also after a snapshot is restored, and after a journal rebuild. Shared by the Node
 * and the Chromium projects, inline and worker.
 */
import { describe, expect, it } from "vitest";
import { memoryStore, type Interpreter } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { makeForeign } from "./foreign-build.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** Built before the replacing (a program's own `new Map([...])` would use its replaced methods). */
export const RENDERED_VALUE = `({
  list: [1, 2, 'x', [3, [4, [5, [6]]]]],
  text: "it's a \\"quoted\\" one\\nwith lines",
  map: new Map([[1, { b: 2 }], ['k', [1, 2]]]),
  set: new Set([1, 'two']),
  date: new Date(0),
  pattern: /re+/gi,
  error: Object.assign(new RangeError('bad'), { stack: '' }),
  none: null,
  fn: function named() {},
  big: 10n,
  sym: Symbol('q'),
  nested: { deep: { deeper: { deepest: 1 } } },
  bytes: new Uint8Array([1, 2, 3]),
  boxed: new String('b'),
  sparse: [1, , 3],
  instance: new (class Point { constructor() { this.x = 1; this.y = 2; } })(),
  'needs quotes': true,
  wide: Array.from({ length: 30 }, (_, i) => i * 1000),
})`;

/** What the program prints and returns: its console lines and its result render the value. */
export const RENDERING_LINES = `console.log(value); console.log('n=%d %s %o', 5, 'five', value.list); value`;

/** Replacements a program makes before anything is rendered (by the methods the inspector uses). */
export const REPLACEMENTS: Record<string, string> = {
  "Array.prototype.join": `Array.prototype.join = function () { return "JOINED"; };`,
  "Array.prototype.map": `Array.prototype.map = function () { return ["MAPPED"]; };`,
  "Array.prototype.push": `Array.prototype.push = function () { return 0; };`,
  "Array.prototype.filter/forEach/includes/indexOf": `Array.prototype.filter = () => []; Array.prototype.forEach = () => {}; Array.prototype.includes = () => true; Array.prototype.indexOf = () => 0;`,
  "Array.prototype.splice/pop/sort/unshift": `for (const name of ['splice', 'pop', 'sort', 'unshift']) Array.prototype[name] = function () { return "X"; };`,
  "Array.prototype[Symbol.iterator]": `Array.prototype[Symbol.iterator] = function* () { yield "ITERATED"; };`,
  "Array.isArray": `Array.isArray = () => false;`,
  "Object.keys": `Object.keys = function () { return ["KEYS"]; };`,
  "Object.getOwnPropertyNames/Symbols, Reflect.ownKeys": `Object.getOwnPropertyNames = () => ["X"]; Object.getOwnPropertySymbols = () => []; Reflect.ownKeys = () => [];`,
  "Object.getPrototypeOf/getOwnPropertyDescriptor/defineProperty": `Object.getPrototypeOf = () => null; Object.getOwnPropertyDescriptor = () => undefined; Object.defineProperty = (o) => o;`,
  "Object.prototype.toString/propertyIsEnumerable": `Object.prototype.toString = () => "[object Nope]"; Object.prototype.propertyIsEnumerable = () => true;`,
  "String.prototype.slice": `String.prototype.slice = function () { return "SLICED"; };`,
  "String.prototype.replace/replaceAll": `String.prototype.replace = function () { return "REPLACED"; }; String.prototype.replaceAll = function () { return "ALL"; };`,
  "String.prototype.repeat/padStart/padEnd/split/concat/…": `for (const name of ['repeat', 'padStart', 'padEnd', 'split', 'concat', 'normalize', 'startsWith', 'endsWith', 'trim', 'toLowerCase']) String.prototype[name] = function () { return "S"; };`,
  "String.prototype[Symbol.iterator]": `String.prototype[Symbol.iterator] = function* () { yield "I"; }; Object.getPrototypeOf(''[Symbol.iterator]()).next = () => ({ done: true });`,
  "JSON.stringify": `JSON.stringify = function () { return "JSON"; };`,
  "RegExp.prototype.exec/test": `RegExp.prototype.exec = function () { return null; }; RegExp.prototype.test = function () { return false; };`,
  "RegExp.prototype[Symbol.replace/split], toString": `RegExp.prototype[Symbol.replace] = () => "R"; RegExp.prototype[Symbol.split] = () => ["S"]; RegExp.prototype.toString = () => "/nope/";`,
  "Function.prototype.call/apply/bind/toString": `Function.prototype.call = function () { return "CALL"; }; Function.prototype.apply = function () { return "APPLY"; }; Function.prototype.bind = function () { return () => "BIND"; }; Function.prototype.toString = () => "src";`,
  "Map and Set methods": `Map.prototype.set = function () { return this; }; Map.prototype.get = () => 7; Map.prototype.has = () => true; Set.prototype.has = () => true; Set.prototype.add = function () { return this; }; Object.defineProperty(Map.prototype, 'size', { get: () => 99 }); Object.defineProperty(Set.prototype, 'size', { get: () => 99 });`,
  "Number, BigInt, Symbol, Date, Error methods": `Number.prototype.toString = () => "NUM"; Number.prototype.valueOf = () => 7; BigInt.prototype.valueOf = () => 7n; Symbol.prototype.toString = () => "SYM"; Date.prototype.toISOString = () => "DATE"; Date.prototype.getTime = () => 1; Error.prototype.toString = () => "ERR";`,
  "the global constructors": `globalThis.Map = class Map {}; globalThis.Set = class Set {}; globalThis.Date = function Date() {}; globalThis.RegExp = function RegExp() {}; globalThis.Uint8Array = class Uint8Array {}; globalThis.String = function String() {}; globalThis.Error = class Error {};`,
  "Math and Number statics": `Math.max = () => 0; Math.min = () => 0; Math.floor = () => 0; Math.round = () => 0; Math.sqrt = () => 0; Number.isNaN = () => true; Number.isFinite = () => false;`,
  "Reflect.apply/construct, Object.freeze/seal/assign": `Reflect.apply = () => "RA"; Reflect.construct = () => ({}); Object.freeze = (o) => o; Object.seal = (o) => o; Object.assign = (o) => o;`,
};

/** The first line where `text` differs from `expected` (a readable failure). */
function firstDifference(text: string, expected: string): string {
  const lines = text.split("\n");
  const wanted = expected.split("\n");
  const at = lines.findIndex((line, index) => line !== wanted[index]);
  return `line ${at + 1}: ${JSON.stringify(lines[at])}, expected ${JSON.stringify(wanted[at])}`;
}

export function defineInspectPrimordialsSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  async function rendered(qb: Interpreter, code: string, threadId: string): Promise<{ text: string; stdout: string | undefined }> {
    const result = await qb.eval(code, { threadId });
    expect(result.status, result.text).toBe("ok");
    return { text: result.text, stdout: result.stdout };
  }

  describe("the inspector renders with the built-ins a thread started with", () => {
    it("a program that replaced built-in methods before its first rendered object sees it rendered as the untouched built-ins render it", async () => {
      const qb = await make({ maxResultChars: 100_000 });
      const untouched = await rendered(qb, `const value = ${RENDERED_VALUE};\n${RENDERING_LINES}`, "untouched");
      expect(untouched.stdout).toContain("Map(2) { 1 => { b: 2 }, 'k' => [ 1, 2 ] }");
      const differing: string[] = [];
      for (const [name, replacing] of Object.entries(REPLACEMENTS)) {
        const tampered = await qb.eval(`const value = ${RENDERED_VALUE};\n${replacing}\n${RENDERING_LINES}`, { threadId: `tampered ${name}` });
        if (tampered.text !== untouched.text) differing.push(`${name}: ${firstDifference(tampered.text, untouched.text)}`);
      }
      expect(differing).toEqual([]);
    });

    it("the web platform loaded while a program's replacements are in place is built from the original built-ins", async () => {
      // Replaced (throwing) while the chunk loads, put back before it is used: what the load read is what is checked.
      const qb = await make({});
      const probe = `[new URL("../b?x=1#f", "http://h/a/c").href, new TextDecoder().decode(new TextEncoder().encode("é€")), structuredClone(new Map([[1, [2]]])).get(1)[0], atob(btoa("hi")), crypto.randomUUID().length, new URLSearchParams("a=1&b=2").toString(), (1234.5).toLocaleString("de-DE"), String(new DOMException("m", "AbortError").code)]`;
      const untouched = await qb.eval(`JSON.stringify(${probe})`, { threadId: "web untouched" });
      expect(untouched.value).toBe(JSON.stringify(["http://h/b?x=1#f", "é€", 2, "hi", 36, "a=1&b=2", "1.234,5", "20"]));
      const replacing = `const define = Object.defineProperty, describe = Object.getOwnPropertyDescriptor, saved = [];
        const replace = (owner, names) => { for (let i = 0; i < names.length; i++) { const name = names[i]; saved[saved.length] = [owner, name, describe(owner, name)]; define(owner, name, { value: () => { throw new Error(String(name) + " read at load"); }, configurable: true, writable: true }); } };
        const owners = [[Array.prototype, ['join', 'map', 'push', 'slice', 'filter', 'forEach', 'includes', 'indexOf', 'fill', 'forEach', 'entries', Symbol.iterator]],
          [String.prototype, ['slice', 'replace', 'charCodeAt', 'indexOf', 'toLowerCase', 'split', 'includes', 'startsWith', 'padStart']],
          [Object, ['keys', 'defineProperty', 'getOwnPropertyDescriptor', 'freeze', 'getPrototypeOf', 'create', 'entries']],
          [Set.prototype, ['add', 'has']], [Map.prototype, ['set', 'get', 'has']], [WeakMap.prototype, ['set', 'get', 'has']], [Object.getPrototypeOf([][Symbol.iterator]()), ['next']],
          
          [Int16Array.prototype, ['fill']], [Uint8Array.prototype, ['fill', 'set']], [Uint16Array.prototype, ['set']],
          [String, ['fromCharCode']], [Math, ['floor', 'min', 'max']], [Symbol, ['for']], [Date, ['now']], [Date.prototype, ['getTime']], [Number.prototype, ['valueOf', 'toString']], [String.prototype, ['concat']],
          [Function.prototype, ['call', 'apply', 'bind']]];
        for (let i = 0; i < owners.length; i++) replace(owners[i][0], owners[i][1]);
        let loaded;
        try { loaded = typeof URL; } finally { for (let i = saved.length - 1; i >= 0; i--) { const owner = saved[i][0], name = saved[i][1], descriptor = saved[i][2]; if (descriptor) define(owner, name, descriptor); else delete owner[name]; } }
        JSON.stringify(${probe})`;
      const tampered = await qb.eval(replacing, { threadId: "web tampered" });
      expect(tampered.status, tampered.text).toBe("ok");
      expect(tampered.value).toBe(untouched.value);
    });

    it("after a snapshot is restored in another interpreter, and after a journal rebuild, the chunk loads with the thread's first built-ins", async () => {
      const store = memoryStore();
      const baseline = await make({ maxResultChars: 100_000 });
      const untouched = await rendered(baseline, `const value = ${RENDERED_VALUE};\n${RENDERING_LINES}`, "untouched");
      const writer = await make({ store, maxResultChars: 100_000 });
      const replacing = ["Array.prototype.join", "Array.prototype[Symbol.iterator]", "Object.keys", "String.prototype.slice", "RegExp.prototype.exec/test", "Map and Set methods"].map((name) => REPLACEMENTS[name]).join("\n");
      for (const threadId of ["restored", "rebuilt"]) {
        // Nothing rendered yet: the result is a primitive, the inspector is not loaded before the store.
        const first = await writer.eval(`const value = ${RENDERED_VALUE};\n${replacing}\n"replaced"`, { threadId });
        expect(first.text).toBe("<result>replaced</result>");
      }
      await writer.dispose();
      await makeForeign(store, "rebuilt");
      const reader = await make({ store, maxResultChars: 100_000 });
      for (const threadId of ["restored", "rebuilt"]) {
        expect(await rendered(reader, RENDERING_LINES, threadId), threadId).toEqual(untouched);
      }
    });
  });
}
