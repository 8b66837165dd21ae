// Vite dev server (`vite`, no config): the page imports quickbox, which starts its worker and
// loads the wasm through vite's dev pipeline (dependency pre-bundling, /@fs/ URLs).
import { tool } from "../harness/deps.mjs";
import { expectPageRanProgram } from "../harness/expect.mjs";

export default async function check(t) {
  const port = await t.freePort();
  const url = `http://127.0.0.1:${port}/`;
  await t.step("vite dev", () =>
    t.server(process.execPath, [tool("vite/bin/vite.js"), "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { ready: url }),
  );
  const result = await t.step("page", () => t.page(url));
  expectPageRanProgram(result);
  t.note(`worker: ${result.workers.join(", ")}`);
}
