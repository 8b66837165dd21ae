import { it } from "vitest";
import { getBaseImage } from "../../src/engine/base-image.js";
import { transformCell } from "../../src/engine/cell-transform.js";
import { QuickJSThread } from "../../src/engine/quickjs-thread.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { createInterpreter } from "../../src/index.js";
it("phases", async () => {
  const image = await getBaseImage(RELEASE_BUILD, await RELEASE_BUILD.compileDefault());
  const thread = await QuickJSThread.create(image, { memoryLimitBytes: 64 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual" });
  const limits = { timeoutMs: 5000, wallTimeoutMs: 60000, maxResultChars: 4000, maxValueChars: 2 ** 20 };
  const N = 3000;
  for (const code of ["1+1", "'x'", "undefined", "({a:1})"]) {
    const cell = transformCell(code);
    for (let i = 0; i < 300; i++) await thread.eval(cell.code, "c.js", limits);
    let t = performance.now();
    for (let i = 0; i < N; i++) await thread.eval(cell.code, "c.js", limits);
    console.log("PHASE thread.eval", code, ((performance.now() - t) / N * 1000).toFixed(1));
  }
  let t = performance.now();
  for (let i = 0; i < N; i++) transformCell("1+1");
  console.log("PHASE transform", ((performance.now() - t) / N * 1000).toFixed(1));
  const qb = await createInterpreter();
  for (let i = 0; i < 300; i++) await qb.eval("1+1");
  t = performance.now();
  for (let i = 0; i < N; i++) await qb.eval("1+1");
  console.log("PHASE qb.eval", ((performance.now() - t) / N * 1000).toFixed(1));
  t = performance.now();
  for (let i = 0; i < 30; i++) await QuickJSThread.create(image, { memoryLimitBytes: 64 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual" });
  console.log("PHASE create ms", ((performance.now() - t) / 30).toFixed(2));
}, 120000);
