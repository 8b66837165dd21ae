// Exposes pause/resume over exported store records, so a Playwright test can move a paused
// thread between Node and this page (the same snapshot bytes, both ways).
import { createInterpreter, memoryStore } from "quickbox";

const tools = [{ name: "send_email", execute: (args) => `sent from the browser to ${args.to}` }];

async function exportRecords(store) {
  const records = await store.list();
  return Promise.all(records.map(async ({ key, ...meta }) => ({ key, meta, bytes: Array.from(await store.get(key)) })));
}

async function importRecords(store, records) {
  for (const record of records) await store.put(record.key, Uint8Array.from(record.bytes), record.meta);
}

window.harness = {
  async pause(program, threadId) {
    const store = memoryStore();
    const qb = await createInterpreter({ store, tools, interruptOn: { send_email: true } });
    const result = await qb.eval(program, { threadId });
    await qb.dispose();
    return { status: result.status, interrupts: result.interrupts, records: await exportRecords(store) };
  },
  async resume(records, threadId, interruptId) {
    const store = memoryStore();
    await importRecords(store, records);
    const qb = await createInterpreter({ store, tools, interruptOn: { send_email: true } });
    const result = await qb.resume(threadId, { [interruptId]: { type: "approve" } });
    await qb.dispose();
    return { status: result.status, value: result.value, text: result.text };
  },
};
document.querySelector("#ready").textContent = "ready";
