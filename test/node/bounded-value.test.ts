/**
 * The bounding itself (src/result/tree-size.ts, src/result/bounded-value.ts), on host values built
 * here: the measure agrees with a naive tree walk of the same cost on random graphs (shared
 * references and cycles), and the tree copy has no repeated object, no hole, and means the original
 * once its markers are resolved. The end-to-end paths are in bounded-values-suite.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundAsTree, SHARED_MARKER, SPARSE_MARKER } from "../../src/result/bounded-value.js";
import { fitsAsTree } from "../../src/result/tree-size.js";
import { markerFormFits } from "../../src/result/marker-size.js";
import { copyAsTree } from "../../src/result/tree-copy.js";
import { MARKER_CHARS } from "../../src/result/tree-costs.js";

/** The same cost as tree-size.ts, walked naively (exponential on shared references: small graphs only). */
function naiveTreeChars(value: unknown, ancestors = new Set<unknown>()): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null) return 6;
  if (ancestors.has(value)) return 26;
  ancestors.add(value);
  let chars = 2;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) chars += index in value ? 1 + naiveTreeChars(value[index], ancestors) : 6;
  } else {
    for (const [key, item] of Object.entries(value)) chars += key.length + 4 + naiveTreeChars(item, ancestors);
  }
  ancestors.delete(value);
  return chars;
}

/**
 * A random graph of plain objects and arrays: `nodes` containers whose children point at
 * primitives or at any container (earlier ones: sharing; later ones or itself: cycles when `cyclic`).
 */
const graphs = (cyclic: boolean) =>
  fc
    .record({
      nodes: fc.integer({ min: 1, max: 7 }),
      shapes: fc.array(fc.record({ array: fc.boolean(), children: fc.array(fc.oneof(fc.nat(20), fc.string({ maxLength: 5 })), { maxLength: 4 }) }), { minLength: 7, maxLength: 7 }),
    })
    .map(({ nodes, shapes }) => {
      const containers: (unknown[] | Record<string, unknown>)[] = shapes.slice(0, nodes).map((shape) => (shape.array ? [] : {}));
      shapes.slice(0, nodes).forEach((shape, at) => {
        shape.children.forEach((child, slot) => {
          // A number picks a container (below `at` only, unless cycles are wanted); a string is a leaf.
          const pick = typeof child === "number" ? (cyclic ? child % nodes : at > 0 ? child % at : -1) : -1;
          const value = pick >= 0 && (cyclic || pick < at) ? containers[pick] : child;
          const container = containers[at]!;
          if (Array.isArray(container)) container.push(value);
          else container[`k${slot}`] = value;
        });
      });
      return containers[nodes - 1];
    });

/** Every `{ $shared: pointer }` replaced by what the pointer names in `root` (a JSON Pointer from "#"). */
function resolveMarkers(root: unknown): unknown {
  const at = (pointer: string): unknown =>
    pointer
      .slice(2)
      .split("/")
      .filter((segment, index, all) => all.length > 1 || segment !== "")
      .reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment.replace(/~1/g, "/").replace(/~0/g, "~")], root);
  const resolve = (node: unknown): unknown => {
    if (typeof node !== "object" || node === null) return node;
    for (const [key, item] of Object.entries(node)) {
      if (typeof item === "object" && item !== null && SHARED_MARKER in item) (node as Record<string, unknown>)[key] = at((item as Record<string, string>)[SHARED_MARKER]!);
      else resolve(item);
    }
    return node;
  };
  return resolve(root);
}

function objectsIn(value: unknown, seen: unknown[] = []): unknown[] {
  if (typeof value !== "object" || value === null) return seen;
  seen.push(value);
  for (const item of Object.values(value)) objectsIn(item, seen);
  return seen;
}

