/**
 * Program shapes other code-mode sandboxes taught models (DESIGN §4): a top-level `return`, a cell
 * that is one function expression, TypeScript generic calls; and globals that behave as in a
 * module: a top-level `const` stays constant, `task` cannot be replaced or deleted.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Interpreter, InterpreterOptions } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export function defineProgramShapesSuite(create: InterpreterFactory): void {
  const open: Interpreter[] = [];
  const make = async (options?: InterpreterOptions) => {
    const qb = await create({ timeoutMs: 10_000, ...options });
    open.push(qb);
    return qb;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((qb) => qb.dispose()));
  });

  describe("top-level return", () => {
    it("ends the cell with its value; declarations before it persist, code after it does not run", async () => {
      const qb = await make();
      const result = await qb.eval("const rows = [1, 2, 3];\nlet total = rows.reduce((a, b) => a + b, 0);\nreturn { total, count: rows.length };\ntotal = -1;\nconsole.log('after')");
      expect(result.status).toBe("ok");
      expect(result.value).toEqual({ total: 6, count: 3 });
      expect(result.stdout ?? "").toBe("");
      expect((await qb.eval("[rows.length, total]")).value).toEqual([3, 6]);
    });

    it("works from inside if, loops, switch, try/finally and labelled blocks; a bare return gives undefined", async () => {
      const qb = await make();
      const cases: [string, unknown][] = [
        ["if (2 > 1) return 'yes'; 'no'", "yes"],
        ["for (let i = 0; i < 10; i++) { if (i === 3) return i * 100 }", 300],
        ["for (const x of [1, 2, 3]) { while (true) { return x } }", 1],
        ["switch (2) { case 1: return 'one'; case 2: return 'two' }", "two"],
        ["outer: for (;;) { try { return 'tried' } finally { console.log('finally ran') } }", "tried"],
        ["return", undefined],
        ["if (true) return;\n42", undefined],
        ["'last'; if (false) return 1", undefined],
        ["return await Promise.resolve(7)", 7],
        ["const f = () => { return 1 }; return f() + 1", 2],
      ];
      for (const [code, expected] of cases) {
        const result = await qb.eval(code);
        expect(result.status, code).toBe("ok");
        expect(result.value, code).toEqual(expected);
      }
      expect((await qb.eval("outer: for (;;) { try { return 'tried' } finally { console.log('finally ran') } }")).stdout).toBe("finally ran");
    });

    it("functions declared in the cell are hoisted and persist, async ones and generators too", async () => {
      const qb = await make();
      const result = await qb.eval("return [await main(), [...gen()], plain()];\nasync function main() { return 'main' }\nfunction* gen() { yield 1; yield 2 }\nfunction plain() { return 'plain' }");
      expect(result.value).toEqual(["main", [1, 2], "plain"]);
      expect((await qb.eval("[typeof main, typeof gen, typeof plain, await main()]")).value).toEqual(["function", "function", "function", "main"]);
    });

    it("an error after a return-wrapped cell's first line still reports the user's line", async () => {
      const qb = await make();
      const result = await qb.eval("const a = 1;\nif (a) {\n  null.boom;\n}\nreturn a");
      expect(result.error?.type).toBe("TypeError");
      expect(result.error?.stack ?? result.text).toMatch(/cell-\d+\.js:3/);
    });

    it("is TypeScript's too, and return inside a nested function is that function's", async () => {
      const qb = await make();
      const ts = await qb.eval("interface Row { n: number }\nconst rows: Row[] = [{ n: 2 }, { n: 5 }];\nreturn rows.map((r): number => r.n * 2);");
      expect(ts.value).toEqual([4, 10]);
      const nested = await qb.eval("function pick(xs) { for (const x of xs) if (x > 1) return x; return null }\npick([0, 3, 4])");
      expect(nested.value).toBe(3);
    });
  });

  describe("a cell that is one function expression", () => {
    it("is called and its promise awaited: async arrow, sync arrow, function expression, with comments around", async () => {
      const qb = await make({ tools: [{ name: "get_weather", execute: (input) => ({ city: (input as { city: string }).city, tempC: 21 }) }] });
      const cases: [string, unknown][] = [
        ["async () => {\n  const w = await tools.getWeather({ city: 'Oslo' });\n  return w.tempC;\n}", 21],
        ["async () => (await tools.get_weather({ city: 'Rome' })).city", "Rome"],
        ["() => 40 + 2", 42],
        ["(function () { return 'fn' })", "fn"],
        ["(async function named() { return named.name })", "named"],
        ["// Cloudflare Code Mode style\n/* a block comment */\nasync () => {\n  return 'commented';\n};", "commented"],
        ["(async () => { return [1, 2] })", [1, 2]],
        // Cloudflare Code Mode: an anonymous function as the whole program (no valid statement).
        ["async function () {\n  return 'anonymous';\n}", "anonymous"],
        ["// leading comment\nfunction () { return 'sync anonymous' };", "sync anonymous"],
        ["async function (): Promise<number[]> {\n  const xs: number[] = [2];\n  return xs;\n}", [2]],
      ];
      for (const [code, expected] of cases) {
        const result = await qb.eval(code);
        expect(result.status, code).toBe("ok");
        expect(result.value, code).toEqual(expected);
      }
    });

    it("a function with parameters, or a function among other statements, is a value as before", async () => {
      const qb = await make();
      expect((await qb.eval("(x) => x")).value).toEqual({ $handle: expect.stringMatching(/^\[Function/) });
      expect((await qb.eval("1; async () => 2")).value).toEqual({ $handle: expect.stringMatching(/^\[AsyncFunction/) });
    });

    it("a throwing function cell is the eval's error, and a typed TypeScript arrow is called too", async () => {
      const qb = await make();
      const thrown = await qb.eval("async () => { throw new RangeError('out of range') }");
      expect(thrown.status).toBe("error");
      expect(thrown.error).toMatchObject({ type: "RangeError", message: "out of range" });
      const typed = await qb.eval("async (): Promise<number[]> => {\n  const xs: number[] = [3, 1, 2];\n  return xs.sort();\n}");
      expect(typed.value).toEqual([1, 2, 3]);
    });
  });

  describe("TypeScript generic calls", () => {
    it("f<T>(x) and Array.from<number>(xs) are calls with type arguments, not comparisons", async () => {
      const qb = await make();
      await qb.eval("function id<T>(x: T): T { return x }");
      expect((await qb.eval("id<string>('a')")).value).toBe("a");
      expect((await qb.eval("Array.from<number>([1, 2])")).value).toEqual([1, 2]);
      expect((await qb.eval("new Map<string, number[]>([['a', [1]]]).get('a')")).value).toEqual([1]);
      expect((await qb.eval("const m = new Map<string, Map<string, number>>(); m.size")).value).toBe(0);
      // Comparisons stay comparisons.
      expect((await qb.eval("const a = 1, b = 2, c = 3; [a < b && c > (a), a < b, c > b, a<b]")).value).toEqual([true, true, true, true]);
    });
  });

  describe("TypeScript namespaces in a cell", () => {
    it("are compiled as TypeScript emits them (sucrase alone drops them), and persist", async () => {
      const qb = await make();
      const result = await qb.eval("namespace Geo {\n  export const r: number = 2;\n  export function area(): number { return r * r }\n}\nGeo.area()");
      expect(result.value).toBe(4);
      expect((await qb.eval("[Geo.r, typeof Geo.area]")).value).toEqual([2, "function"]);
      // A word "namespace" in JavaScript stays JavaScript.
      expect((await qb.eval("const namespace = 'ns'; namespace")).value).toBe("ns");
    });
  });

  describe("top-level const", () => {
    it("stays constant: assignment throws a TypeError in the same cell and in later cells; the value is kept", async () => {
      const qb = await make();
      const same = await qb.eval("const limit = 10;\nlimit = 11");
      expect(same.error).toMatchObject({ type: "TypeError", message: "Assignment to constant variable." });
      for (const code of ["limit = 12", "limit++", "limit += 1", "[limit] = [13]", "({ limit } = { limit: 14 })"]) {
        expect((await qb.eval(code)).error?.type, code).toBe("TypeError");
      }
      expect((await qb.eval("try { limit = 15 } catch (e) { e.message }")).value).toBe("Assignment to constant variable.");
      expect((await qb.eval("limit")).value).toBe(10);
      expect((await qb.eval("const setLimit = () => { limit = 16 }; try { setLimit() } catch (e) { e.name }")).value).toBe("TypeError");
      expect((await qb.eval("limit")).value).toBe(10);
    });

    it("re-running its declaration rebinds it; let takes the name over; destructured names are constant too", async () => {
      const qb = await make();
      await qb.eval("const n = 1");
      expect((await qb.eval("const n = 2; n")).value).toBe(2);
      expect((await qb.eval("let n = 3; n = 4; n")).value).toBe(4);
      expect((await qb.eval("n = 5; n")).value).toBe(5);
      const destructured = await qb.eval("const { p, q: [r = 'dflt', ...rest] } = { p: 1, q: [undefined, 2, 3] }; [p, r, rest]");
      expect(destructured.value).toEqual([1, "dflt", [2, 3]]);
      expect((await qb.eval("r = 0")).error?.type).toBe("TypeError");
      expect((await qb.eval("rest = 0")).error?.type).toBe("TypeError");
    });

    it("keeps what declarations did before: names of functions and classes, enumerable globals, closures seeing the value, empty completion", async () => {
      const qb = await make();
      const result = await qb.eval("const f = () => 1, C = class {}; const g = function () {};\n[f.name, C.name, g.name, Object.keys(globalThis).includes('f')]");
      expect(result.value).toEqual(["f", "C", "g", true]);
      expect((await qb.eval("'before'; const z = 5")).value).toBe("before");
      await qb.eval("const base = 100; function addBase(x) { return x + base }");
      expect((await qb.eval("addBase(1)")).value).toBe(101);
      expect((await qb.eval("const base = 200; addBase(1)")).value).toBe(201);
    });

    it("survives a snapshot: still constant after the thread is restored", async () => {
      const qb = await make({ mode: "thread" });
      await qb.eval("const kept = 'k'", { threadId: "const-snap" });
      await qb.snapshot("const-snap");
      await qb.fork("const-snap", "const-snap-copy");
      expect((await qb.eval("kept = 'changed'", { threadId: "const-snap-copy" })).error?.type).toBe("TypeError");
      expect((await qb.eval("kept", { threadId: "const-snap-copy" })).value).toBe("k");
    });
  });

  describe("task", () => {
    it("is non-writable and non-configurable: a program can neither replace nor delete it", async () => {
      const qb = await make({ subagents: { types: [{ name: "general", description: "helps" }], dispatch: (request) => `done: ${request.description}` } });
      const result = await qb.eval(
        "task = () => 'mine'; delete globalThis.task; try { Object.defineProperty(globalThis, 'task', { value: 1 }) } catch (e) {}\n" +
          "const d = Object.getOwnPropertyDescriptor(globalThis, 'task');\n[d.writable, d.configurable, await task({ description: 'x', subagentType: 'general' })]",
      );
      expect(result.value).toEqual([false, false, "done: x"]);
    });

    it("no side door replaces it, nor undefined, NaN or Infinity: proxies of globalThis included, in this eval and the next", async () => {
      const qb = await make({ subagents: { types: [{ name: "general", description: "helps" }], dispatch: (request) => `done: ${request.description}` } });
      const fake = "(r) => Promise.resolve('hijacked')";
      const attempts = [
        `Object.defineProperty(new Proxy(globalThis, {}), "task", { value: ${fake} })`,
        `Reflect.defineProperty(new Proxy(globalThis, {}), "task", { value: ${fake} })`,
        `Object.defineProperties(new Proxy(globalThis, {}), { task: { value: ${fake} } })`,
        `Object.defineProperty(new Proxy(new Proxy(globalThis, {}), {}), "task", { value: ${fake} })`,
        `Object.defineProperty(Proxy.revocable(globalThis, {}).proxy, "task", { value: ${fake} })`,
        `(() => { const handler = {}; const p = new Proxy(globalThis, handler); handler.defineProperty = undefined; Object.defineProperty(p, "task", { value: ${fake} }) })()`,
        `Object.defineProperty(new Proxy(globalThis, new Proxy({}, { get: () => undefined })), "task", { value: ${fake} })`,
        `Object.prototype.__defineGetter__.call(new Proxy(globalThis, {}), "task", () => ${fake})`,
        `Object.assign(new Proxy(globalThis, {}), { task: ${fake} })`,
        `Object.defineProperty(globalThis, "task", { value: ${fake} })`,
        ...["undefined", "NaN", "Infinity"].flatMap((name) => [
          `Object.defineProperty(new Proxy(globalThis, {}), "${name}", { value: 5 })`,
          `Object.defineProperty(new Proxy(globalThis, {}), "${name}", { writable: true })`,
          `Reflect.defineProperty(new Proxy(globalThis, {}), "${name}", { value: 5, writable: false, enumerable: false, configurable: false })`,
        ]),
      ];
      const world = "[await task({ description: 'x', subagentType: 'general' }), String(undefined), String(NaN), String(Infinity), Object.getOwnPropertyDescriptor(globalThis, 'undefined').writable]";
      const expected = ["done: x", "undefined", "NaN", "Infinity", false];
      const same = await qb.eval(`${attempts.map((attempt) => `try { ${attempt} } catch {}`).join("\n")}\n${world}`);
      expect(same.value).toEqual(expected);
      expect((await qb.eval(world)).value).toEqual(expected);
      // What a proxy of globalThis may still do, it does: define ordinary globals, run its own trap.
      const allowed = await qb.eval("let seen = 0; const p = new Proxy(globalThis, { defineProperty(t, k, d) { seen++; return Reflect.defineProperty(t, k, d) } }); Object.defineProperty(p, 'mine', { value: 7, writable: true, configurable: true }); new Proxy(globalThis, {}).other = 8; [seen, mine, other]");
      expect(allowed.value).toEqual([1, 7, 8]);
    });

    it("does not exist without subagents", async () => {
      const qb = await make();
      expect((await qb.eval("typeof task")).value).toBe("undefined");
    });
  });
}
