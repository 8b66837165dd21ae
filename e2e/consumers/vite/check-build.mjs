// Vite production build (`vite build`, no config) served by `vite preview`: the worker and the
// wasm must be emitted as assets and found at run time; the wasm ships once.
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { expectBuildOutput, expectPageRanProgram } from "../harness/expect.mjs";

export default async function check(t) {
  const vite = tool("vite/bin/vite.js");
  await t.step("vite build", () => t.exec(process.execPath, [vite, "build"]));
  await t.verify(() => expectBuildOutput(join(t.dir, "dist"), t.quickbox));
  const port = await t.freePort();
  const url = `http://127.0.0.1:${port}/`;
  await t.step("vite preview", () =>
    t.server(process.execPath, [vite, "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { ready: url }),
  );
  const result = await t.step("page", () => t.page(url));
  expectPageRanProgram(result);
  t.note(`worker: ${result.workers.join(", ")}`);
}