describe("fitsAsTree", () => {
  it("agrees with a naive tree walk on random graphs with shared references", () => {
    fc.assert(
      fc.property(graphs(false), fc.nat(400), (value, budget) => {
        expect(fitsAsTree(value, budget)).toBe(naiveTreeChars(value) <= budget);
      }),
      { numRuns: 500 },
    );
  });

  it("agrees with a naive tree walk (cycles stopped at an ancestor) on random graphs with cycles and shared references", () => {
    fc.assert(
      fc.property(graphs(true), fc.nat(2000), (value, budget) => {
        expect(fitsAsTree(value, budget)).toBe(naiveTreeChars(value) <= budget);
      }),
      { numRuns: 500 },
    );
  });

  it("answers for 2^60 paths in 61 objects in a few steps, and a step cap makes a walk that needs more answer false", () => {
    let tree: unknown = { x: 1 };
    for (let level = 0; level < 60; level++) tree = { a: tree, b: tree };
    expect(fitsAsTree(tree, 2 ** 50, 200)).toBe(false);
    let small: unknown = { x: 1 };
    for (let level = 0; level < 10; level++) small = { a: small, b: small };
    expect(fitsAsTree(small, 50_000, 100)).toBe(true);
    expect(fitsAsTree(small, 50_000, 10)).toBe(false);
  });

  it("an array longer than the budget does not fit without looking at its slots", () => {
    const sparse: unknown[] = [];
    sparse[2 ** 32 - 2] = 1;
    expect(fitsAsTree(sparse, 1_000_000, 5)).toBe(false);
  });
});

