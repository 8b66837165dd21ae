/**
 * The guest's bounded copy (src/guest/bounded-copy.ts), run here on Node values: below the limits
 * it writes exactly what devalue writes with the same reducers (so the host reads what it read
 * before), and it refuses exactly where the host refuses devalue's copy — the text past the limit,
 * or the value past both tree bounds (src/result/bounded-value.ts) — on random graphs of shared
 * references; with cycles, it never refuses what the host would deliver. And it stops early: the
 * 250,000-reference value is refused after reading a fraction of its slots.
 */
import fc from "fast-check";
import { stringify } from "devalue";
import { beforeAll, describe, expect, it } from "vitest";
import { boundedCopy, BoundedCopyRun, type CopyReducers } from "../../src/guest/bounded-copy.js";
import { readValueCopy } from "../../src/result/value-copy.js";
import { decodeBase64, encodeBase64 } from "../../src/guest/base64.js";
import { valueCodec } from "../../src/result/value-codec.js";

const base64 = (buffer: ArrayBuffer) => Buffer.from(buffer).toString("base64");
const handleText = (value: unknown) => (typeof value === "function" ? `[Function: ${value.name}]` : `[${typeof value}]`);

/** The reducers the guest's render.ts hands the copy, in Node terms. */
const reducers = (limitChars: number): CopyReducers => ({
  handle: (value) => {
    if (typeof value === "function" || typeof value === "symbol" || value instanceof WeakMap || value instanceof Promise) return handleText(value);
    if ((ArrayBuffer.isView(value) || value instanceof ArrayBuffer) && value.byteLength * 1.4 > limitChars) return `binary (${value.byteLength} bytes) [not copied: too large]`;
    return undefined;
  },
  error: (error) => ({ name: error.name, message: error.message, stack: "" }),
  ownData: (object) => ({ ...object }),
  base64,
});

