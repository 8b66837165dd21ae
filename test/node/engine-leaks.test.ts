/**
 * LeakSanitizer check on the debug build (AddressSanitizer + LeakSanitizer): run representative
 * cells, including every failure path, then free the runtime; QuickJS asserts that no object is
 * left and LSan reports unfreed allocations. Catches handles the host forgot to free.
 */
import { describe, expect, it } from "vitest";
import { getBaseImage } from "../../src/engine/base-image.js";
import { transformCell } from "../../src/engine/cell-transform.js";
import type { CallResult, HostCallChannel } from "../../src/engine-contract.js";
import { QuickJSThread } from "../../src/engine/quickjs-thread.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { debugBuildProfile } from "../../src/engine/wasm-build.js";
import { prepareSkill } from "../../src/host/skill-check.js";

const DEBUG_BUILD = debugBuildProfile(async () => (await import("@jitl/quickjs-wasmfile-debug-sync")).default);

const CELLS: [code: string, expected: string][] = [
  ["const xs = [1, 2, 3]; console.log('hi', xs); xs.map((x) => x * 2)", "ok"],
  ["interface P { a: number }; enum E { A, B }; const p = { a: E.B } as P; p", "ok"],
  ["const v = await Promise.resolve(123); v", "ok"],
  ["(async () => { await null; throw new TypeError('bad') })()", "TypeError"],
  ["syntax error(", "SyntaxError"],
  ["await new Promise(() => {})", "Deadlock"],
  ["await new Promise((r) => setTimeout(r, 1000)); setInterval(() => {}, 5); Date.now()", "ok"],
  ["while (true) {}", "Timeout"],
  ["function f() { f() } f()", "StackOverflow"],
  ["(() => { const a = {}; a.self = a; return [a, new Map([[a, a]]), (x) => x, Symbol('s'), new Proxy({}, {})] })()", "ok"],
  ["'x'.repeat(10000)", "ok"],
  ["throw { not: 'an error' }", "Error"],
  ["import { twice } from '@/skills/math'; twice(21)", "ok"],
  ["try { await import('fs') } catch (e) { e.name }", "ok"],
  ["(await Promise.all([1, 2, 3].map((n) => tools.echo({ n })))).map((r) => r.n)", "ok"],
  ["await tools.echo({ fail: true })", "ToolError"],
];

/** A host that answers every call at once: echoes its arguments, or fails when asked to. */
function echoHost(): HostCallChannel {
  let pending: CallResult[] = [];
  let wake: ((results: CallResult[]) => void) | null = null;
  return {
    send(calls) {
      for (const call of calls) {
        const args = JSON.parse(call.args) as { fail?: boolean };
        pending.push(args.fail ? { id: call.id, ok: false, error: { name: "ToolError", message: "asked to fail" } } : { id: call.id, ok: true, value: call.args, encoding: "json" });
      }
      if (wake) {
        const resolve = wake;
        wake = null;
        resolve(pending.splice(0));
      }
    },
    receive() {
      if (pending.length) return Promise.resolve(pending.splice(0));
      return new Promise((resolve) => (wake = resolve));
    },
  };
}
const MANIFEST = { tools: [{ name: "echo", key: "echo", description: "", signature: "" }], subagents: { enabled: false, types: [] } };

describe("debug build leak check", () => {
  it("frees every allocation after running every kind of cell", async () => {
    const wasmModule = await compileBuildWasm(DEBUG_BUILD);
    const image = await getBaseImage(DEBUG_BUILD, wasmModule);
    const thread = await QuickJSThread.create(image, { maxJournalBytes: 2 ** 20, memoryLimitBytes: 512 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual" });
    // The engine gets skills as the host compiled them (TypeScript stripped, imports checked).
    thread.addSkills({ math: await prepareSkill("math", { "index.ts": "import { one } from './one';\nexport const twice = (n: number) => n * 2 * one;", "one.js": "export const one = 1;" }) });
    const seen: string[] = [];
    for (const [index, [code, expected]] of CELLS.entries()) {
      const cell = await transformCell(code);
      // The AddressSanitizer build runs ~20× slower than the release build, far more on a loaded machine (a
      // first cell took over 2 s during a full run beside a CPU hog): a budget that cannot decide the outcome,
      // except for the cell that must time out.
      const timeoutMs = expected === "Timeout" ? 1000 : 30_000;
      const outcome = await thread.eval(cell.code, `cell-${index}.js`, {
        timeoutMs,
        wallTimeoutMs: timeoutMs * 3,
        maxResultChars: 4000,
        maxValueChars: 2 ** 20,
        maxToolCalls: 256,
        maxConcurrentToolCalls: 32,
        maxTaskCalls: 64,
        maxConcurrentTasks: 32,
      }, MANIFEST, echoHost());
      seen.push(outcome.status === "ok" ? "ok" : (outcome.errorType ?? "?"));
      expect(outcome.instanceLost, code).toBeUndefined();
    }
    expect(seen).toEqual(CELLS.map(([, expected]) => expected));
    expect(thread.releaseAndCheckLeaks()).toEqual({ leaked: false });
  }, 300_000);
});
