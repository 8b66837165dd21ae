// Two pages of one origin (one IndexedDB) load this page, `?name=A` and `?name=B`, and race to
// approve the same pause (e2e/durable-race.spec.ts). Each page has its own interpreters on one
// idbStore database; send_email counts its runs in this page and takes 300 ms, so both resumes
// overlap. The built package, as an installed dependency.
import { createInterpreter, isQuickboxError } from "quickbox";
import { idbStore } from "quickbox/idb";

const name = new URLSearchParams(location.search).get("name") ?? "?";
const TOOL_MS = 300;
/** Runs to the await, pauses there; after it, `steps` is 2 and `receipt` what the tool returned. */
const PROGRAM = "let steps = 1; const receipt = await tools.sendEmail({ to: 'ana@example.com' }); steps++; `done:${receipt}`";

/** Runs of send_email in this page, by thread. */
const runs = {};
const tools = [
  {
    name: "send_email",
    execute: async ({ to }, ctx) => {
      runs[ctx.threadId] = (runs[ctx.threadId] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, TOOL_MS));
      return `sent to ${to} by ${name}`;
    },
  },
];
const now = () => performance.timeOrigin + performance.now();

// Two interpreters per page, for the whole test (a trial is a new thread): `racer` resumes, and
// pauses the thread itself in "live" trials (it then holds the paused thread in memory); `helper`
// pauses the thread in the other trials (so both racers restore it from IndexedDB) and runs the
// later eval that checks what the store kept.
let racer;
let helper;
let store;

window.race = {
  name,
  async open(dbName) {
    store = idbStore({ dbName });
    const options = { store, tools, interruptOn: { send_email: true } };
    [racer, helper] = await Promise.all([createInterpreter(options), createInterpreter(options)]);
  },
  async close() {
    await Promise.all([racer.dispose(), helper.dispose()]);
  },
  async pause(threadId, live) {
    const paused = await (live ? racer : helper).eval(PROGRAM, { threadId });
    return { status: paused.status, interruptId: paused.interrupts?.[0]?.id };
  },
  async resume(threadId, interruptId) {
    const startedAt = now();
    try {
      const done = await racer.resume(threadId, { [interruptId]: { type: "approve" } });
      return { outcome: "result", status: done.status, value: done.value, startedAt, endedAt: now() };
    } catch (error) {
      return { outcome: "error", quickboxError: isQuickboxError(error), code: error?.code, message: error?.message, startedAt, endedAt: now() };
    }
  },
  runs: (threadId) => runs[threadId] ?? 0,
  /** The stored head as raw JSON, and a later eval of the program's state. */
  async inspect(threadId) {
    const bytes = await store.get(`head:${threadId}`);
    const head = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null;
    const later = await helper.eval("[steps, receipt]", { threadId });
    return { head, later: { status: later.status, value: later.value, error: later.error } };
  },
};
document.querySelector("#ready").textContent = "ready";
