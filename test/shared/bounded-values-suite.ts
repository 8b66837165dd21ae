/**
 * Values that leave the sandbox are bounded as trees (DESIGN §3, issue 24 §1): EvalResult.value,
 * progress values and tool results can be walked and JSON-encoded by the host in time and memory
 * proportional to the limits, whatever a program builds — shared references (2^40 paths in a few
 * hundred bytes), a sparse array of length 2^32 - 1, a huge BigInt, a forged copy. Every "the
 * host is not blocked" is measured from outside the host's loop (loop-watch.ts), over the eval
 * AND what a host naturally does with the value (walk it, JSON.stringify it).
 * Shared by Node and Chromium, inline and worker.
 */
import { describe, expect, it } from "vitest";
import type { EvalResult, Interpreter, InterpreterEvent, InterpreterOptions, ToolDefinition } from "../../src/index.js";
import { MAX_HOST_STALL_MS } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { repeatableHostBlock, type WatcherStarter } from "./loop-watch.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** `o = { a: o, b: o }`, `levels` times over `{ x: 1 }`: levels + 1 objects, 2^levels paths. */
const sharedTreeSource = (levels: number, name = "o") => `let ${name} = { x: 1 }; for (let i = 0; i < ${levels}; i++) ${name} = { a: ${name}, b: ${name} };`;

function sharedTree(levels: number): unknown {
  let tree: unknown = { x: 1 };
  for (let level = 0; level < levels; level++) tree = { a: tree, b: tree };
  return tree;
}

/**
 * Walks `value` as a tree (shared references expanded, cycles stopped), as a logger would — but
 * gives up past `maxNodes`, so a value that is not bounded fails the test at once instead of
 * hanging it. Returns the node count.
 */
function treeNodes(value: unknown, maxNodes = 1_000_000): number {
  let count = 0;
  const ancestors = new Set<unknown>();
  const walk = (node: unknown) => {
    if (++count > maxNodes) throw new Error(`more than ${maxNodes} nodes as a tree: not bounded`);
    if (typeof node !== "object" || node === null || ancestors.has(node)) return;
    ancestors.add(node);
    const children = node instanceof Map ? [...node].flat() : node instanceof Set ? [...node] : Object.values(node);
    for (const child of children) walk(child);
    ancestors.delete(node);
  };
  walk(value);
  return count;
}

/** What a host does with a value it got: walks it, then JSON-encodes it. */
function useOnHost(value: unknown): { nodes: number; jsonChars: number } {
  const nodes = treeNodes(value);
  return { nodes, jsonChars: JSON.stringify(value)?.length ?? 0 };
}

/**
 * The most the host's loop may be held by an eval whose result is 250,000 references to one long
 * string (quiet machine: see the test; the copy is the guest's, so inline it is the host's thread).
 */
const STRING_REPEATS_BLOCK_MS = 150;

/** The JSON Pointer of `#` followed by `count` × `a`. */
const pointerOfA = (count: number) => "#" + "/a".repeat(count);

