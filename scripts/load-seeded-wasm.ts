/**
 * Builds dist/quickjs.wasm's bytes (scripts/seeded-wasm.ts) from a vite config: src/ is
 * TypeScript, so it runs in vite's module runner (one temporary environment per call).
 */
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { SeededWasm } from "./seeded-wasm.js";

export async function loadSeededWasm(): Promise<SeededWasm> {
  const entry = fileURLToPath(new URL("./seeded-wasm-result.ts", import.meta.url));
  const { module } = await runnerImport<typeof import("./seeded-wasm-result.js")>(entry, { configFile: false, logLevel: "error" });
  return module.default;
}