/** The same reducers as devalue took them before the bounded copy (render.ts's former copyValue). */
const devalueReducers = (limitChars: number) => {
  const own = reducers(limitChars);
  return {
    Handle: (value: unknown) => own.handle(value),
    ArrayBuffer: (value: unknown) => (value instanceof ArrayBuffer ? { base64: base64(value) } : undefined),
    Err: (value: unknown) => (value instanceof Error ? own.error(value) : undefined),
    Obj: (value: unknown) => {
      if (typeof value !== "object" || value === null || Array.isArray(value) || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
      const proto = Object.getPrototypeOf(value);
      const plain = proto === Object.prototype || proto === null;
      const accessorOrSymbol = Object.getOwnPropertySymbols(value).length > 0 || Object.values(Object.getOwnPropertyDescriptors(value)).some((d) => !("value" in d));
      if ((plain && !accessorOrSymbol) || value instanceof Map || value instanceof Set || value instanceof Date || value instanceof RegExp) return undefined;
      if (value instanceof Number || value instanceof String || value instanceof Boolean) return undefined;
      return own.ownData(value);
    },
  };
};

type Outcome = { delivered: true; text: string } | { delivered: false };

function guestOutcome(value: unknown, limitChars: number): Outcome {
  const copy = boundedCopy(value, limitChars, reducers(limitChars));
  return "text" in copy ? { delivered: true, text: copy.text } : { delivered: false };
}

/** What the host did with devalue's copy: refused past the limit, else read and bounded as a tree. */
function hostOutcome(value: unknown, limitChars: number): Outcome {
  const text = stringify(value, devalueReducers(limitChars));
  if (text.length > limitChars) return { delivered: false };
  return readValueCopy(text, limitChars).copied ? { delivered: true, text } : { delivered: false };
}

/** Random graphs of objects and arrays sharing children: long and short strings, numbers, holes. */
const graphs = (cyclic: boolean) =>
  fc
    .record({
      nodes: fc.integer({ min: 1, max: 7 }),
      shapes: fc.array(
        fc.record({
          array: fc.boolean(),
          children: fc.array(fc.oneof(fc.nat(30), fc.constantFrom("a", "short", "l".repeat(40), "m".repeat(300), "h"), fc.constant(null)), { maxLength: 6 }),
          fanOut: fc.integer({ min: 1, max: 40 }),
        }),
        { minLength: 7, maxLength: 7 },
      ),
    })
    .map(({ nodes, shapes }) => {
      const containers: (unknown[] | Record<string, unknown>)[] = shapes.slice(0, nodes).map((shape) => (shape.array ? [] : {}));
      shapes.slice(0, nodes).forEach((shape, at) => {
        const container = containers[at]!;
        shape.children.forEach((child, slot) => {
          const pick = typeof child === "number" ? (cyclic ? child % nodes : at > 0 ? child % at : -1) : -1;
          const value = pick >= 0 && (cyclic || pick < at) ? containers[pick] : child === "h" ? undefined : child;
          // The same child many times: repeats that the tree bounds count.
          for (let copy = 0; copy < (slot === 0 ? shape.fanOut : 1); copy++) {
            if (Array.isArray(container)) {
              if (child === "h") container.length += 1;
              else container.push(value);
            } else {
              container[`k${slot}_${copy}`] = value;
            }
          }
        });
      });
      return containers[nodes - 1];
    });

describe("boundedCopy", () => {
  beforeAll(() => valueCodec.load());

  it("agrees with devalue and the host's bounds on random graphs of shared references: same text, same refusals", () => {
    fc.assert(
      fc.property(graphs(false), fc.integer({ min: 20, max: 3000 }), (value, limitChars) => {
        const guest = guestOutcome(value, limitChars);
        expect(guest).toEqual(hostOutcome(value, limitChars));
      }),
      { numRuns: 800 },
    );
  });

  it("with cycles too, writes devalue's text, and refuses only what the host refuses", () => {
    fc.assert(
      fc.property(graphs(true), fc.integer({ min: 20, max: 3000 }), (value, limitChars) => {
        const guest = guestOutcome(value, limitChars);
        const host = hostOutcome(value, limitChars);
        if (guest.delivered) expect(guest.text).toBe(stringify(value, devalueReducers(limitChars)));
        else expect(host.delivered).toBe(false);
      }),
      { numRuns: 800 },
    );
  });

  it("in steps of any size (an eval's result: the host's loop turns between them), writes and refuses exactly as one walk", () => {
    const stepped = (value: unknown, limitChars: number, units: number[]) => {
      const run = new BoundedCopyRun(value, limitChars, reducers(limitChars));
      let steps = 0;
      for (;;) {
        const copy = run.step(units[steps++ % units.length]!);
        if (copy !== null) return { copy, steps };
      }
    };
    fc.assert(
      fc.property(fc.oneof(graphs(false), graphs(true)), fc.integer({ min: 20, max: 3000 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }), (value, limitChars, units) => {
        expect(stepped(value, limitChars, units).copy).toEqual(boundedCopy(value, limitChars, reducers(limitChars)));
      }),
      { numRuns: 500 },
    );
    // Large values: many steps, the same text or the same refusal.
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"], at: i % 7 ? null : [i, { deep: [i] }] }));
    const text = "y".repeat(1000);
    for (const [value, limitChars] of [[rows, 2 ** 20], [rows, 50_000], [new Array(80_000).fill(text), 2 ** 20], [new Array(50_000).fill(text), 2 ** 20]] as const) {
      const { copy, steps } = stepped(value, limitChars, [97, 500]);
      expect(copy).toEqual(boundedCopy(value, limitChars, reducers(limitChars)));
      expect(steps).toBeGreaterThan(5);
    }
    expect("text" in boundedCopy(rows, 2 ** 20, reducers(2 ** 20))).toBe(true);
  });

  it("binary data's base64 (the guest's own encoder, in pieces of 8,192 characters) is Buffer's, at every length and piece boundary", () => {
    const bytes = (n: number) => new Uint8Array(n).map((_, i) => (i * 131 + n) & 255);
    for (const n of [...Array.from({ length: 40 }, (_, n) => n), 6143, 6144, 6145, 6146, 12289, 60_000]) {
      const data = bytes(n);
      const text = encodeBase64(data.buffer);
      expect(text).toBe(Buffer.from(data).toString("base64"));
      expect(new Uint8Array(decodeBase64(text))).toEqual(data);
    }
  });

  it("writes what devalue writes for every kind of value it copies", () => {
    const buffer = new Uint8Array([1, 2, 3, 4]).buffer;
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const sparse: unknown[] = ["a"];
    sparse[1000] = "b";
    const holey = [1, , 3];
    const shared = { s: 1 };
    const value = {
      numbers: [1, -0, NaN, Infinity, -Infinity, 2.5, 1e21],
      misc: [undefined, null, true, false, 12n, 10n ** 30n],
      text: ['quote " and \\ and \n', "é ✓ 😀"],
      date: new Date(0),
      badDate: new Date(NaN),
      regexps: [/a+b/gi, /x/],
      boxed: [Object(1), Object("s"), Object(true)],
      map: new Map<unknown, unknown>([[shared, "v"], ["k", shared]]),
      set: new Set([1, shared]),
      bytes: [new Uint8Array(buffer), new Uint16Array(buffer, 2, 1), new DataView(buffer), buffer],
      nullProto: Object.assign(Object.create(null) as object, { a: 1 }),
      point: new Point(1, 2),
      error: new TypeError("bad"),
      fn: function named() {},
      sparse,
      holey,
      empty: [[], {}, new Map(), new Set()],
    };
    const guest = guestOutcome(value, 100_000);
    expect(guest).toEqual({ delivered: true, text: stringify(value, devalueReducers(100_000)) });
    expect(guestOutcome(12n, 100)).toEqual({ delivered: true, text: stringify(12n) });
  });

  it("refuses as devalue did: objects with a __proto__ key, thenables", () => {
    const proto = JSON.parse('{"__proto__": 1}') as object;
    expect(() => boundedCopy(proto, 1000, reducers(1000))).toThrow(/__proto__/);
    expect(() => boundedCopy({ then: () => 1 }, 1000, reducers(1000))).toThrow(/thenable/);
  });

  it("250,000 references to one 1000-character string: refused after reading under a third of the slots (a limit of 1 MiB)", () => {
    const text = "y".repeat(1000);
    const array: unknown[] = new Array(250_000).fill(text);
    let read = 0;
    for (const at of [70_000, 90_000, 200_000]) Object.defineProperty(array, at, { get: () => (read = Math.max(read, at), text), enumerable: true });
    const limitChars = 2 ** 20;
    expect(boundedCopy(array, limitChars, reducers(limitChars))).toEqual({ tooLarge: "tree" });
    // ~65,000 slots: each costs a marker (15) and its comma as a tree with markers.
    expect(read).toBe(0);
    // The same shape just under the marker bound is delivered, as the host delivers it.
    const fewer = new Array(60_000).fill(text);
    expect(guestOutcome(fewer, limitChars)).toEqual(hostOutcome(fewer, limitChars));
    expect(guestOutcome(fewer, limitChars).delivered).toBe(true);
    const more = new Array(67_000).fill(text);
    expect(guestOutcome(more, limitChars)).toEqual({ delivered: false });
    expect(hostOutcome(more, limitChars)).toEqual({ delivered: false });
  });

  it("binary data counts its base64 in the tree with markers: 1,000 views of one 600 KB buffer arrive as one view and 999 markers, as before", () => {
    const buffer = new ArrayBuffer(600_000);
    const views = Array.from({ length: 1000 }, () => new Uint8Array(buffer));
    const limitChars = 2 ** 20;
    const guest = guestOutcome(views, limitChars);
    expect(guest.delivered).toBe(true);
    expect(guest).toEqual(hostOutcome(views, limitChars));
    const copy = readValueCopy((guest as { text: string }).text, limitChars);
    expect((copy.value as unknown[])[999]).toEqual({ $shared: "#/0" });
  });

  it("copies a value nested 1,000 levels (devalue in QuickJS overflowed its stack at ~450), refuses one level more at once", () => {
    const nested = (levels: number) => {
      let value: unknown = {};
      for (let level = 1; level < levels; level++) value = { d: value };
      return value;
    };
    expect(guestOutcome(nested(1000), 100_000)).toEqual({ delivered: true, text: stringify(nested(1000)) });
    expect(() => boundedCopy(nested(1001), 100_000, reducers(100_000))).toThrow("it is nested more than 1000 levels deep");
    expect(() => boundedCopy(nested(20_000), 100_000, reducers(100_000))).toThrow("it is nested more than 1000 levels deep");
  });

  it("a text past the limit is refused as such, before the walk goes on", () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
    expect(boundedCopy(rows, 100_000, reducers(100_000))).toEqual({ tooLarge: "text" });
  });
});
