// tsc: README's Cloudflare Worker example (copied from README.md) type-checks with
// @cloudflare/workers-types, strict, without skipLibCheck, and without a hand-written
// `declare module "quickbox/wasm"` (the package should type its own subpaths).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readmeBlock } from "../harness/readme.mjs";
import { typecheck } from "../harness/typecheck.mjs";

export default async function check(t) {
  mkdirSync(join(t.dir, "src"), { recursive: true });
  writeFileSync(join(t.dir, "src", "worker.ts"), readmeBlock("Cloudflare Workers: `quickbox/cloudflare`", "ts"));
  await typecheck(t);
}
