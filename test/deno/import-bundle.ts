/**
 * Run by test/node/deno.test.ts: a thread bundle a Node process exported (bytes in a file) is
 * imported into Deno KV in this Deno process and resumed here with the decision given.
 *
 *   deno run … import-bundle.ts <bundle file> <interrupt id>
 *
 * Prints one JSON line: what threads() showed after the import, and the resumed result.
 */
import { createInterpreter, denoKvStore, type ToolDefinition } from "./built-package.js";
import { deno } from "./deno-api.js";

const [bundleFile, interruptId] = deno.args;
if (!bundleFile || !interruptId) {
  console.error("usage: import-bundle.ts <bundle file> <interrupt id>");
  deno.exit(2);
}

const sent: string[] = [];
const sendEmail: ToolDefinition<{ to: string }> = { name: "send_email", execute: ({ to }) => (sent.push(to), `sent to ${to} from deno`) };
const kv = await deno.openKv(":memory:");
const qb = await createInterpreter({ store: denoKvStore(kv), tools: [sendEmail], interruptOn: { send_email: true } });
try {
  await qb.importThread(await deno.readFile(bundleFile));
  const info = (await qb.threads()).map(({ threadId, state, interrupts }) => ({ threadId, state, interruptIds: (interrupts ?? []).map((interrupt) => interrupt.id) }));
  const resumed = await qb.resume("from-node", { [interruptId]: { type: "approve" } });
  console.log(JSON.stringify({ info, status: resumed.status, value: resumed.value, sent }));
} finally {
  await qb.dispose();
  kv.close();
}
