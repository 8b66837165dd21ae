/**
 * V8's SyntaxError messages as the engine words a cell that does not parse
 * (src/engine/syntax-messages.ts), checked against Node's own parser (`new vm.Script`): the
 * mistakes models make, and every prefix of some programs (code cut off anywhere).
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { v8SyntaxMessage } from "../../src/engine/syntax-messages.js";

function nodeSyntaxMessage(code: string): string | null {
  try {
    new vm.Script(code);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const MISTAKES = [
  "console.log((1 + 2)",
  'console.log("a"',
  'fetchData(url, { method: "POST" }\nconsole.log(1)',
  "foo(a b)",
  "new Thing(1 2)",
  "function f() {\n  return 1;",
  "const f = () => {\n  return 1;\n}\n}",
  "function load() {\n  await fetch(url);\n}",
  "items.forEach((item) => {\n  await save(item);\n});",
  "class A {\n  m() {\n    await 1;\n  }\n}",
  "const t = `abc",
  "const t = `a${b}",
  'const s = "abc',
  "const s = 'abc\nd';",
  "```js\nconst x = 1;",
  "def f():\n  return 1",
  'print "hello"',
  '{"a": 1, "b": 2}',
  "const o = { a: 1 b: 2 }",
  "const a = [1 2]",
  "const x;",
  "const a = 1, b;",
  "let a = 1;\nlet a = 2;",
  "1 = 2",
  "1++",
  "++1",
  "else {\n}",
  "const class = 1",
  '"use strict";\nlet interface = 1',
  "const o = {};\no?.a = 1",
  "const x = 1 @ 2",
  "const o = {",
  "if (x > 1 {\n}",
  "const r = /abc",
  "break",
  "continue",
  "function f() {\n  yield 1;\n}",
  '"use strict";\nlet q = 1;\ndelete q',
  '"use strict";\nconst n = 010',
  '"use strict";\nconst n = 09',
  "const f = () =>",
  "Math.max(1,,2)",
  "console.log(1))",
  "let 1x = 2",
  "const a = [1, 2",
  "for (const x of [1] {}",
  "const f = (a, b => a + b",
  "const { a } ;",
  "x => { return }}",
  "if (a) { b } else if { c }",
  "switch (x) { case 1 console.log(1) }",
  "try { a() }",
  "const f = function () { return 1 ;",
  "let x = 1\nlet y = = 2",
  "obj.method(arg1, arg2,",
  "const { a, b = } = obj",
  "import x from 'y'; export default 1",
  "async function f() { await }",
  "class { }",
  "function () {}",
  "a => { }; =>",
  "for (let i = 0; i < 3; i++ {}",
  "while true {}",
];

const PROGRAMS = [
  'const data = { items: [1, 2, 3], name: "x" };\nfunction total(list) {\n  return list.reduce((a, b) => a + b, 0);\n}\nconsole.log(`sum: ${total(data.items)}`, data.name);',
  "class Store {\n  #items = new Map();\n  add(key, value = {}) {\n    this.#items.set(key, { ...value, at: Date.now() });\n  }\n}\nfor (const [k, v] of Object.entries({ a: 1 })) new Store().add(k, { v });",
  "async function run() {\n  try {\n    const r = await fetchAll(['a', 'b']);\n    return r?.map((x) => x ** 2) ?? [];\n  } catch ({ message }) {\n    throw new Error(`failed: ${message}`);\n  }\n}",
];

describe("V8's SyntaxError messages", () => {
  it("for the mistakes models make, are Node's", () => {
    const cases = MISTAKES.map((code) => ({ code, ours: v8SyntaxMessage(code), node: nodeSyntaxMessage(code) }));
    expect(cases.filter((c) => c.node === null).map((c) => c.code)).toEqual([]);
    expect(cases.filter((c) => c.ours !== c.node)).toEqual([]);
  });

  it("for programs cut off anywhere, are Node's", () => {
    const cases = PROGRAMS.flatMap((program) => Array.from({ length: program.length }, (_, end) => program.slice(0, end)))
      .map((code) => ({ code, ours: v8SyntaxMessage(code), node: nodeSyntaxMessage(code) }))
      .filter((c) => c.node !== null);
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.filter((c) => c.ours !== c.node)).toEqual([]);
  });
});
