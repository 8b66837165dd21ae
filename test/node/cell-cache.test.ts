/** CellCache (src/engine/cell-cache.ts) at its bounds: how many cells, how long a source, which one goes first. */
import { describe, expect, it } from "vitest";
import { CACHED_CELLS, CellCache, MAX_CACHED_SOURCE_CHARS } from "../../src/engine/cell-cache.js";
import type { TransformedCell } from "../../src/engine/cell-transform.js";

const cellOf = (code: string): TransformedCell => ({ code: `/*t*/${code}`, language: "javascript", parsed: true });

describe("CellCache", () => {
  it(`keeps ${CACHED_CELLS} cells and forgets the least recently used first`, () => {
    const cache = new CellCache();
    for (let index = 0; index < CACHED_CELLS; index++) cache.remember(`c${index}`, cellOf(`c${index}`));
    expect(cache.get("c0")?.code).toBe("/*t*/c0"); // c0 is now the most recently used; c1 the least
    cache.remember("new", cellOf("new"));
    expect(cache.size).toBe(CACHED_CELLS);
    expect(cache.get("c1")).toBeUndefined();
    expect(cache.get("c0")?.code).toBe("/*t*/c0");
    expect(cache.get("new")?.code).toBe("/*t*/new");
  });

  it(`does not keep a source longer than ${MAX_CACHED_SOURCE_CHARS} characters`, () => {
    const cache = new CellCache();
    const long = "x".repeat(MAX_CACHED_SOURCE_CHARS + 1);
    cache.remember(long, cellOf(long));
    expect(cache.get(long)).toBeUndefined();
    expect(cache.size).toBe(0);
    const longest = "y".repeat(MAX_CACHED_SOURCE_CHARS);
    cache.remember(longest, cellOf("y"));
    expect(cache.get(longest)?.code).toBe("/*t*/y");
  });

  it("10,000 distinct cells leave it at its bound", () => {
    const cache = new CellCache();
    for (let index = 0; index < 10_000; index++) cache.remember(`cell ${index}`, cellOf(String(index)));
    expect(cache.size).toBe(CACHED_CELLS);
    expect(cache.get("cell 9999")?.code).toBe("/*t*/9999");
    expect(cache.get(`cell ${9999 - CACHED_CELLS}`)).toBeUndefined();
  });
});
