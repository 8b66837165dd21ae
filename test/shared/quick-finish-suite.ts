/**
 * The eval fast path (src/engine/quick-finish.ts) against the general path: a cell that finishes
 * at once with a primitive is read by the host; the same expression after `await null` cannot
 * finish at once and goes through the guest's renderer. Both must give the same EvalResult, and
 * whatever the fast path must leave to the guest (output, timers, calls, progress, limits) must
 * still come out right.
 */
import { expect, it } from "vitest";
import type { EvalResult, InterpreterOptions } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** What a caller can tell apart (durationMs and evalId differ by nature). */
function visible(result: EvalResult): unknown {
  return { status: result.status, text: result.text, value: result.value, stdout: result.stdout, warnings: result.warnings, error: result.error, toolCalls: result.toolCalls };
}

const PRIMITIVES = [
  "1+1",
  "-0",
  "0",
  "NaN",
  "Infinity",
  "-Infinity",
  "0.1 + 0.2",
  "1e21",
  "5e-324",
  "2 ** 53 + 2",
  "10n ** 30n",
  "-7n",
  "'hello'",
  "''",
  "'<result>&amp;</result>'",
  "'line\\nbreak \\u2028 tab\\t quote\" backslash\\\\'",
  "'\\u00e9\\u4e2d\\ud83d\\ude00'",
  "'lone \\ud800 surrogate'",
  "'x'.repeat(5000)",
  // U+0000 ends QuickJS's C string and a lone surrogate is not UTF-8: both must arrive whole.
  "'a\\u0000b'",
  "'\\u0000'",
  "atob('AAEC')",
  "'x'.repeat(40) + '\\u0000y'",
  "'x'.repeat(5000) + '\\u0000'",
  "'\\ud800'",
  "'\\udc00\\ud800'",
  "'x'.repeat(40) + '\\ud800'",
  "'\\ufffd\\u0000\\ud800\\u00e9'",
  "'\\u00e9\\ud83d\\ude00'.repeat(3000) + '\\u0000' + '\\ud800'.repeat(9000)",
  // U+FEFF leading a string is text, not a byte order mark (found by the differential property test).
  "'\\ufeff'.repeat(30)",
  "'\\ufeffstarts with a zero-width no-break space'",
  "true",
  "false",
  "undefined",
  "null",
  "void 0",
  "typeof 1",
];

