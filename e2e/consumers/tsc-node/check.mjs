// tsc: a Node-only app (lib ES2023 + @types/node, no DOM, no skipLibCheck) type-checks quickbox,
// quickbox/node, quickbox/wasm, quickbox/quickjs.wasm and the declarations of quickbox/postgres,
// /deno, /mcp and /codemode, with @types/node 20 (the tools' default) and again with @types/node 22
// and 26 (installed as @types/node-22 and -26, linked in its place).
import { rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { typecheck } from "../harness/typecheck.mjs";

export default async function check(t) {
  await typecheck(t);
  const types = join(t.dir, "node_modules", "@types", "node");
  for (const major of [22, 26]) {
    rmSync(types, { recursive: true, force: true });
    symlinkSync(tool(`@types/node-${major}`), types, "dir");
    await t.step(`tsc --noEmit (@types/node ${major})`, () => t.exec(tool("typescript/bin/tsc"), ["--noEmit", "-p", "."], { timeoutMs: 120_000 }));
  }
}
