/**
 * One side of a durable pause, run by test/node/deno.test.ts in separate Deno processes:
 *
 *   deno run … pause-resume.ts pause  <kv file> <export.json>   pauses the program at send_email, writes
 *                                                               every store record to export.json, exits
 *   deno run … pause-resume.ts resume <kv file> <interrupt id>  resumes it from the same KV file
 *
 * Each prints one JSON line. The program and the tools match what the Node side resumes with.
 */
import { Buffer } from "node:buffer";
import { createInterpreter, denoKvStore, type SnapshotStore, type ToolDefinition } from "./built-package.js";
import { deno } from "./deno-api.js";
import { PAUSED_PROGRAM, PAUSED_THREAD_ID, type ExportedRecords } from "./pause-program.js";

const [mode, kvPath, extra] = deno.args;
if ((mode !== "pause" && mode !== "resume") || !kvPath || !extra) {
  console.error("usage: pause-resume.ts pause <kv file> <export.json> | resume <kv file> <interrupt id>");
  deno.exit(2);
}

const sent: unknown[] = [];
const sendEmail: ToolDefinition<{ to: string }> = {
  name: "send_email",
  execute: ({ to }) => {
    sent.push({ to });
    return `sent to ${to} by deno ${deno.pid}`;
  },
};

async function exportRecords(store: SnapshotStore): Promise<ExportedRecords> {
  const records = await Promise.all(
    (await store.list()).map(async ({ key, ...meta }) => ({ key, meta, base64: Buffer.from((await store.get(key))!).toString("base64") })),
  );
  return { runtime: `deno ${deno.version.deno}`, records };
}

const kv = await deno.openKv(kvPath);
const store = denoKvStore(kv);
const qb = await createInterpreter({ store, tools: [sendEmail], interruptOn: { send_email: true } });
if (mode === "pause") {
  const paused = await qb.eval(PAUSED_PROGRAM, { threadId: PAUSED_THREAD_ID });
  await deno.writeTextFile(extra, JSON.stringify(await exportRecords(store)));
  console.log(JSON.stringify({ status: paused.status, interrupts: paused.interrupts, pid: deno.pid }));
  // No dispose, no kv.close(): the process just ends, as a crashed or redeployed one would.
  deno.exit(0);
}
const done = await qb.resume(PAUSED_THREAD_ID, { [extra]: { type: "approve" } });
console.log(JSON.stringify({ status: done.status, value: done.value, text: done.text, sent, pid: deno.pid }));
await qb.dispose();
kv.close();