export function defineQuickFinishSuite(create: InterpreterFactory): void {
  const tracked = trackedInterpreters(create);
  const make = (options?: InterpreterOptions) => tracked({ timeoutMs: 10_000, ...options });

  it("a primitive result reads the same whether the cell finished at once or after an await", async () => {
    const qb = await make({ maxResultChars: 4000 });
    for (const expression of PRIMITIVES) {
      const atOnce = await qb.eval(`(${expression})`);
      const later = await qb.eval(`await null; (${expression})`);
      expect(visible(atOnce), expression).toEqual(visible(later));
      expect(atOnce.status, expression).toBe("ok");
    }
  });

  it("after a tool call, a primitive result reads the same through the settled fast path and the general poll", async () => {
    const qb = await make({ maxResultChars: 4000, tools: [{ name: "echo", description: "returns its input", execute: async (input: unknown) => input }] });
    for (const expression of PRIMITIVES) {
      // A pending timer keeps the eval off the fast path; the poll cancels it and renders as usual.
      const quick = await qb.eval(`await tools.echo({}); (${expression})`);
      const general = await qb.eval(`await tools.echo({}); setTimeout(() => {}, 1e6); (${expression})`);
      expect(visible(quick), expression).toEqual(visible(general));
      expect(quick.toolCalls, expression).toBe(1);
    }
  });

  it("strings holding U+0000 or lone surrogates arrive whole: the value, the text and streamed console text", async () => {
    const streamed: string[] = [];
    const qb = await make({ streamConsole: true, onEvent: (event) => void (event.type === "stdout" && streamed.push(event.text)) });
    const cases: [string, string][] = [
      ["'a\\u0000b'", "a\u0000b"],
      ["atob('AAEC')", "\u0000\u0001\u0002"],
      ["'\\ud800'", "\ud800"],
      ["'x'.repeat(40) + '\\u0000\\udc00'", "x".repeat(40) + "\u0000\udc00"],
    ];
    for (const [expression, expected] of cases) {
      const result = await qb.eval(expression);
      expect(result.value, expression).toBe(expected);
      expect(result.text, expression).toBe(`<result>${expected}</result>`);
    }
    const printed = await qb.eval("console.log('p\\u0000q', '\\ud800' + 'y'.repeat(40)); 1");
    expect(printed.stdout).toBe(`p\u0000q \ud800${"y".repeat(40)}`);
    expect(streamed.join("")).toBe(`${printed.stdout}\n`);
  });

  it("a value past maxResultChars or the value limit is cut and noted as before", async () => {
    const qb = await make({ maxResultChars: 50, maxToolPayloadBytes: 1000 });
    for (const expression of ["'y'.repeat(60)", "'z'.repeat(2000)", "123456789n ** 20n"]) {
      const atOnce = await qb.eval(expression);
      const later = await qb.eval(`await null; ${expression}`);
      expect(visible(atOnce), expression).toEqual(visible(later));
    }
    // A primitive whose copy (not its text) passes the value limit: noted, and the thread lives on
    // (it used to be a report the host refused: the thread was lost and restarted).
    const small = await make({ maxToolPayloadBytes: 64 });
    for (const expression of ["10n ** 60n", "-(10n ** 60n)"]) {
      const atOnce = await small.eval(expression);
      const later = await small.eval(`await null; ${expression}`);
      expect(visible(atOnce), expression).toEqual(visible(later));
      expect(atOnce.status).toBe("ok");
      expect(atOnce.warnings?.join(" ")).toMatch(/value not copied: larger than/);
      expect((await small.eval("'alive'")).warnings).toBeUndefined();
    }
    expect((await qb.eval("'z'.repeat(2000)")).warnings?.join(" ")).toMatch(/value not copied/);
  });

  it("what else the cell did still reaches the result: output, timers, unawaited calls, progress, jobs", async () => {
    const seen: string[] = [];
    const qb = await make({
      tools: [{ name: "note", description: "records its input", execute: async (input: unknown) => { seen.push(JSON.stringify(input)); return "noted"; } }],
      onEvent: (event) => {
        if (event.type === "progress") seen.push(`progress ${JSON.stringify(event.value)}`);
      },
    });
    const printed = await qb.eval("console.log('hi'); 3");
    expect(printed.value).toBe(3);
    expect(printed.stdout).toBe("hi");
    // A job queued by the cell runs before the result.
    expect((await qb.eval("globalThis.order = []; Promise.resolve().then(() => order.push('job')); order.push('cell'); 4")).value).toBe(4);
    expect((await qb.eval("order")).value).toEqual(["cell", "job"]);
    // A timer set by the cell is cancelled when the eval ends, as before; it never fires later.
    expect((await qb.eval("globalThis.fired = 0; setTimeout(() => fired++, 1); 5")).value).toBe(5);
    expect((await qb.eval("await new Promise((r) => setTimeout(r, 5)); fired")).value).toBe(0);
    // A tool called and not awaited: the eval still returns its value.
    const unawaited = await qb.eval("tools.note({ n: 1 }); 6");
    expect(unawaited.value).toBe(6);
    expect((await qb.eval("progress({ step: 1 }); 7")).value).toBe(7);
    expect(seen).toContain('progress {"step":1}');
    // And the next quick eval starts clean: nothing from before leaks into it.
    const clean = await qb.eval("8");
    expect(visible(clean)).toEqual({ status: "ok", text: "<result>8</result>", value: 8, stdout: "", warnings: undefined, error: undefined, toolCalls: 0 });
  });

  it("state and errors around quick evals: declarations persist, a throw is an error, the next eval is fine", async () => {
    const qb = await make();
    expect((await qb.eval("let counter = 1; counter")).value).toBe(1);
    expect((await qb.eval("counter += 1")).value).toBe(2);
    const thrown = await qb.eval("throw new RangeError('no')");
    expect(thrown.status).toBe("error");
    expect(thrown.error?.type).toBe("RangeError");
    expect((await qb.eval("counter")).value).toBe(2);
  });

  it("a cell evaluated again (its transform remembered, src/engine/cell-cache.ts) runs as one transformed anew", async () => {
    const qb = await make({ tools: [{ name: "echo", description: "returns its input", execute: async (input: unknown) => input }] });
    const cells = [
      "(() => 2)()",
      "async () => 5",
      "((a: number): number => a * 2)(4)",
      "let k = (globalThis.k ?? 0) + 1; globalThis.k = k; k",
      "function twice(x) { return 2 * x }; twice(3)",
      "(async () => { await null; return [1, 'a'] })()",
      "(async () => (await tools.echo({ i: 7 })).i)()",
      "const broken: number = ;",
      "(function () { throw new TypeError('t') })()",
    ];
    for (const [index, cell] of cells.entries()) {
      // Thread a: the same source twice (the second from the cache); thread b: sources no cache holds.
      const again = [await qb.eval(cell, { threadId: `a${index}` }), await qb.eval(cell, { threadId: `a${index}` })];
      const fresh = [await qb.eval(`${cell}\n// first`, { threadId: `b${index}` }), await qb.eval(`${cell}\n// second`, { threadId: `b${index}` })];
      expect(again.map(visible), cell).toEqual(fresh.map(visible));
      // Another thread gets the remembered transform too.
      expect(visible(await qb.eval(cell, { threadId: `c${index}` })), cell).toEqual(visible(fresh[0]!));
    }
    // Past the cache's bound, the oldest cell is transformed again: still the same result.
    for (let index = 0; index < 40; index++) expect((await qb.eval(`(() => ${index})()`)).value).toBe(index);
    expect((await qb.eval(cells[0]!)).value).toBe(2);
  });

  it("a cancelled signal wins over a result that is already there", async () => {
    const qb = await make();
    const controller = new AbortController();
    controller.abort();
    const result = await qb.eval("1+1", { signal: controller.signal });
    expect(result.status).toBe("error");
    expect(result.error?.type).toBe("Cancelled");
    expect((await qb.eval("2+2")).value).toBe(4);
  });
}
