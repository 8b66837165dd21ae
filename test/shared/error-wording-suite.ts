/**
 * Errors in Node's words (issue 31), beyond the oracle corpus (node-errors-suite.ts): stacks still
 * point at the user's lines, functions of earlier cells are named, the bounds of what the engine
 * keeps, a cell's temporal dead zone ending with the eval, what stays as the program made it,
 * and the replaced builtins still behaving as builtins. Shared by Node and Chromium, inline and worker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Interpreter } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

/** MAX_CELL_SOURCES in src/engine/cell-sources.ts: cells whose code the engine keeps. */
const CELLS_KEPT = 64;

export function defineErrorWordingSuite(create: InterpreterFactory): void {
  let qb: Interpreter;
  let thread = 0;
  const fresh = () => `wording-${++thread}`;

  beforeAll(async () => {
    qb = await create({ timeoutMs: 10_000, wallTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    await qb?.dispose();
  });

  describe("stacks keep pointing at the user's lines", () => {
    it("a call, a dead zone, a destructuring and a caught error report the line they are on", async () => {
      const threadId = fresh();
      const call = await qb.eval("const a = {};\nlet n = 1;\n\na.run(n)", { threadId });
      expect(call.error?.message).toBe("a.run is not a function");
      expect(call.error?.stack?.split("\n")[0]).toMatch(/^ {4}at <eval> \(cell-1\.js:4:\d+\)$/);
      const deadZone = await qb.eval("let ok = 1;\nlate = 2;\nlet late = 3;", { threadId });
      expect(deadZone.error?.message).toBe("Cannot access 'late' before initialization");
      expect(deadZone.error?.stack?.split("\n")[0]).toMatch(/^ {4}at <eval> \(cell-2\.js:2:\d+\)$/);
      const destructured = await qb.eval("const x = 1;\n\nconst { items } = null;", { threadId });
      expect(destructured.error?.message).toBe("Cannot destructure property 'items' of 'null' as it is null.");
      expect(destructured.error?.stack).toMatch(/^ {4}at <eval> \(cell-3\.js:3:\d+\)$/);
      const rethrown = await qb.eval("try {\n  null.x;\n} catch (e) {\n  e.stack;\n}", { threadId });
      expect(rethrown.value).toMatch(/^ {4}at <eval> \(cell-4\.js:2:\d+\)/);
    });

    it("a syntax error keeps QuickJS's position, in Node's words", async () => {
      const result = await qb.eval("const a = 1;\nconsole.log(a\nconst b = 2;", { threadId: fresh() });
      expect(result.error?.message).toBe("missing ) after argument list");
      expect(result.error?.stack).toMatch(/^ {4}at cell-1\.js:3:\d+$/);
    });
  });

  describe("the source the engine keeps", () => {
    it("names what failed in a function of an earlier cell", async () => {
      const threadId = fresh();
      await qb.eval("function use(service) {\n  return service.start();\n}", { threadId });
      expect((await qb.eval("use({})", { threadId })).error?.message).toBe("service.start is not a function");
    });

    it(`past ${CELLS_KEPT} cells, an old cell's function keeps QuickJS's words, and the thread goes on`, async () => {
      const threadId = fresh();
      await qb.eval("function use(service) {\n  return service.start();\n}", { threadId });
      for (let i = 0; i < CELLS_KEPT; i++) await qb.eval(`${i}`, { threadId });
      expect((await qb.eval("use({})", { threadId })).error?.message).toBe("not a function");
      expect((await qb.eval("const z = {};\nz.go()", { threadId })).error?.message).toBe("z.go is not a function");
    });

    it("names each of 300 failing call sites a loop catches (more than the guest keeps answers for)", async () => {
      const sites = Array.from({ length: 300 }, (_, i) => `try { target.m${i}(); } catch (e) { messages.push(e.message); }`).join("\n");
      const result = await qb.eval(`const target = {};\nconst messages = [];\nfor (let round = 0; round < 2; round++) {\n${sites}\n}\nmessages`, { threadId: fresh() });
      const expected = Array.from({ length: 300 }, (_, i) => `target.m${i} is not a function`);
      expect(result.value).toEqual([...expected, ...expected]);
    });

    it("cannot be reached by the program", async () => {
      expect((await qb.eval("typeof __quickboxHostErrors", { threadId: fresh() })).value).toBe("undefined");
    });
  });

  describe("a cell's temporal dead zone", () => {
    it("ends with the eval: a declaration the cell never reached leaves the name as it was", async () => {
      const threadId = fresh();
      await qb.eval("const kept = 1;", { threadId });
      const failed = await qb.eval('throw new Error("stop");\nconst kept = 2;\nlet fresh = 3;', { threadId });
      expect(failed.error?.message).toBe("stop");
      expect((await qb.eval("kept", { threadId })).value).toBe(1);
      expect((await qb.eval("typeof fresh", { threadId })).value).toBe("undefined");
      expect((await qb.eval("kept = 5", { threadId })).error?.message).toBe("Assignment to constant variable.");
    });

    it("lasts across awaits; when the declaration is not reached, the name keeps its last value", async () => {
      const threadId = fresh();
      const cell = "await null;\nif (globalThis.early) total = 0;\nlet total = 10;\ntotal + 1";
      expect((await qb.eval(cell, { threadId })).value).toBe(11);
      await qb.eval("globalThis.early = true", { threadId });
      expect((await qb.eval(cell, { threadId })).error?.message).toBe("Cannot access 'total' before initialization");
      expect((await qb.eval("total", { threadId })).value).toBe(10);
    });
  });

  describe("what the program made stays as it made it", () => {
    it("its own error classes and the messages it sets are not reworded", async () => {
      const threadId = fresh();
      const own = await qb.eval('class Oops extends TypeError {}\nthrow new Oops("not a function")', { threadId });
      expect(own.error?.message).toBe("not a function");
      const replaced = await qb.eval('try { null.x } catch (e) { e.message = "mine"; throw e }', { threadId });
      expect(replaced.error?.message).toBe("mine");
    });
  });

  describe("the builtins that give V8's messages are still builtins", () => {
    it("keep their names, lengths, prototypes and behaviour", async () => {
      const result = await qb.eval(
        `[JSON.parse.name, JSON.parse.length, JSON.stringify.name, JSON.stringify.length, Promise.prototype.then.name, Promise.prototype.then.length,
         String.prototype.repeat.name, "ab".repeat(2), BigInt.name, BigInt.length, typeof BigInt(7), Object.getPrototypeOf(1n) === BigInt.prototype,
         BigInt.prototype.constructor === BigInt, BigInt.asIntN(8, 257n), JSON.parse('{"a":[1]}').a[0], JSON.stringify({ a: 1 }),
         await Promise.reject(new Error("r")).then(null, (e) => e.message), Object.keys(JSON)]`,
        { threadId: fresh() },
      );
      expect(result.value).toEqual(["parse", 2, "stringify", 3, "then", 2, "repeat", "abab", "BigInt", 1, "bigint", true, true, 1n, 1, '{"a":1}', "r", []]);
    });

    it("a deep JSON.parse is still a StackOverflow, not a JSON message", async () => {
      const result = await qb.eval('JSON.parse("[".repeat(100000) + "x")', { threadId: fresh() });
      expect(result.error?.type).toBe("StackOverflow");
    });
  });

  describe("hostile programs", () => {
    it("a callee nested thousands deep is named without overflowing, and the thread goes on", async () => {
      const threadId = fresh();
      const chain = "o" + ".a".repeat(5000);
      const result = await qb.eval(`const o = {};\no.a = o;\n${chain}.run()`, { threadId });
      expect(result.error?.message).toMatch(/^(\(intermediate value\))?[.a]*\.run is not a function$/);
      const sum = `(${"1 + (".repeat(150)}x${")".repeat(150)})()`;
      expect((await qb.eval(`const x = 1;\n${sum}`, { threadId })).error?.message).toMatch(/ is not a function$/);
      expect((await qb.eval("1 + 1", { threadId })).value).toBe(2);
    });

    it("a constant with a 3,000-character name assigned in a function keeps a message, and the thread goes on", async () => {
      const threadId = fresh();
      const name = `c${"x".repeat(3000)}`;
      const result = await qb.eval(`function f() {\n  const ${name} = 1;\n  ${name} = 2;\n}\nf()`, { threadId });
      expect(result.error?.type).toBe("TypeError");
      expect((await qb.eval("1 + 1", { threadId })).value).toBe(2);
    });
  });
}
