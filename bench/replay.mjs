// Replay benchmark (DESIGN §8 "Replay"): a paused small program (10 cells, 20 calls) stored by
// "another build" is rebuilt from its journal; its journal's stored size; what journaling costs a
// warm eval. Built package, inline isolation. "Another build": the stored snapshots' headers name
// another base image (the format is documented in docs/snapshot-format.md), so this build must
// refuse the heap and replay the journal — the path an app upgrade takes.
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { createInterpreter, memoryStore } from "../dist/index.js";
import { writeBuildResults } from "./build-results.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ROUNDS = Number(process.env.REPLAY_ROUNDS ?? 15);
const FOREIGN_BASE_IMAGE = "f0e1d2c3".repeat(8);

const tools = [
  { name: "lookup", execute: ({ id }) => ({ id, price: 10 * id, name: `item ${id}` }) },
  { name: "send_email", execute: ({ to }) => `sent to ${to}` },
];
const options = (store) => ({ isolation: "inline", store, tools, interruptOn: { send_email: true } });

/** 10 cells, 20 tool calls (19 lookups, then the held send_email): a small agent program. */
const CELLS = [
  "let cart = []; const total = () => cart.reduce((s, i) => s + i.price, 0)",
  "cart.push(await tools.lookup({ id: 1 }), await tools.lookup({ id: 2 }))",
  "cart.push(...await Promise.all([3, 4, 5].map((id) => tools.lookup({ id }))))",
  "const seen = new Set(cart.map((i) => i.id)); seen.size",
  "for (const id of [6, 7, 8]) cart.push(await tools.lookup({ id }))",
  "await new Promise((r) => setTimeout(r, 1000)); cart.push(await tools.lookup({ id: 9 }))",
  "cart.push(...await Promise.all([10, 11, 12, 13].map((id) => tools.lookup({ id }))))",
  "const names = cart.map((i) => i.name).join(', '); names.length",
  "for (const id of [14, 15, 16, 17, 18, 19]) cart.push(await tools.lookup({ id }))",
  "const receipt = await tools.sendEmail({ to: 'ops@example.com', body: `total ${total()}` }); [receipt, total()]",
];

function parseSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(Buffer.from(bytes.subarray(12, 12 + headerLength)).toString("utf8"));
  return { header, body: bytes.subarray(12 + headerLength) };
}

function encodeSnapshot(header, body) {
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const out = new Uint8Array(12 + headerBytes.length + body.length);
  out.set(Buffer.from("QBSNAP"), 0);
  const view = new DataView(out.buffer);
  view.setUint16(6, 2, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  out.set(body, 12 + headerBytes.length);
  return out;
}

/** The stored thread as another build (another base image) would have written it. Unsigned, unencrypted. */
async function makeForeign(store, threadId) {
  const head = JSON.parse(Buffer.from(await store.get(`head:${threadId}`)).toString("utf8"));
  const renamed = new Map();
  const chain = [];
  for (const id of head.chain) {
    const { header, body } = parseSnapshot(await store.get(`snap:${id}`));
    const foreign = encodeSnapshot({ ...header, baseImage: FOREIGN_BASE_IMAGE, ...(header.parent ? { parent: renamed.get(header.parent) } : {}) }, body);
    const newId = createHash("sha256").update(foreign).digest("hex");
    renamed.set(id, newId);
    chain.push(newId);
    await store.put(`snap:${newId}`, foreign, { sizeBytes: foreign.length, createdAt: Date.now(), threadId, kind: header.kind });
  }
  const bytes = Buffer.from(JSON.stringify({ ...head, chain }), "utf8");
  await store.put(`head:${threadId}`, new Uint8Array(bytes), { sizeBytes: bytes.length, createdAt: Date.now(), threadId, kind: "head" });
}

/** The journal the chain holds: entries (raw JSON) and their size gzip'd as a snapshot stores them. */
async function journalOf(store, threadId) {
  const head = JSON.parse(Buffer.from(await store.get(`head:${threadId}`)).toString("utf8"));
  const entries = [];
  for (const id of head.chain) {
    const { body } = parseSnapshot(await store.get(`snap:${id}`));
    const raw = gunzipSync(body);
    const manifestLength = new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
    const manifest = JSON.parse(Buffer.from(raw.subarray(4, 4 + manifestLength)).toString("utf8"));
    entries.push(...manifest.journal.entries);
  }
  const json = JSON.stringify(entries);
  return { entries: entries.length, rawBytes: Buffer.byteLength(json), gzipBytes: gzipSync(json, { level: 6 }).length };
}

async function pausedStore() {
  const store = memoryStore();
  const qb = await createInterpreter(options(store));
  let last;
  for (const cell of CELLS) last = await qb.eval(cell, { threadId: "t" });
  if (last.status !== "paused") throw new Error(`the program should pause: ${last.text}`);
  await qb.dispose();
  return { store, interruptId: last.interrupts[0].id };
}

async function copyStore(from) {
  const to = memoryStore();
  for (const record of await from.list()) await to.put(record.key, await from.get(record.key), record);
  return to;
}

/** One resume of the stored program in a fresh interpreter: how long bringing the thread back took. */
async function resumeOnce(template, interruptId, foreign) {
  const store = await copyStore(template);
  let rebuiltMs = null;
  const qb = await createInterpreter({ ...options(store), onEvent: (event) => event.type === "replay" && (rebuiltMs = event.durationMs) });
  await qb.eval("1", { threadId: "warm-up" });
  const t0 = performance.now();
  const done = await qb.resume("t", { [interruptId]: { type: "approve" } });
  const totalMs = performance.now() - t0;
  await qb.dispose();
  if (done.status !== "ok") throw new Error(`resume failed: ${done.text}`);
  if (foreign && rebuiltMs === null) throw new Error("the foreign thread was not rebuilt");
  return { totalMs, rebuiltMs };
}

/**
 * Warm eval("1+1") µs with and without journaling, the two interpreters alive side by side and
 * their rounds interleaved (a load change hits both alike): medians of 2,000-eval rounds.
 */
async function warmEvalMicrosInterleaved(rounds) {
  const journaling = await createInterpreter({ isolation: "inline" });
  const notJournaling = await createInterpreter({ isolation: "inline", maxJournalBytes: 0 });
  const samples = { journaling: [], notJournaling: [] };
  const round = async (qb) => {
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) await qb.eval("1+1");
    return ((performance.now() - t0) * 1000) / 2000;
  };
  for (const qb of [journaling, notJournaling]) for (let i = 0; i < 2; i++) await round(qb);
  for (let i = 0; i < rounds; i++) {
    const [first, second] = i % 2 === 0 ? ["journaling", "notJournaling"] : ["notJournaling", "journaling"];
    samples[first].push(await round(first === "journaling" ? journaling : notJournaling));
    samples[second].push(await round(second === "journaling" ? journaling : notJournaling));
  }
  await Promise.all([journaling.dispose(), notJournaling.dispose()]);
  return { journaling: median(samples.journaling), notJournaling: median(samples.notJournaling) };
}

