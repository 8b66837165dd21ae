/**
 * quickbox/codemode's executor in real Deno, from the built package (dist/codemode.js): README says
 * it runs wherever quickbox does. Providers' functions are tools; errors come back as values.
 */
import assert from "node:assert/strict";
import type * as QuickboxCodemode from "../../src/codemode.js";
import { DIST_URL } from "./built-package.js";
import { denoTest } from "./deno-api.js";

const { quickboxExecutor } = (await import(new URL("codemode.js", DIST_URL).href)) as typeof QuickboxCodemode;

denoTest("quickboxExecutor runs a codemode program with two providers, in a worker and inline", async () => {
  for (const isolation of ["worker", "inline"] as const) {
    const executor = quickboxExecutor({ isolation });
    try {
      const providers: QuickboxCodemode.ResolvedProvider[] = [
        { name: "codemode", fns: { add: async (a: unknown, b: unknown) => Number(a) + Number(b) } },
        { name: "state", fns: { read: async (path: unknown) => `contents of ${String(path)}` } },
      ];
      const done = await executor.execute("async () => { console.log('adding'); return [await codemode.add(2, 3), await state.read('a.txt')] }", providers);
      assert.deepEqual(done, { result: [5, "contents of a.txt"], logs: ["adding"] }, isolation);
      const failed = await executor.execute("async () => { throw new TypeError('no such city') }", providers);
      assert.equal(failed.result, undefined);
      assert.match(String(failed.error), /TypeError: no such city/);
    } finally {
      await executor.dispose();
    }
  }
});