export function defineBoundedValuesSuite(
  create: InterpreterFactory,
  { startWatcher, isolation }: { startWatcher: WatcherStarter; isolation: "inline" | "worker" },
): void {
  const make = trackedInterpreters(create);

  /** An interpreter whose thread has already returned an object (booting and the first tier-up of the wasm are not what is measured). */
  async function warm(options: InterpreterOptions = {}): Promise<Interpreter> {
    const qb = await make(options);
    expect((await qb.eval(`${sharedTreeSource(3, "w")} w`, { threadId: "t" })).status).toBe("ok");
    return qb;
  }

  async function evalAndUse(qb: Interpreter, code: string) {
    return repeatableHostBlock(startWatcher, MAX_HOST_STALL_MS, async () => {
      const result = await qb.eval(code, { threadId: "t" });
      return { result, use: useOnHost(result.value) };
    });
  }

  describe("EvalResult.value", () => {
    it("a 40-level tree of shared references arrives with its repeats as { $shared } markers: the host walks and JSON-encodes it without a block", async () => {
      const qb = await warm();
      const { value: run, blockMs } = await evalAndUse(qb, `${sharedTreeSource(40)} o`);
      const { result, use } = run;
      expect(result.status, result.text).toBe("ok");
      expect(use.nodes).toBeLessThan(1000);
      const value = result.value as Record<string, unknown>;
      // Depth-first, the first occurrence of each object is the `a` chain; every `b` repeats it.
      expect(value.b).toEqual({ $shared: pointerOfA(1) });
      let deepest: Record<string, unknown> = value;
      for (let level = 0; level < 39; level++) deepest = deepest.a as Record<string, unknown>;
      expect(deepest).toEqual({ a: { x: 1 }, b: { $shared: pointerOfA(40) } });
      expect(result.warnings).toEqual([expect.stringMatching(/^value: larger than \d+ characters written out as a tree, so 40 repeated references became \{ \$shared: "#\/…" \}$/)]);
      // The model's text is the rendering, as before.
      expect(result.text).toMatch(/^<result>\{\n {2}a: \{ a: \{ a: \[Object\], b: \[Object\] \}/);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
      expect((await qb.eval("let d = o; while (d.a) d = d.a; d.x + 1", { threadId: "t" })).value).toBe(2);
    });

    it("a value with a few shared references and a cycle still arrives with them shared (structured-clone semantics)", async () => {
      const qb = await warm();
      const result = await qb.eval("const s = { s: 1 }; const c = { a: s, b: [s], m: new Map([[s, s]]) }; c.self = c; c", { threadId: "t" });
      const value = result.value as { a: unknown; b: unknown[]; m: Map<unknown, unknown>; self: unknown };
      expect(value.a).toBe(value.b[0]);
      expect(value.m.get(value.a)).toBe(value.a);
      expect(value.self).toBe(value);
      expect(result.warnings).toBeUndefined();
    });

    it("the bound is twice maxToolPayloadBytes as a tree: just under it the value arrives as made, past it as a tree", async () => {
      // Each element is the same object, ~1,010 characters written out; the budget is 2 × 10,000.
      const qb = await warm({ maxToolPayloadBytes: 10_000 });
      const code = (count: number) => `const item${count} = { t: "x".repeat(1000) }; Array.from({ length: ${count} }, () => item${count})`;
      const under = await qb.eval(code(18), { threadId: "t" });
      const list = under.value as unknown[];
      expect(list).toHaveLength(18);
      expect(list[17]).toBe(list[0]);
      expect(under.warnings).toBeUndefined();
      const over = await qb.eval(code(22), { threadId: "t" });
      const copied = over.value as unknown[];
      expect(copied[0]).toEqual({ t: "x".repeat(1000) });
      expect(copied.slice(1)).toEqual(Array.from({ length: 21 }, () => ({ $shared: "#/0" })));
      expect(over.warnings).toEqual([expect.stringContaining("21 repeated references became { $shared")]);
    });

    // The guest's copy stops at the bound (src/guest/bounded-copy.ts): it used to walk all 250,000
    // references (devalue, ~20 µs each: seconds inline) and the host then built 250,000 markers.
    // The array is made with fill() so that, inline, the program's own work is not what is measured.
    it("250,000 references to one 1000-character string: not copied (too large even with markers), said in a warning, without a block", async () => {
      const qb = await warm();
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, STRING_REPEATS_BLOCK_MS, () =>
        qb.eval("const s = 'y'.repeat(1000); Array(250000).fill(s)", { threadId: "t" }),
      );
      expect(result.status, result.text).toBe("ok");
      expect(result.value).toBeUndefined();
      expect(result.warnings).toEqual(['value not copied: larger than 1048576 characters, even with its repeated references as { $shared: "#/…" } markers']);
      expect(result.text).toMatch(/^<result>\[\n {2}'y{1000}',\n/);
      expect(result.text).toMatch(/… \[truncated \d+ chars\]<\/result>$/);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(STRING_REPEATS_BLOCK_MS);
      expect((await qb.eval("[1, 2]", { threadId: "t" })).value).toEqual([1, 2]);
    });

    it("a value too large as a tree arrives with markers while that tree fits the copy's limit, and not at all past it", async () => {
      // As a tree with markers: 2 + (1 + 1002) for the first, (1 + 15) for each repeat: 989 + 16 × count; the limit is 10,000.
      const qb = await warm({ maxToolPayloadBytes: 10_000 });
      const code = (count: number) => `const s${count} = "x".repeat(1000); Array(${count}).fill(s${count})`;
      const fits = await qb.eval(code(563), { threadId: "t" });
      expect((fits.value as unknown[]).slice(0, 2)).toEqual(["x".repeat(1000), { $shared: "#/0" }]);
      expect(fits.value as unknown[]).toHaveLength(563);
      expect(fits.warnings).toEqual([expect.stringContaining("562 repeated references became { $shared")]);
      const over = await qb.eval(code(564), { threadId: "t" });
      expect(over.value).toBeUndefined();
      expect(over.warnings).toEqual(['value not copied: larger than 10000 characters, even with its repeated references as { $shared: "#/…" } markers']);
    });

    it("an array of length 2^32 - 1 arrives as { $sparse: { length, items } }: the host walks and JSON-encodes it without a block", async () => {
      const qb = await warm();
      const { value: run, blockMs } = await evalAndUse(qb, "const a = ['first']; a[4294967294] = 'last'; ({ a, again: a })");
      const { result, use } = run;
      expect(result.value).toEqual({ a: { $sparse: { length: 4294967295, items: { 0: "first", 4294967294: "last" } } }, again: { $shared: "#/a" } });
      expect(use.jsonChars).toBeLessThan(200);
      expect(result.warnings).toEqual([expect.stringMatching(/1 repeated reference became .* and 1 array with holes became \{ \$sparse: \{ length, items \} \}$/)]);
      expect(result.text).toContain("<4294967293 empty items>");
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
      // A small sparse array is still a sparse array.
      const small = (await qb.eval("[1, , 3]", { threadId: "t" })).value as unknown[];
      expect(small).toHaveLength(3);
      expect(1 in small).toBe(false);
    });

    it("a BigInt of up to 4,096 digits arrives as a BigInt; one more digit, as a { $handle }", async () => {
      const qb = await warm();
      expect((await qb.eval("10n ** 4095n", { threadId: "t" })).value).toBe(10n ** 4095n);
      expect((await qb.eval("[10n ** 4096n]", { threadId: "t" })).value).toEqual([{ $handle: "[BigInt: 4097 digits]" }]);
    });

    it("an inherited toJSON no longer forges the value copy (the prelude's reports ignore it): the host gets the program's value", async () => {
      const qb = await warm();
      const forge = `Object.defineProperty(Object.prototype, "toJSON", { configurable: true, value: function () {
        if (this && "value" in this && typeof this.value === "string" && !("status" in this)) return { value: "[".repeat(400000) + "]".repeat(400000) };
        return this;
      } });`;
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, MAX_HOST_STALL_MS, () => qb.eval(`${forge} ({ a: 1 })`, { threadId: "forged" }));
      expect(result.status, result.text).toBe("ok");
      expect(result.value).toEqual({ a: 1 });
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });
  });

  describe("progress values", () => {
    it("a 40-level tree of shared references and an array of length 2^32 - 1 arrive bounded: the host walks and JSON-encodes them without a block", async () => {
      const received: unknown[] = [];
      const used: { nodes: number; jsonChars: number }[] = [];
      const qb = await warm({
        onEvent: (event: InterpreterEvent) => {
          if (event.type !== "progress") return;
          received.push(event.value);
          used.push(useOnHost(event.value));
        },
      });
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, MAX_HOST_STALL_MS, async () => {
        received.length = 0;
        return qb.eval(`${sharedTreeSource(40, "p")} progress(p); const sparse = []; sparse[4294967294] = 1; progress({ sparse }); 'sent'`, { threadId: "t" });
      });
      expect(result.value, result.text).toBe("sent");
      expect(received).toHaveLength(2);
      expect((received[0] as Record<string, unknown>).b).toEqual({ $shared: pointerOfA(1) });
      expect(received[1]).toEqual({ sparse: { $sparse: { length: 4294967295, items: { 4294967294: 1 } } } });
      expect(Math.max(...used.map((use) => use.nodes))).toBeLessThan(1000);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });

    it("250,000 references to one 1000-character string: progress() throws at once (the copy stops at its 4,096 characters)", async () => {
      let events = 0;
      const qb = await warm({ onEvent: (event) => void (event.type === "progress" && events++) });
      const program = "const s = 'y'.repeat(1000); const a = Array(250000).fill(s); try { progress(a); 'sent' } catch (e) { [e.name, e.message] }";
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, STRING_REPEATS_BLOCK_MS, () => qb.eval(program, { threadId: "t" }));
      expect(result.value, result.text).toEqual(["TypeError", expect.stringContaining("progress(value): the value is larger than 4096 characters once copied")]);
      expect(events).toBe(0);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(STRING_REPEATS_BLOCK_MS);
    });

    // The program's own loop (1,000 copies of 41 objects: ~1.5 s of QuickJS) runs on the host's
    // thread inline (README, Isolation): only in a worker is the host's part alone measured.
    it("1,000 such progress values in one eval arrive bounded; in a worker the host's loop is never held", async () => {
      let count = 0;
      const qb = await warm({ timeoutMs: 30_000, wallTimeoutMs: 60_000, onEvent: (event) => void (event.type === "progress" && (useOnHost(event.value), count++)) });
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, isolation === "worker" ? MAX_HOST_STALL_MS : Infinity, async () => {
        count = 0;
        return qb.eval(`${sharedTreeSource(40, "f")} for (let i = 0; i < 1000; i++) progress(f); 'flooded'`, { threadId: "t" });
      });
      expect(result.value, result.text).toBe("flooded");
      expect(count).toBe(1000);
      if (isolation === "worker") expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });
  });

  describe("tool results", () => {
    const deepTool: ToolDefinition<{ levels: number }> = { name: "shared_tree", execute: ({ levels }) => sharedTree(levels) };
    const sparseTool: ToolDefinition = {
      name: "sparse",
      execute: () => {
        const array: unknown[] = ["first"];
        array[4294967294] = "last";
        return array;
      },
    };

    it.each([24, 40])("a %i-level tree of shared references from a tool: its size is known before it is expanded, no block, and the program gets it shared", async (levels) => {
      const qb = await warm({ tools: [deepTool as ToolDefinition<never>, sparseTool] });
      const program = `const r = await tools.sharedTree({ levels: ${levels} }); let depth = 0; for (let n = r; n.a; n = n.a) depth++; [depth, r.a === r.b]`;
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, MAX_HOST_STALL_MS, () => qb.eval(program, { threadId: "t" }));
      expect(result.value, result.text).toEqual([levels, true]);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });

    it("an array of length 2^32 - 1 from a tool reaches the program as that array, without a block", async () => {
      const qb = await warm({ tools: [sparseTool] });
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, MAX_HOST_STALL_MS, () =>
        qb.eval("const s = await tools.sparse({}); [s.length, s[0], s[4294967294], Object.keys(s).length]", { threadId: "t" }),
      );
      expect(result.value, result.text).toEqual([4294967295, "first", "last", 2]);
      expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });
  });

  describe("tool arguments", () => {
    it("arguments nested 1,000 levels reach the tool and onEvent (JSON-encodable there); 1,001 levels are a ToolInputError", async () => {
      const received: unknown[] = [];
      const events: string[] = [];
      const take: ToolDefinition = { name: "take", execute: (input) => (received.push(input), "taken") };
      const qb = await warm({ tools: [take], onEvent: (event) => void (event.type === "tool-call" && events.push(JSON.stringify(event))) });
      const nested = (levels: number) => `let d = 1; for (let i = 0; i < ${levels - 1}; i++) d = [d]; try { await tools.take({ d }) } catch (e) { [e.name, e.message] }`;
      expect((await qb.eval(nested(1000), { threadId: "t" })).value).toBe("taken");
      expect(received).toHaveLength(1);
      expect(events.length).toBe(2);
      expect((await qb.eval(nested(1001), { threadId: "t" })).value).toEqual(["ToolInputError", "take: the arguments are nested more than 1000 levels deep"]);
      expect(received).toHaveLength(1);
    });

    // Inline, the program's forging (8 MiB of text made and reported inside the sandbox) runs on the
    // host's thread too: only a worker shows the host's part alone.
    it("an inherited toJSON no longer forges the arguments the host gets: the calls run with the program's own", async () => {
      const seen: unknown[] = [];
      const take: ToolDefinition = { name: "take", execute: (input) => (seen.push(input), "taken") };
      const qb = await warm({ tools: [take] });
      const forge = `Object.defineProperty(Object.prototype, "toJSON", { configurable: true, value: function () {
        if (this && this.settled === false && Array.isArray(this.calls) && this.calls.length) {
          return { ...this, calls: this.calls.map((call) => ({ ...call, args: "[".repeat(500000) + "]".repeat(500000) })) };
        }
        return this;
      } });`;
      const program = `${forge} await Promise.all(Array.from({ length: 8 }, () => tools.take({}).catch((e) => e.name)))`;
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, isolation === "worker" ? MAX_HOST_STALL_MS : Infinity, () => qb.eval(program, { threadId: "forged" }));
      expect(result.value, result.text).toEqual(Array.from({ length: 8 }, () => "taken"));
      expect(seen).toEqual(Array.from({ length: 8 }, () => ({})));
      if (isolation === "worker") expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });
  });

  // What one call costs the host is bounded by maxToolPayloadBytes; a program multiplies it by
  // making many calls at once. The host does that work in slices (src/util/host-slices.ts). Inline,
  // the program's own 64 JSON.stringify/parse runs are on the host's thread too: only a worker shows
  // the host's part alone.
  describe("host work a program multiplies", () => {
    const manyItems = () => Array.from({ length: 25_000 }, (_, i) => `item-${i}`);
    /** Room in the sandbox for 64 such values at once. */
    const ROOMY_BYTES = 256 * 2 ** 20;

    it("64 calls, each with ~300 KB of arguments: checked and parsed in slices", async () => {
      let calls = 0;
      const take: ToolDefinition = { name: "take", execute: () => ++calls };
      const qb = await warm({ tools: [take], maxConcurrentToolCalls: 64, memoryLimitBytes: ROOMY_BYTES, timeoutMs: 30_000, wallTimeoutMs: 60_000 });
      const program = "const items = Array.from({ length: 25000 }, (_, i) => 'item-' + i); (await Promise.all(Array.from({ length: 64 }, () => tools.take({ items })))).length";
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, isolation === "worker" ? MAX_HOST_STALL_MS : Infinity, () => qb.eval(program, { threadId: "t" }));
      expect(result.value, result.text).toBe(64);
      if (isolation === "worker") expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });

    it("64 tool results of ~300 KB each, all ready at once: encoded in slices", async () => {
      const give: ToolDefinition = { name: "give", execute: manyItems };
      // The guest parses ~19 MB of results: seconds of CPU on a loaded machine, so a budget that does not decide the test.
      const qb = await warm({ tools: [give], maxConcurrentToolCalls: 64, memoryLimitBytes: ROOMY_BYTES, timeoutMs: 30_000, wallTimeoutMs: 60_000 });
      const program = "(await Promise.all(Array.from({ length: 64 }, () => tools.give({})))).reduce((sum, items) => sum + items.length, 0)";
      const { value: result, blockMs } = await repeatableHostBlock(startWatcher, isolation === "worker" ? MAX_HOST_STALL_MS : Infinity, () => qb.eval(program, { threadId: "t" }));
      expect(result.value, result.text).toBe(64 * 25_000);
      if (isolation === "worker") expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
    });
  });
}

/** For adapter tests: the longest a host would be held using an EvalResult-like output. */
export function usesBounded(result: Pick<EvalResult, "value">): { nodes: number; jsonChars: number } {
  return useOnHost(result.value);
}
