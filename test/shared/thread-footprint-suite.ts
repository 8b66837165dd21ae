/**
 * What an idle thread costs in memory (DESIGN.md §8: idle live thread RSS ≤ quickjs-wasi's): the
 * pages of its wasm memory that hold anything — each one is resident in every thread — and what
 * the prelude keeps to get there (engine/strip-flags.ts, scripts/prelude-pieces.mjs). Shared by
 * the Node and the Chromium projects.
 */
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES, getBaseImage } from "../../src/engine/base-image.js";
import { transformCell } from "../../src/engine/cell-transform.js";
import type { EvalLimits } from "../../src/engine-contract.js";
import { QuickJSThread } from "../../src/engine/quickjs-thread.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { readValueCopy } from "../../src/result/value-copy.js";
import { valueCodec } from "../../src/result/value-codec.js";

export const LIMITS: EvalLimits = {
  timeoutMs: 2000,
  wallTimeoutMs: 10_000,
  maxResultChars: 4000,
  maxValueChars: 2 ** 20,
  maxToolCalls: 256,
  maxConcurrentToolCalls: 32,
  maxTaskCalls: 64,
  maxConcurrentTasks: 32,
};

/** What bench/peers.mjs's idle threads hold. */
export const IDLE_PROGRAM = "(globalThis.state = { items: Array.from({ length: 100 }, (_, i) => ({ i, label: 'item ' + i })) }, 1)";

/** 4 KiB pages holding a non-zero byte: what a thread keeps resident at the least. */
export function nonZeroPages(memory: Uint8Array): number {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const perPage = CHUNK_BYTES / 4;
  let pages = 0;
  for (let start = 0; start < words.length; start += perPage) {
    for (let i = start; i < start + perPage; i++) {
      if (words[i] !== 0) {
        pages++;
        break;
      }
    }
  }
  return pages;
}

export async function newThread(): Promise<QuickJSThread> {
  const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
  return QuickJSThread.create(image, { maxJournalBytes: 2 ** 20, memoryLimitBytes: 64 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual", randomSeed: 1 });
}

let cells = 0;
export async function run(thread: QuickJSThread, code: string): Promise<unknown> {
  const outcome = await thread.eval((await transformCell(code)).code, `cell-${++cells}.js`, LIMITS);
  if (outcome.status !== "ok") throw new Error(`${code}: ${outcome.status} ${JSON.stringify(outcome)}`);
  await valueCodec.load();
  return outcome.value === undefined ? undefined : readValueCopy(outcome.value, 2 ** 20).value;
}

export function defineThreadFootprintSuite(): void {
  describe("an idle thread's footprint", () => {
    it("a thread that ran a small program holds at most 110 pages (440 KB) of its memory", async () => {
      const thread = await newThread();
      await run(thread, IDLE_PROGRAM);
      // Before the prelude was compiled in pieces without debug information: 350 pages; before
      // the web platform and the inspector were loaded on first use (chunk-bridge-protocol.ts): 180.
      expect(nonZeroPages(new Uint8Array(thread.memory.buffer))).toBeLessThanOrEqual(110);
    });

    it("the web platform and the inspector are in a thread's memory only once its program used them", async () => {
      const thread = await newThread();
      const pages = () => nonZeroPages(new Uint8Array(thread.memory.buffer));
      await run(thread, IDLE_PROGRAM);
      const idle = pages();
      // A primitive result is rendered without the inspector. (`typeof URL` reads the global: it loads.)
      expect(await run(thread, "Object.getOwnPropertyDescriptor(globalThis, 'URL').get.name + String(2n)")).toBe("get URL2");
      expect(pages()).toBe(idle);
      expect(await run(thread, "new URL('http://h/a').href")).toBe("http://h/a");
      const web = pages();
      expect(web).toBeGreaterThan(idle + 10);
      // Plain objects and arrays are rendered by the core (guest/fast-inspect.ts): still no inspector.
      expect(await run(thread, "console.log({ a: 1 }, [1, 2]); ({ b: [{ c: 'd' }] })")).toEqual({ b: [{ c: "d" }] });
      expect(pages()).toBe(web);
      expect(await run(thread, "console.log(new Map([[1, 2]])); 1")).toBe(1);
      expect(pages()).toBeGreaterThan(web + 10);
    });

    it("the prelude's functions keep no source text; a program's keep theirs", async () => {
      const thread = await newThread();
      const [prelude, own, cls] = (await run(thread, "[console.log.toString(), (function f(a) { return a + 1 }).toString(), String(class K { m() {} })]")) as string[];
      expect(prelude).toMatch(/^function \w*\(\) \{\n {4}\[native code\]\n\}$/);
      expect(own).toBe("function f(a) { return a + 1 }");
      expect(cls).toBe("class K { m() {} }");
    });

    it("an error thrown inside the prelude has its frames without a location, and the program's with theirs", async () => {
      const thread = await newThread();
      const stack = (await run(thread, "function cloneIt() { try { structuredClone(() => 1) } catch (error) { return error.stack } }\ncloneIt()")) as string;
      const lines = stack.split("\n").filter((line) => line.trim() !== "");
      expect(lines.some((line) => /^ {4}at [\w$]+$/.test(line))).toBe(true);
      expect(lines.some((line) => /^ {4}at cloneIt \(cell-\d+\.js:1:\d+\)$/.test(line))).toBe(true);
      expect(stack).not.toMatch(/quickbox-prelude|<input>/);
    });
  });
}
