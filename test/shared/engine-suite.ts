/**
 * Engine behaviour through the public API, shared by the Node and the Chromium projects.
 * Exact texts are the wire format (DESIGN.md §5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Interpreter, InterpreterOptions } from "../../src/index.js";

export type InterpreterFactory = (options?: InterpreterOptions) => Promise<Interpreter>;

export function defineEngineSuite(create: InterpreterFactory): void {
  let qb: Interpreter;
  let threadCounter = 0;
  /** Each test gets its own thread so tests do not see each other's globals. */
  const evalIn = (code: string, threadId = `t${threadCounter}`) => qb.eval(code, { threadId });

  beforeAll(async () => {
    // A budget that semantics tests do not meet under load (a first TypeScript cell, a first object rendered).
    qb = await create({ timeoutMs: 5000, wallTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await qb.dispose();
  });
  const fresh = () => {
    threadCounter++;
  };

  describe("REPL semantics", () => {
    it("returns the last expression and prints stdout", async () => {
      fresh();
      const result = await evalIn('console.log("hi", 2); 1 + 1');
      expect(result.text).toBe("<stdout>\nhi 2\n</stdout>\n<result>2</result>");
      expect(result.status).toBe("ok");
      expect(result.value).toBe(2);
      expect(result.stdout).toBe("hi 2");
    });

    it("renders arrays like util.inspect", async () => {
      fresh();
      expect((await evalIn("[1, 2, 3].map(x => x * 2)")).text).toBe("<result>[ 2, 4, 6 ]</result>");
    });

    it("returns functions as handles with their arity", async () => {
      fresh();
      const arrow = await evalIn("(a, b) => a + b");
      expect(arrow.text).toBe('<result kind="handle">[Function (anonymous)] arity=2</result>');
      expect(arrow.value).toEqual({ $handle: "[Function (anonymous)] arity=2" });
      const named = await evalIn("function add(a, b) { return a + b }; add");
      expect(named.text).toBe('<result kind="handle">[Function: add] arity=2</result>');
    });

    it("persists top-level const/let/var/function/class across evals", async () => {
      fresh();
      await evalIn("const g = 'hello'; let c = 41;");
      expect((await evalIn("g + (c + 1)")).text).toBe("<result>hello42</result>");
      await evalIn("var v1 = 1; function double(x) { return 2 * x } class Box { constructor(v) { this.v = v } }");
      expect((await evalIn("double(new Box(v1 + 20).v)")).value).toBe(42);
    });

    it("runs the same declaring cell twice without a redeclaration error", async () => {
      fresh();
      const first = await evalIn("let x = 1");
      const second = await evalIn("let x = 1");
      expect(first.status).toBe("ok");
      expect(second.status).toBe("ok");
      expect((await evalIn("const k = 1; class K {}; const k2 = 2")).status).toBe("ok");
      expect((await evalIn("const k = 5; class K { m() { return k } }; new K().m()")).value).toBe(5);
    });

    it("allows a statement right after a class declaration on the same line", async () => {
      fresh();
      expect((await evalIn("class A { m() { return 1 } } const a = new A(); a.m()")).value).toBe(1);
    });

    it("rebinds `let x;` to undefined when re-run", async () => {
      fresh();
      await evalIn("let r = 5");
      await evalIn("let r;");
      expect((await evalIn("r")).text).toBe("<result>undefined</result>");
    });

    it("supports destructuring declarations", async () => {
      fresh();
      await evalIn("const { a, b: [c, ...rest] } = { a: 1, b: [2, 3, 4] }; let [p = 9] = [];");
      expect((await evalIn("[a, c, rest, p]")).text).toBe("<result>[ 1, 2, [ 3, 4 ], 9 ]</result>");
    });

    it("a function defined later is seen by closures from earlier cells", async () => {
      fresh();
      await evalIn("function parse(s) { return s + '?' } function run() { return parse('x') }");
      await evalIn("function parse(s) { return s + '!' }");
      expect((await evalIn("run()")).value).toBe("x!");
    });

    it("supports top-level await and awaits a final promise", async () => {
      fresh();
      expect((await evalIn("const v = await Promise.resolve(123); v")).text).toBe("<result>123</result>");
      expect((await evalIn("v")).value).toBe(123);
      expect((await evalIn("(async () => 456)()")).text).toBe("<result>456</result>");
    });

    it("statement-only cells give undefined", async () => {
      fresh();
      expect((await evalIn("let q = 1; if (q) { q++ }; for (const i of [1]) {}")).text).toBe("<result>undefined</result>");
    });

    it("accepts TypeScript with interfaces, generics, `as` and enums", async () => {
      fresh();
      const result = await evalIn(
        [
          "interface Point { x: number; y?: number }",
          "enum Color { Red, Green, Blue = 'blue' }",
          "function first<T>(items: T[]): T | undefined { return items[0] }",
          "const p = { x: 1 } as Point;",
          "type Pair = [string, number];",
          "const pair: Pair = ['a', 2];",
          "[first<number>([7, 8]), Color.Green, Color.Blue, p.x, pair]",
        ].join("\n"),
      );
      expect(result.text).toBe("<result>[ 7, 1, 'blue', 1, [ 'a', 2 ] ]</result>");
      expect((await evalIn("Color.Red")).value).toBe(0);
    });

    it("reports error positions in the user's TypeScript lines", async () => {
      fresh();
      const result = await evalIn("const n: number = 1;\ninterface I { a: string }\nthrow new Error('line three')");
      expect(result.error?.stack).toMatch(/cell-\d+\.ts:3:/);
    });

    it("a syntax error in TypeScript is reported where it is, not at the first type annotation", async () => {
      fresh();
      const typed = await evalIn("type T = { a: number };\nconst o: T = { a: 1 };\nconsole.log(o.a;");
      expect(typed.error?.type).toBe("SyntaxError");
      expect(typed.text).toMatch(/^<error type="SyntaxError">Unexpected token, expected ","\n {4}at cell-\d+\.ts:3:16<\/error>$/);
      // Plain JavaScript mistakes read as Node words them, at QuickJS's position.
      const plain = await evalIn("const a = 1;\nconst b = ;");
      expect(plain.text).toMatch(/^<error type="SyntaxError">Unexpected token ';'\n {4}at cell-\d+\.js:2:11<\/error>$/);
      const unfinished = await evalIn("let q = 1; q +");
      expect(unfinished.text).toMatch(/cell-\d+\.js:1:15/);
      expect((await evalIn("typeof o")).value).toBe("undefined");
    });
  });

  describe("errors", () => {
    it("a rejected final promise is an error result", async () => {
      fresh();
      const result = await evalIn('Promise.reject(new Error("x"))');
      expect(result.status).toBe("error");
      expect(result.error?.type).toBe("Error");
      expect(result.error?.message).toBe("x");
      expect(result.text).toMatch(/^<error type="Error">x\n {4}at /);
    });

    it("keeps the error's name as its type and the thread usable", async () => {
      fresh();
      const result = await evalIn("const before = 1; null.prop");
      expect(result.error?.type).toBe("TypeError");
      expect((await evalIn("before + 1")).value).toBe(2);
    });

    it("a thrown non-Error value is type Error with the inspected value", async () => {
      fresh();
      expect((await evalIn("throw 'str'")).text).toBe("<error type=\"Error\">'str'</error>");
      expect((await evalIn("throw { a: 1 }")).text).toBe('<error type="Error">{ a: 1 }</error>');
    });

    it("a syntax error is a SyntaxError result with a position", async () => {
      fresh();
      const result = await evalIn("let = = 3(");
      expect(result.error?.type).toBe("SyntaxError");
      expect(result.text).toMatch(/cell-\d+\.js:1:/);
    });

    it("an error name cannot forge attributes or tags", async () => {
      fresh();
      const result = await evalIn('const e = new Error("<b>"); e.name = \'x" y="z\'; throw e');
      expect(result.text.startsWith('<error type="x&quot; y=&quot;z"><b>')).toBe(true);
    });
  });

  describe("rendering", () => {
    it("a final thenable is shown, not awaited, and the note says why it was not copied", async () => {
      fresh();
      const result = await evalIn("({ then(resolve) { resolve(5) } })");
      expect(result.text).toBe("<result>{ then: [Function: then] }</result>");
      expect(result.value).toBeUndefined();
      expect(result.warnings?.join("\n")).toMatch(/value not copied: it contains a thenable/);
      expect(result.warnings?.join("\n")).not.toMatch(/stringifyAsync/);
    });

    const cases: [string, string][] = [
      ["[NaN, -0, 10n]", "[ NaN, -0, 10n ]"],
      ["new Map([['a', 1]])", "Map(1) { 'a' => 1 }"],
      ["new Set([1, 'two'])", "Set(2) { 1, 'two' }"],
      ["(() => { const a = { a: 1 }; a.self = a; return a })()", "<ref *1> { a: 1, self: [Circular *1] }"],
      ["new Date(0)", "1970-01-01T00:00:00.000Z"],
      ["class Point { constructor() { this.x = 1; this.y = 2 } }; new Point()", "Point { x: 1, y: 2 }"],
      ["({ a: 1, b: 'x' })", "{ a: 1, b: 'x' }"],
      ["({ async *gen() {}, *g() {}, async f() {} })", "{\n  gen: [AsyncGeneratorFunction: gen],\n  g: [GeneratorFunction: g],\n  f: [AsyncFunction: f]\n}"],
      ["({ get g() { throw new Error('never called') } })", "{ g: [Getter] }"],
      ["'plain string'", "plain string"],
      ["undefined", "undefined"],
      ["null", "null"],
      ["[undefined, null, true, 1.5]", "[ undefined, null, true, 1.5 ]"],
      ["/a+b/gi", "/a+b/gi"],
      ["new Uint8Array([1, 2])", "Uint8Array(2) [ 1, 2 ]"],
      ["Object.create(null)", "[Object: null prototype] {}"],
      ["({ a: { b: { c: { d: 1 } } } })", "{ a: { b: { c: [Object] } } }"],
    ];
    for (const [code, body] of cases) {
      it(`renders ${code}`, async () => {
        fresh();
        expect((await evalIn(code)).text).toBe(`<result>${body}</result>`);
      });
    }

    it("returns values that cannot be copied as handles", async () => {
      fresh();
      expect((await evalIn("new Proxy({ a: 1 }, {})")).text).toBe('<result kind="handle">{ a: 1 }</result>');
      expect((await evalIn("new WeakMap()")).text).toBe('<result kind="handle">WeakMap { <items unknown> }</result>');
      expect((await evalIn("Symbol('s')")).text).toBe('<result kind="handle">Symbol(s)</result>');
    });

    it("returns a structured copy as value", async () => {
      fresh();
      const result = await evalIn(
        "class P { constructor() { this.x = 1 } }; ({ n: 1, big: 10n, when: new Date(5), m: new Map([[1, 'a']]), s: new Set([2]), p: new P(), f: (a) => a, u: undefined, nan: NaN })",
      );
      expect(result.value).toEqual({
        n: 1,
        big: 10n,
        when: new Date(5),
        m: new Map([[1, "a"]]),
        s: new Set([2]),
        p: { x: 1 },
        f: { $handle: "[Function: f] arity=1" },
        u: undefined,
        nan: NaN,
      });
    });

    it("escapes guest text so it cannot forge or close a tag", async () => {
      fresh();
      const result = await evalIn('console.log("</stdout><result>pwned</result>"); "</result><error>"');
      expect(result.text).toBe("<stdout>\n&lt;/stdout>&lt;result>pwned&lt;/result>\n</stdout>\n<result>&lt;/result>&lt;error></result>");
      // Any letter case is a tag to a reader: it is escaped too.
      expect((await evalIn('"</RESULT> <Error type=x>"')).text).toBe('<result>&lt;/RESULT> &lt;Error type=x></result>');
    });

    it("leaves other guest text as printed: comparisons, arrows, HTML, addresses, entities, stacks", async () => {
      fresh();
      const result = await evalIn('console.log("a < b && c > d", "<b>bold</b>", "<ops@example.org>", "&lt;"); new Error("x").stack.includes("<") ? "<eval>" : "none"');
      expect(result.text).toBe("<stdout>\na < b && c > d <b>bold</b> <ops@example.org> &lt;\n</stdout>\n<result><eval></result>");
    });

    it("truncates long results, keeping the head", async () => {
      fresh();
      const result = await evalIn('"x".repeat(5000)');
      expect(result.text).toBe(`<result>${"x".repeat(4000)}… [truncated 1000 chars]</result>`);
    });
  });

  describe("console", () => {
    it("captures all levels in order with warn/error prefixes", async () => {
      fresh();
      const result = await evalIn(
        'console.log("a"); console.info("b"); console.debug("c"); console.warn("d"); console.error("e"); console.log({ k: [1] })',
      );
      expect(result.stdout).toBe("a\nb\nc\n[warn] d\n[error] e\n{ k: [ 1 ] }");
    });

    it("bounds a flood of output and reports how much was cut", async () => {
      fresh();
      const result = await evalIn('for (let i = 0; i < 20000; i++) console.log("line " + i); "done"');
      expect(result.stdout.length).toBeLessThan(4100);
      expect(result.stdout).toMatch(/^line 0\nline 1\n/);
      const total = Array.from({ length: 20000 }, (_, i) => `line ${i}\n`).join("").length - 1;
      expect(result.stdout).toMatch(new RegExp(`… \\[truncated ${total - 4000} chars\\]$`));
      expect(result.text.endsWith("<result>done</result>")).toBe(true);
    });

    // The speed (200,000 calls in ~150–180 ms of CPU, within a 500 ms budget) is bench/console.mjs's
    // figure; a timed assertion here failed on a loaded 2-core machine (wall time doubles there).
    it("200,000 console.log calls: past the cap a call only counts, exactly for numbers", async () => {
      const strict = await create({ timeoutMs: 5000, wallTimeoutMs: 30_000 });
      try {
        const result = await strict.eval("for (let i = 0; i < 200000; i++) console.log(i); 1");
        expect(result.error).toBeUndefined();
        expect(result.value).toBe(1);
        expect(result.stdout).toMatch(/^0\n1\n2\n/);
        // Numbers are counted exactly without being formatted.
        let total = -1; // the last newline is not part of the body
        for (let i = 0; i < 200000; i++) total += String(i).length + 1;
        expect(result.stdout.endsWith(`… [truncated ${total - 4000} chars]`)).toBe(true);
        expect(result.text.endsWith("</stdout>\n<result>1</result>")).toBe(true);
      } finally {
        await strict.dispose();
      }
    });

    it("the truncation count is exact for short output and for primitives, at most the real count past that", async () => {
      const small = await create({ maxResultChars: 100 });
      const droppedOf = (stdout: string) => Number(/… \[truncated (\d+) chars\]$/.exec(stdout)?.[1]);
      try {
        // Within twice the cap every line is formatted: exact for objects too.
        const short = await small.eval("for (let i = 0; i < 11; i++) console.log({ i, s: 'x' }); 1");
        const shortTotal = Array.from({ length: 11 }, (_, i) => `{ i: ${i}, s: 'x' }\n`).join("").length - 1;
        expect(droppedOf(short.stdout)).toBe(shortTotal - 100);
        // Far past it, lines of primitives (warn prefix, -0, bigint, booleans, null, undefined, symbols) stay exact…
        const primitives = await small.eval(
          "for (let i = 0; i < 1000; i++) console.warn('n', i, -0, 5n, true, false, null, undefined, Symbol('s'), 'a%b'); 1",
        );
        const line = (i: number) => `[warn] n ${i} -0 5n true false null undefined Symbol(s) a%b\n`;
        const primitivesTotal = Array.from({ length: 1000 }, (_, i) => line(i)).join("").length - 1;
        expect(droppedOf(primitives.stdout)).toBe(primitivesTotal - 100);
        // …objects and format strings count at their shortest: never more than the real count.
        const objects = await small.eval("for (let i = 0; i < 1000; i++) { console.log({ i }); console.log('%s=%d', 'i', i) } 1");
        const objectsTotal = Array.from({ length: 1000 }, (_, i) => `{ i: ${i} }\ni=${i}\n`).join("").length - 1;
        expect(droppedOf(objects.stdout)).toBeGreaterThan(2 * 1000);
        expect(droppedOf(objects.stdout)).toBeLessThanOrEqual(objectsTotal - 100);
      } finally {
        await small.dispose();
      }
    });
  });

  describe("limits", () => {
    it("times out a busy loop, then the thread still works", async () => {
      fresh();
      await evalIn("const kept = 7");
      const result = await evalIn("while (true) {}");
      expect(result.error?.type).toBe("Timeout");
      expect(result.error?.details).toEqual({ kind: "cpu" });
      expect((await evalIn("kept * 6")).value).toBe(42);
    });

    it("a timeout caught inside async code still ends the eval as Timeout", async () => {
      fresh();
      const result = await evalIn(
        "async function spin() { while (true) {} }\nlet caught = 0;\nfor (;;) { try { await spin() } catch (e) { caught++ } }",
      );
      expect(result.error?.type).toBe("Timeout");
      expect((await evalIn("1 + 1")).value).toBe(2);
    });

    it("re-arms the deadline for every eval", async () => {
      const loop = "let n = 0; for (let i = 0; i < 1e6; i++) n += i; n > 0";
      const probes: number[] = [];
      for (let i = 0; i < 3; i++) probes.push((await evalIn(loop, "calibration")).durationMs);
      const typicalMs = probes.sort((a, b) => a - b)[1]!;
      // Each run takes about an eighth of the timeout (room for a loaded machine's slower run: a quarter
      // was not enough in a full fresh-clone run); twenty runs take 2.5 times the timeout, so they exceed
      // it unless the deadline is re-armed.
      const strict = await create({ timeoutMs: Math.max(50, Math.ceil(typicalMs * 8)) });
      try {
        for (let i = 0; i < 20; i++) {
          const result = await strict.eval(loop);
          expect(result.status, `run ${i + 1}: ${result.text}`).toBe("ok");
        }
      } finally {
        await strict.dispose();
      }
    });

    // Filling the heap takes about half a second of CPU (the collector runs ever more often near
    // the limit): these interpreters get a budget a loaded machine cannot exhaust first.
    it("a memory bomb is OutOfMemory, then the thread works", async () => {
      const roomy = await create({ timeoutMs: 10_000, wallTimeoutMs: 30_000 });
      try {
        const result = await roomy.eval("const chunks = []; while (true) chunks.push(new Array(100000).fill(1))");
        expect(result.error?.type).toBe("OutOfMemory");
        expect((await roomy.eval("1 + 1")).value).toBe(2);
      } finally {
        await roomy.dispose();
      }
    });

    it("a memory bomb in a local scope keeps the thread's state", async () => {
      const roomy = await create({ timeoutMs: 10_000, wallTimeoutMs: 30_000 });
      try {
        await roomy.eval("const survivor = 'still here'");
        const result = await roomy.eval("(() => { const local = []; while (true) local.push('y'.repeat(4096)) })()");
        expect(result.error?.type).toBe("OutOfMemory");
        expect((await roomy.eval("survivor")).value).toBe("still here");
      } finally {
        await roomy.dispose();
      }
    });

    it("deep recursion is StackOverflow, then the thread works", async () => {
      fresh();
      await evalIn("const before = 'kept'");
      const result = await evalIn("function f() { f() } f()");
      expect(result.error?.type).toBe("StackOverflow");
      expect((await evalIn("before")).value).toBe("kept");
    });

    it("deep JSON.parse and JSON.stringify are StackOverflow, then evals work", async () => {
      fresh();
      const parsed = await evalIn("JSON.parse('['.repeat(200000) + ']'.repeat(200000))");
      expect(parsed.error?.type).toBe("StackOverflow");
      expect((await evalIn("1 + 1")).value).toBe(2);
      const built = await evalIn("let deep = []; for (let i = 0; i < 200000; i++) deep = [deep]; JSON.stringify(deep).length");
      // With a big native stack (workers) QuickJS's stringify does not overflow; its cycle check
      // is quadratic in the depth, so the CPU budget ends it instead.
      expect(["StackOverflow", "Timeout"]).toContain(built.error?.type);
      expect((await evalIn("2 + 2")).value).toBe(4);
    });

    it("a promise that can never settle is a fast Deadlock", async () => {
      fresh();
      const result = await evalIn("await new Promise(() => {})");
      expect(result.error?.type).toBe("Deadlock");
      expect(result.durationMs).toBeLessThan(500);
    });

    it("cancels an eval through its signal", async () => {
      fresh();
      const controller = new AbortController();
      controller.abort();
      const result = await qb.eval("1", { threadId: `t${threadCounter}`, signal: controller.signal });
      expect(result.error?.type).toBe("Cancelled");
    });
  });

  describe("capabilities", () => {
    it("has no ambient capabilities", async () => {
      fresh();
      const names = ["fetch", "require", "process", "XMLHttpRequest", "WebAssembly", "postMessage", "importScripts", "Deno", "navigator", "performance"];
      const result = await evalIn(`[${names.map((n) => `typeof ${n}`).join(", ")}]`);
      expect(result.value).toEqual(names.map(() => "undefined"));
      const imported = await evalIn("await import('fs')");
      expect(imported.status).toBe("error");
    });

    it("starts a virtual clock at 0 that advances only through timers", async () => {
      fresh();
      expect((await evalIn("[Date.now(), new Date().toISOString()]")).value).toEqual([0, "1970-01-01T00:00:00.000Z"]);
      const slept = await evalIn("await new Promise((resolve) => setTimeout(resolve, 60000)); Date.now()");
      expect(slept.value).toBe(60000);
      expect(slept.durationMs).toBeLessThan(1000);
      expect((await evalIn("Date.now()")).value).toBe(60000);
    });

    it("fires timers in order and intervals until cleared", async () => {
      fresh();
      const result = await evalIn(
        [
          "const order = [];",
          "setTimeout(() => order.push('b@' + Date.now()), 20);",
          "setTimeout(() => order.push('a@' + Date.now()), 10);",
          "let ticks = 0; const id = setInterval(() => { if (++ticks === 3) clearInterval(id) }, 5);",
          "await new Promise((r) => setTimeout(r, 30));",
          "[order, ticks]",
        ].join("\n"),
      );
      expect(result.value).toEqual([["a@10", "b@20"], 3]);
    });

    it("cancels timers still pending when the eval ends", async () => {
      fresh();
      await evalIn("globalThis.fired = false; setTimeout(() => { globalThis.fired = true }, 10); 'scheduled'");
      expect((await evalIn("await new Promise((r) => setTimeout(r, 50)); fired")).value).toBe(false);
    });

    it("uses UTC dates", async () => {
      fresh();
      expect((await evalIn("new Date(86400000).toString()")).value).toBe("Fri Jan 02 1970 00:00:00 GMT+0000");
      expect((await evalIn("new Date(0).getTimezoneOffset()")).value).toBe(0);
    });
  });
}
