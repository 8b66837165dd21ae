// The tsc consumers: `tsc --noEmit -p .` in the app (TypeScript from e2e/consumers) must exit 0.
import { tool } from "./deps.mjs";

export async function typecheck(t) {
  await t.step("tsc --noEmit", () => t.exec(tool("typescript/bin/tsc"), ["--noEmit", "-p", "."], { timeoutMs: 120_000 }));
}