describe("boundAsTree", () => {
  it("a value that fits is returned as it is; one that does not becomes a tree whose markers resolve to the original", () => {
    fc.assert(
      fc.property(graphs(true), fc.integer({ min: 0, max: 600 }), (value, budget) => {
        const bounded = boundAsTree(value, budget);
        if (naiveTreeChars(value) <= budget) {
          expect(bounded.value).toBe(value);
          return;
        }
        const objects = objectsIn(bounded.value);
        expect(new Set(objects).size, "every object of the copy appears once").toBe(objects.length);
        // Past the budget, markers stop naming their paths ("…"); the named ones resolve.
        if (!JSON.stringify(bounded.value).includes('"…"')) expect(resolveMarkers(bounded.value)).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it("marks repeats of long strings, of binary data (also a second view of one buffer) and holey arrays; short strings repeat as they are", () => {
    const long = "l".repeat(17);
    const buffer = new ArrayBuffer(8);
    const sparse: unknown[] = ["a"];
    sparse[10] = "b";
    const value = { s: [long, long, "short", "short"], bytes: [new Uint8Array(buffer), new Uint16Array(buffer)], sparse, pad: "p".repeat(200) };
    const bounded = boundAsTree(value, 100);
    expect(bounded.value).toEqual({
      s: [long, { [SHARED_MARKER]: "#/s/0" }, "short", "short"],
      bytes: [new Uint8Array(buffer), { [SHARED_MARKER]: "#/bytes/0" }],
      sparse: { [SPARSE_MARKER]: { length: 11, items: { 0: "a", 10: "b" } } },
      pad: "p".repeat(200),
    });
    expect(bounded).toMatchObject({ repeats: 2, sparseArrays: 1 });
  });

  it("paths name Map entries and Set members by position, escape ~ and /, and say … once their characters pass the budget", () => {
    const shared = { v: 1 };
    const value = { "a/b~c": shared, m: new Map([[shared, shared]]), s: new Set([shared]), pad: "p".repeat(100) };
    expect(boundAsTree(value, 60).value).toEqual({
      "a/b~c": { v: 1 },
      m: new Map([[{ [SHARED_MARKER]: "#/a~1b~0c" }, { [SHARED_MARKER]: "#/a~1b~0c" }]]),
      s: new Set([{ [SHARED_MARKER]: "#/a~1b~0c" }]),
      pad: "p".repeat(100),
    });
    // 40 levels: the markers' paths grow to 81 characters; a 1,000-character budget names the first ones only.
    let tree: unknown = { x: 1 };
    for (let level = 0; level < 40; level++) tree = { a: tree, b: tree };
    const markers = JSON.stringify(boundAsTree(tree, 1000).value).match(/"\$shared":"[^"]*"/g)!;
    expect(markers).toHaveLength(40);
    expect(markers.filter((marker) => marker.endsWith('"…"')).length).toBeGreaterThan(20);
    expect(markers[0]).toBe(`"$shared":"#${"/a".repeat(40)}"`);
  });
});

/** The tree size of a tree copy, each `{ $shared }` marker counted as MARKER_CHARS (its path apart). */
function naiveMarkedChars(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null) return 6;
  if (SHARED_MARKER in value) return MARKER_CHARS;
  let chars = 2;
  if (Array.isArray(value)) for (const item of value) chars += 1 + naiveMarkedChars(item);
  else for (const [key, item] of Object.entries(value)) chars += key.length + 4 + naiveMarkedChars(item);
  return chars;
}

describe("markerFormFits", () => {
  it("agrees with the size of the tree copy, markers counted without their paths, on random graphs with cycles and shared references", () => {
    fc.assert(
      fc.property(graphs(true), fc.nat(600), (value, budget) => {
        expect(markerFormFits(value, budget)).toBe(naiveMarkedChars(copyAsTree(value, Infinity).value) <= budget);
      }),
      { numRuns: 500 },
    );
  });

  it("an array with holes counts as { $sparse } with its items; a value too large even so is not delivered", () => {
    const sparse: unknown[] = [];
    sparse[4294967294] = "x";
    // 34 around the items and the length's 10 digits, then "4294967294" (10) + 4 + "x" (3).
    expect(markerFormFits(sparse, 61)).toBe(true);
    expect(markerFormFits(sparse, 60)).toBe(false);
    const repeats = new Array(1000).fill("r".repeat(100));
    expect(boundAsTree(repeats, 10_000, Infinity, 20_000).repeats).toBe(999);
    expect(boundAsTree(repeats, 10_000, Infinity, 10_000)).toEqual({ value: undefined, tooLarge: true, repeats: 0, sparseArrays: 0 });
  });
});

describe("host guards against forged deep text (defence in depth: the guest's own reports cannot make it today)", () => {
  it("a value copy nested 400,000 levels is refused before it is parsed, in milliseconds", async () => {
    const { readValueCopy } = await import("../../src/result/value-copy.js");
    const text = "[".repeat(400000) + "]".repeat(400000);
    const started = performance.now();
    expect(() => readValueCopy(text, 2 ** 20)).toThrow(/the copy nests deeper than a copy can/);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("a call whose arguments nest 500,000 levels is a ToolInputError; the tool never runs", async () => {
    const { CallExecutor } = await import("../../src/host/call-executor.js");
    const { HoldPolicy } = await import("../../src/host/hold-policy.js");
    const { ToolRegistry } = await import("../../src/host/tool-registry.js");
    const { loadToolSchemas } = await import("../../src/host/tool-schemas-loader.js");
    let runs = 0;
    const executor = new CallExecutor(new ToolRegistry([{ name: "take", execute: () => ++runs }], await loadToolSchemas()), new HoldPolicy(undefined), undefined, { maxToolPayloadBytes: 4 * 2 ** 20, sanitizeToolErrors: false, emit: () => {} });
    const results = await new Promise<{ ok: boolean; error?: { name: string; message: string } }[]>((resolve) =>
      executor.run([{ id: "call_0", kind: "tool", name: "take", args: "[".repeat(500000) + "]".repeat(500000) }], { threadId: "t", signal: new AbortController().signal }, resolve),
    );
    expect(results[0]).toMatchObject({ ok: false, error: { name: "ToolInputError", message: "take: the arguments are nested more than 1000 levels deep" } });
    expect(runs).toBe(0);
  });
});
