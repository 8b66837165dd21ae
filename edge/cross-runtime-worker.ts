/**
 * Test harness (e2e/cross-runtime.spec.ts), run in workerd: pauses and resumes a thread over
 * exported store records, the same shape e2e/harness-app exchanges with Chromium, so the same
 * snapshot bytes move between Node, workerd and Chromium. Here the thread lives in Workers KV
 * (kvStore), one key prefix per request.
 *
 *   POST /pause   { program, threadId }             → { status, interrupts, records }
 *   POST /resume  { records, threadId, interruptId } → { status, value, text }
 */
import { createInterpreter, type SnapshotStore, type StoreRecordMeta, type ToolDefinition } from "quickbox";
import { kvStore } from "quickbox/cloudflare";
import quickjsWasm from "quickbox/wasm";

interface Env {
  KV: KVNamespace;
}

interface ExportedRecord {
  key: string;
  meta: StoreRecordMeta;
  bytes: number[];
}

const tools: ToolDefinition<{ to: string }>[] = [{ name: "send_email", execute: ({ to }) => `sent from workerd to ${to}` }];

async function exportRecords(store: SnapshotStore): Promise<ExportedRecord[]> {
  const records = await store.list();
  return Promise.all(records.map(async ({ key, ...meta }) => ({ key, meta, bytes: Array.from((await store.get(key))!) })));
}

async function withInterpreter<T>(store: SnapshotStore, run: (qb: Awaited<ReturnType<typeof createInterpreter>>) => Promise<T>): Promise<T> {
  const qb = await createInterpreter({ wasmModule: quickjsWasm, store, tools, interruptOn: { send_email: true } });
  try {
    return await run(qb);
  } finally {
    await qb.dispose();
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    const store = kvStore(env.KV, { keyPrefix: `${crypto.randomUUID()}/` });
    if (pathname === "/pause") {
      const { program, threadId } = (await request.json()) as { program: string; threadId: string };
      const result = await withInterpreter(store, (qb) => qb.eval(program, { threadId }));
      return Response.json({ status: result.status, interrupts: result.interrupts, records: await exportRecords(store) });
    }
    if (pathname === "/resume") {
      const { records, threadId, interruptId } = (await request.json()) as { records: ExportedRecord[]; threadId: string; interruptId: string };
      for (const record of records) await store.put(record.key, Uint8Array.from(record.bytes), record.meta);
      const result = await withInterpreter(store, (qb) => qb.resume(threadId, { [interruptId]: { type: "approve" } }));
      return Response.json({ status: result.status, value: result.value, text: result.text, warnings: result.warnings ?? [] });
    }
    return new Response("not found", { status: 404 });
  },
};
