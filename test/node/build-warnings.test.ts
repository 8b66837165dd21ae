/**
 * The package build prints no warnings of its own: dist/worker.mjs (vite.worker.config.ts) is built
 * here into a temporary folder while everything printed is kept. (rolldown deprecated
 * `output.inlineDynamicImports` for `codeSplitting: false`, and said so on every `npm run build`;
 * rolldown prints such option warnings itself, on the process's streams, not through vite's logger.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, expect, it, vi } from "vitest";

const outDir = mkdtempSync(join(tmpdir(), "quickbox-worker-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it("building dist/worker.mjs warns about nothing", async () => {
  const printed: string[] = [];
  const keep = (chunk: unknown) => void printed.push(String(chunk));
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (keep(chunk), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (keep(chunk), true)),
    vi.spyOn(console, "warn").mockImplementation((...args) => keep(args.join(" "))),
  ];
  try {
    await build({
      configFile: new URL("../../vite.worker.config.ts", import.meta.url).pathname,
      root: new URL("../..", import.meta.url).pathname,
      logLevel: "warn",
      build: { outDir, emptyOutDir: true, rollupOptions: { onLog: (level, log) => void (level === "warn" && keep(log.message)) } },
    });
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect(printed.filter((text) => /warn|deprecat/i.test(text))).toEqual([]);
});