const { store: sameBuild, interruptId } = await pausedStore();
const journal = await journalOf(sameBuild, "t");
const foreignStore = await copyStore(sameBuild);
await makeForeign(foreignStore, "t");

const restore = [];
const rebuild = [];
const rebuildTotal = [];
for (let round = 0; round < ROUNDS; round++) {
  restore.push((await resumeOnce(sameBuild, interruptId, false)).totalMs);
  const replayed = await resumeOnce(foreignStore, interruptId, true);
  rebuild.push(replayed.rebuiltMs);
  rebuildTotal.push(replayed.totalMs);
}

// Journaling's cost on a warm eval: the default against an interpreter whose journal stopped at once.
const warmEval = await warmEvalMicrosInterleaved(45);

const figures = {
  program: { cells: CELLS.length, calls: 20 },
  journal,
  rebuildMs: median(rebuild),
  resumeAfterRebuildMs: median(rebuildTotal),
  resumeAfterRestoreMs: median(restore),
  warmEvalMicros: warmEval,
};
const overhead = figures.warmEvalMicros.journaling / figures.warmEvalMicros.notJournaling - 1;
console.log("replay (inline, built package, median of", ROUNDS, "rounds)");
console.log(`  rebuild a paused ${CELLS.length}-cell / 20-call program from its journal: ${figures.rebuildMs.toFixed(1)} ms (target ≤ 20 ms: ${figures.rebuildMs <= 20 ? "met" : "NOT met"})`);
console.log(`  resume after rebuild ${figures.resumeAfterRebuildMs.toFixed(1)} ms; after a same-build restore ${figures.resumeAfterRestoreMs.toFixed(1)} ms (ratio ${(figures.resumeAfterRebuildMs / figures.resumeAfterRestoreMs).toFixed(2)})`);
console.log(`  journal: ${journal.entries} entries, ${journal.rawBytes} B as JSON, ${journal.gzipBytes} B gzip as stored (target ≤ 16 KB: ${journal.gzipBytes <= 16384 ? "met" : "NOT met"})`);
console.log(
  `  warm eval("1+1"): ${figures.warmEvalMicros.journaling.toFixed(2)} µs journaling vs ${figures.warmEvalMicros.notJournaling.toFixed(2)} µs not (+${(overhead * 100).toFixed(1)} %, target ≤ 5 %: ${overhead <= 0.05 ? "met" : "NOT met"})`,
);
console.log(JSON.stringify(figures));
writeBuildResults("replay", { rounds: ROUNDS, ...figures, journalingOverhead: overhead });
