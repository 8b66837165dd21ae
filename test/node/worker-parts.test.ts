/**
 * The engine worker's parts (src/engine/engine-parts.ts): dist/worker.mjs imports sucrase
 * (worker-typescript.mjs) and the prelude's source (worker-prelude.mjs) from files beside it, on
 * first use. Here the built package is copied to a folder of its own (its package.json, its
 * node_modules) and run with a part taken away, as a setup that does not serve it would: the
 * failure names the file and where it was looked for, the thread keeps working, and the part is
 * loaded once it is there.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Quickbox from "../../src/index.js";
import { releaseWasmBytes } from "../../scripts/seeded-wasm.js";

const repo = new URL("../../", import.meta.url).pathname;
let root: string;
let quickbox: typeof Quickbox;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "quickbox-worker-parts-"));
  cpSync(join(repo, "dist"), join(root, "dist"), { recursive: true });
  cpSync(join(repo, "package.json"), join(root, "package.json"));
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"), "dir");
  quickbox = (await import(pathToFileURL(join(root, "dist/index.js")).href)) as typeof Quickbox;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `body` with `part` moved away from beside worker.mjs, then puts it back. */
async function without(part: string, body: () => Promise<void>): Promise<void> {
  const path = join(root, "dist", part);
  renameSync(path, `${path}.away`);
  try {
    await body();
  } finally {
    renameSync(`${path}.away`, path);
  }
}

describe("the worker's parts, beside dist/worker.mjs", () => {
  it("a first result needs neither part; a TypeScript cell without worker-typescript.mjs fails with WORKER_FAILED naming it; the thread goes on, and the part loads once it is there", async () => {
    const qb = await quickbox.createInterpreter();
    try {
      await without("worker-typescript.mjs", async () => {
        const first = await qb.eval("let n = 20; n + 1");
        expect(first.text).toBe("<result>21</result>");
        const failure = await qb.eval("const m: number = n * 2; m").then(
          () => null,
          (error: unknown) => error,
        );
        expect(quickbox.isQuickboxError(failure)).toBe(true);
        expect(failure).toMatchObject({ code: "WORKER_FAILED", message: expect.stringMatching(/worker-typescript\.mjs.*beside worker\.mjs.*file:\/\/.*worker-typescript\.mjs/) });
        expect((await qb.eval("n + 2")).text).toBe("<result>22</result>");
      });
      expect((await qb.eval("const m: number = n * 2; m")).text).toBe("<result>40</result>");
    } finally {
      await qb.dispose();
    }
  });

  it("a .wasm without quickbox's base image: the worker builds it from worker-prelude.mjs, and without that file createInterpreter fails with WORKER_FAILED naming it", async () => {
    const plain = await WebAssembly.compile(releaseWasmBytes() as Uint8Array<ArrayBuffer>);
    await without("worker-prelude.mjs", async () => {
      await expect(quickbox.createInterpreter({ wasmModule: plain })).rejects.toMatchObject({ code: "WORKER_FAILED", message: expect.stringMatching(/worker-prelude\.mjs/) });
    });
    const qb = await quickbox.createInterpreter({ wasmModule: plain });
    try {
      expect((await qb.eval("[1, 2, 3].map((x) => x * 2)")).text).toBe("<result>[ 2, 4, 6 ]</result>");
    } finally {
      await qb.dispose();
    }
  });

  it("the parts are the ones dist/worker.mjs names", () => {
    const worker = readFileSync(join(root, "dist/worker.mjs"), "utf8");
    expect(worker).toContain('new URL("./worker-typescript.mjs", import.meta.url)');
    expect(worker).toContain('new URL("./worker-prelude.mjs", import.meta.url)');
  });
});
