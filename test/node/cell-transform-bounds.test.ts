/**
 * Guest text never runs unbounded on the host: the cell transform is linear in the cell's size,
 * and TypeScript that would make sucrase backtrack exponentially is refused before it runs.
 */
import { describe, expect, it } from "vitest";
import { MAX_DECLARATIONS, MAX_TYPE_ASSERTION_DEPTH, transformCell } from "../../src/engine/cell-transform.js";
import { typeAssertionDepth } from "../../src/engine/type-assertion-depth.js";

describe("typeAssertionDepth", () => {
  it.each([
    ["nested type assertions", "let u = " + "<T>(".repeat(19) + "0" + ")".repeat(19), 19],
    ["parenthesised", "let u = " + "(<T>(".repeat(12) + "0" + "))".repeat(12), 12],
    ["generic arrows, siblings and chained", "const f = <T,>(x: T) => x; const g = <U,>(y: U) => <V,>(z: V) => z;", 1],
    ["comparisons and generic calls", "if (a < b && c < d) f<T>(x); x = y<z>(w)", 0],
    ["inside strings, regexes, comments and template text", "const s = '<T>(<T>('; const r = /<T>(<T>(/; // <T>(<T>(\n const t = `<T>(${ 1 }<T>(`", 0],
    ["siblings in one call", "let x = <A>(<B>(y), <C>(z))", 2],
    ["inside a template substitution", "const t = `${ <A>(<B>(x)) }`", 2],
  ])("%s", (_name, code, depth) => {
    expect(typeAssertionDepth(code)).toBe(depth);
  });

  it("is linear: a megabyte of brackets and angles is scanned in well under a second", async () => {
    const code = "x = " + "(<T>y, ".repeat(100_000) + ")".repeat(100_000);
    const started = performance.now();
    expect(typeAssertionDepth(code)).toBe(1);
    // ~150 ms on a quiet machine; a loaded one took 1,043 ms. A quadratic rewrite would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("transformCell bounds", () => {
  it(`refuses TypeScript nesting type assertions deeper than ${MAX_TYPE_ASSERTION_DEPTH} at once, as a SyntaxError, without running sucrase`, async () => {
    const code = "let u = " + "<T>(".repeat(25) + "0" + ")".repeat(25);
    const started = performance.now();
    const cell = await transformCell(code, { full: true });
    expect(performance.now() - started).toBeLessThan(200);
    expect(cell.syntaxError?.message).toMatch(/nests type assertions .*25 levels.*at most/);
  });

  it("still transforms ordinary TypeScript with generic arrows and assertions", async () => {
    const cell = await transformCell("const id = <T,>(x: T): T => x; const n = <number>(<unknown>id(1)); n", { full: true });
    expect(cell.syntaxError).toBeUndefined();
    expect(cell.language).toBe("typescript");
  });

  it(`rewrites ${MAX_DECLARATIONS} top-level declarations quickly, and refuses a cell with more at once`, async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `let a${i} = ${i};`).join("\n");
    let started = performance.now();
    const cell = await transformCell(lines(MAX_DECLARATIONS));
    // ~150 ms on a quiet machine; a loaded one took 1,043 ms. A quadratic rewrite would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
    // Each declaration in its own block (no name is used before its declaration: no dead zone).
    expect(cell.code.startsWith('{let __quickbox_sink0 = __quickbox_bind__("a0", { "a0": 0 }["a0"]); }')).toBe(true);
    const last = MAX_DECLARATIONS - 1;
    expect(cell.code.endsWith(`{let __quickbox_sink0 = __quickbox_bind__("a${last}", { "a${last}": ${last} }["a${last}"]); }`)).toBe(true);
    started = performance.now();
    const refused = await transformCell(lines(30_000)); // took seconds of acorn's quadratic scope checks
    // A few ms on a quiet machine (a count before any parse); 104 ms on a loaded one. The quadratic parse took seconds.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.refused).toMatch(/more than 4000 declarations/);
  });

  it(`puts ${MAX_DECLARATIONS} names used before their declarations in one dead zone, in linear time`, async () => {
    const code = Array.from({ length: MAX_DECLARATIONS }, (_, i) => `use(b${i}); let b${i} = ${i};`).join("\n");
    const started = performance.now();
    const cell = await transformCell(code);
    // About 0.2 s unloaded; a scan per name (quadratic) would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(cell.code.split("__quickbox_tdz__").length - 1).toBe(1);
    expect(cell.code.startsWith(`{let __quickbox_sink0 = __quickbox_tdz__(["b0","b1",`)).toBe(true);
    expect(cell.code).toContain(`"b${MAX_DECLARATIONS - 1}"]); }`);
  });

  it("applies 10,000 edits in linear time (var declarations need none; classes two each)", async () => {
    const code = Array.from({ length: 2000 }, (_, i) => `class C${i} {}`).join("\n") + "\n" + "x = 1;\n".repeat(100_000);
    const started = performance.now();
    const cell = await transformCell(code);
    // Linear takes about 0.3 s unloaded; applying edits one by one (quadratic) took tens of seconds.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(cell.code.split('__quickbox_bind__("C').length - 1).toBe(2000);
  });

  it("adjacent classes on one line are rewritten into valid code", async () => {
    const cell = await transformCell("class A{}class B{}");
    expect(cell.code).toBe('{let __quickbox_sink0 = __quickbox_bind__("A", class A{}); }{let __quickbox_sink0 = __quickbox_bind__("B", class B{}); }');
  });
});
