/**
 * What the engine keeps of a thread's cells for the error bridge (src/engine/cell-sources.ts), at
 * its bounds, and its answers to requests a program could shape (the guest controls them).
 */
import { describe, expect, it } from "vitest";
import { CellSources, MAX_CELL_SOURCE_CHARS, MAX_CELL_SOURCES } from "../../src/engine/cell-sources.js";
import { encodeErrorSiteQuery } from "../../src/error-bridge-protocol.js";

const callQuery = (file: string) => encodeErrorSiteQuery({ kind: "call", file, line: 1, column: 6, topLevel: true, caller: null, message: "not a function" });

describe("CellSources", () => {
  it("names a call from a remembered cell", () => {
    const sources = new CellSources();
    sources.remember("cell-1.js", "a.b.c()");
    expect(sources.describe(callQuery("cell-1.js"))).toBe("a.b.c is not a function");
  });

  it(`keeps the last ${MAX_CELL_SOURCES} cells: the oldest is forgotten, the newest answered`, () => {
    const sources = new CellSources();
    for (let i = 1; i <= MAX_CELL_SOURCES + 1; i++) sources.remember(`cell-${i}.js`, `f${i}.g()`);
    expect(sources.describe(callQuery("cell-1.js"))).toBe("");
    expect(sources.describe(callQuery("cell-2.js"))).toBe("f2.g is not a function");
    expect(sources.describe(callQuery(`cell-${MAX_CELL_SOURCES + 1}.js`))).toBe(`f${MAX_CELL_SOURCES + 1}.g is not a function`);
  });

  it(`keeps at most ${MAX_CELL_SOURCE_CHARS} characters of code, and always the newest cell`, () => {
    const sources = new CellSources();
    const padding = "\n".repeat(MAX_CELL_SOURCE_CHARS / 2);
    sources.remember("cell-1.js", `a1.g()${padding}`);
    sources.remember("cell-2.js", `a2.g()${padding}`);
    sources.remember("cell-3.js", `a3.g()${padding}${padding}`);
    expect(sources.describe(callQuery("cell-1.js"))).toBe("");
    expect(sources.describe(callQuery("cell-2.js"))).toBe("");
    expect(sources.describe(callQuery("cell-3.js"))).toBe("a3.g is not a function");
  });

  it("answers a malformed or unknown request with nothing", () => {
    const sources = new CellSources();
    sources.remember("cell-1.js", "a.b()");
    for (const request of ["", "call", "call\ncell-1.js\n0\n1\n1\n\n\n\nnot a function", "hack\ncell-1.js\n1\n1\n1\n\n\n\nx", callQuery("cell-9.js"), "call\ncell-1.js\n1e9\n1\n1\n\n\n\nnot a function"]) {
      expect(sources.describe(request)).toBe("");
    }
  });

  it("answers for a cell that does not parse only what V8 would say of its syntax", () => {
    const sources = new CellSources();
    sources.remember("cell-1.js", "console.log(1");
    expect(sources.describe(callQuery("cell-1.js"))).toBe("");
    expect(sources.describe(encodeErrorSiteQuery({ kind: "syntax", file: "cell-1.js", line: 1, column: 14, topLevel: true, caller: null, message: "expecting ','" }))).toBe("missing ) after argument list");
  });
});
