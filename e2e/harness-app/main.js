// Exposes pause/resume over exported store records, so a Playwright test can move a paused
// thread between Node and this page (the same snapshot bytes, both ways), and pause/resume over
// IndexedDB, so it can reload the page in between.
import { createInterpreter, memoryStore } from "quickbox";
import { idbStore } from "quickbox/idb";

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
  async pauseInIndexedDb(program, threadId) {
    const qb = await createInterpreter({ store: idbStore(), tools, interruptOn: { send_email: true } });
    const result = await qb.eval(program, { threadId });
    await qb.dispose();
    return { status: result.status, interrupts: result.interrupts };
  },
  /** After a reload: finds the paused thread's interrupts in the store and approves them all. */
  async resumeFromIndexedDb(threadId) {
    const qb = await createInterpreter({ store: idbStore(), tools, interruptOn: { send_email: true } });
    try {
      const thread = (await qb.threads()).find((info) => info.threadId === threadId);
      if (!thread || thread.state !== "paused") return { status: "not paused", thread };
      const decisions = Object.fromEntries(thread.interrupts.map((interrupt) => [interrupt.id, { type: "approve" }]));
      const result = await qb.resume(threadId, decisions);
      return { status: result.status, value: result.value, interrupts: thread.interrupts };
    } finally {
      await qb.dispose();
    }
  },
};
document.querySelector("#ready").textContent = "ready";
