/**
 * The same snapshot bytes resume in another runtime: paused in Node → resumed in Chromium, and
 * back; paused in Node → resumed in workerd, paused in workerd → resumed in Chromium.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { buildAndServe } from "./support/build-app.js";
import { buildWorker, startWorker } from "../edge/run-in-workerd.js";
import { foreignRecords } from "../test/fixtures/foreign-records.mjs";
import type { SnapshotStore } from "../src/index.js";

// The built package, as Node uses it (the same bytes a browser build of it runs).
const { createInterpreter, memoryStore } = (await import("../dist/index.js" as string)) as typeof import("../src/index.js");

const PROGRAM =
  "const ledger = new Map([['start', 1]]); class Step { constructor(n) { this.n = n } twice() { return this.n * 2 } } const step = new Step(21); const reply = await tools.sendEmail({ to: 'ops' }); `${ledger.get('start')}:${step.twice()}:${reply}`";

interface ExportedRecord {
  key: string;
  meta: Parameters<SnapshotStore["put"]>[2];
  bytes: number[];
}

async function exportRecords(store: SnapshotStore): Promise<ExportedRecord[]> {
  const records = await store.list();
  return Promise.all(records.map(async ({ key, ...meta }) => ({ key, meta, bytes: Array.from((await store.get(key))!) })));
}

test("a thread paused in Node resumes in Chromium, and one paused in Chromium resumes in Node", async ({ page }) => {
  const { url, server } = await buildAndServe("harness-app");
  try {
    await page.goto(url);
    await expect(page.locator("#ready")).toHaveText("ready", { timeout: 30_000 });

    // Node → Chromium
    const store = memoryStore();
    const node = await createInterpreter({ store, tools: [{ name: "send_email", execute: () => "sent from Node" }], interruptOn: { send_email: true } });
    const paused = await node.eval(PROGRAM, { threadId: "n2c" });
    await node.dispose();
    expect(paused.status).toBe("paused");
    const inBrowser = await page.evaluate(
      ({ records, interruptId }) => (window as unknown as { harness: { resume(r: unknown, t: string, i: string): Promise<{ value: unknown }> } }).harness.resume(records, "n2c", interruptId),
      { records: await exportRecords(store), interruptId: paused.interrupts![0]!.id },
    );
    expect(inBrowser.value).toBe("1:42:sent from the browser to ops");

    // Chromium → Node
    const fromBrowser = await page.evaluate(
      (program) => (window as unknown as { harness: { pause(p: string, t: string): Promise<{ status: string; interrupts: { id: string }[]; records: ExportedRecord[] }> } }).harness.pause(program, "c2n"),
      PROGRAM,
    );
    expect(fromBrowser.status).toBe("paused");
    const back = memoryStore();
    for (const record of fromBrowser.records) await back.put(record.key, Uint8Array.from(record.bytes), record.meta);
    const resumer = await createInterpreter({ store: back, tools: [{ name: "send_email", execute: () => "sent from Node" }], interruptOn: { send_email: true } });
    const done = await resumer.resume("c2n", { [fromBrowser.interrupts[0]!.id]: { type: "approve" } });
    await resumer.dispose();
    expect(done.value).toBe("1:42:sent from Node");
  } finally {
    await server.close();
  }
});

test("a thread paused in Chromium survives a page reload (IndexedDB) and resumes at its await", async ({ page }) => {
  const { url, server } = await buildAndServe("harness-app");
  type Harness = {
    pauseInIndexedDb(p: string, t: string): Promise<{ status: string; interrupts: { id: string; args: unknown }[] }>;
    resumeFromIndexedDb(t: string): Promise<{ status: string; value?: unknown; interrupts?: { id: string }[] }>;
  };
  try {
    await page.goto(url);
    await expect(page.locator("#ready")).toHaveText("ready", { timeout: 30_000 });
    const threadId = `reload-${Date.now()}`;
    const paused = await page.evaluate(
      ({ program, threadId }) => (window as unknown as { harness: Harness }).harness.pauseInIndexedDb(program, threadId),
      { program: PROGRAM, threadId },
    );
    expect(paused.status).toBe("paused");
    expect(paused.interrupts[0]!.args).toEqual({ to: "ops" });

    await page.reload();
    await expect(page.locator("#ready")).toHaveText("ready", { timeout: 30_000 });
    const resumed = await page.evaluate((threadId) => (window as unknown as { harness: Harness }).harness.resumeFromIndexedDb(threadId), threadId);
    expect(resumed.interrupts?.map((interrupt) => interrupt.id)).toEqual(paused.interrupts.map((interrupt) => interrupt.id));
    expect(resumed).toMatchObject({ status: "ok", value: "1:42:sent from the browser to ops" });
  } finally {
    await server.close();
  }
});

test("a thread paused in Node resumes in workerd, and one paused in workerd resumes in Chromium", async ({ page }) => {
  // The worker bundles the built package (dist/index.js, dist/cloudflare.js), as a consumer's worker
  // would, and keeps the thread in Workers KV (kvStore).
  const outDir = mkdtempSync(join(tmpdir(), "quickbox-cross-runtime-"));
  const repo = fileURLToPath(new URL("..", import.meta.url));
  await buildWorker({ entry: join(repo, "edge/cross-runtime-worker.ts"), outDir, quickbox: "dist" });
  const workerd = startWorker(outDir, { kvNamespaces: ["KV"] });
  const { url, server } = await buildAndServe("harness-app");
  const post = async (path: string, body: unknown) => (await workerd.dispatchFetch(`http://worker${path}`, { method: "POST", body: JSON.stringify(body) })).json();
  try {
    // Node → workerd
    const store = memoryStore();
    const node = await createInterpreter({ store, tools: [{ name: "send_email", execute: () => "sent from Node" }], interruptOn: { send_email: true } });
    const paused = await node.eval(PROGRAM, { threadId: "n2w" });
    await node.dispose();
    expect(paused.status).toBe("paused");
    const inWorkerd = await post("/resume", { records: await exportRecords(store), threadId: "n2w", interruptId: paused.interrupts![0]!.id });
    expect(inWorkerd).toMatchObject({ status: "ok", value: "1:42:sent from workerd to ops" });

    // Node → workerd, as another build's snapshots (an upgrade between pause and resume): rebuilt from the journal.
    const again = memoryStore();
    const older = await createInterpreter({ store: again, tools: [{ name: "send_email", execute: () => "sent from Node" }], interruptOn: { send_email: true } });
    const pausedOlder = await older.eval(PROGRAM, { threadId: "n2w-upgrade" });
    await older.dispose();
    const exported = await exportRecords(again);
    const foreign = await foreignRecords(exported.map((record) => ({ ...record.meta, key: record.key, bytes: Uint8Array.from(record.bytes) })));
    const rebuilt = (await post("/resume", {
      records: foreign.map(({ key, bytes, ...meta }) => ({ key, meta, bytes: Array.from(bytes) })),
      threadId: "n2w-upgrade",
      interruptId: pausedOlder.interrupts![0]!.id,
    })) as { status: string; value: unknown; warnings: string[] };
    expect(rebuilt).toMatchObject({ status: "ok", value: "1:42:sent from workerd to ops" });
    expect(rebuilt.warnings.join("\n")).toMatch(/rebuilt on this build from its journal \(1 cell, 1 call/);

    // workerd → Chromium
    const fromWorkerd = (await post("/pause", { program: PROGRAM, threadId: "w2c" })) as { status: string; interrupts: { id: string }[]; records: ExportedRecord[] };
    expect(fromWorkerd.status).toBe("paused");
    await page.goto(url);
    await expect(page.locator("#ready")).toHaveText("ready", { timeout: 30_000 });
    const inBrowser = await page.evaluate(
      ({ records, interruptId }) => (window as unknown as { harness: { resume(r: unknown, t: string, i: string): Promise<{ value: unknown }> } }).harness.resume(records, "w2c", interruptId),
      { records: fromWorkerd.records, interruptId: fromWorkerd.interrupts[0]!.id },
    );
    expect(inBrowser.value).toBe("1:42:sent from the browser to ops");
  } finally {
    await server.close();
    await workerd.dispose();
    rmSync(outDir, { recursive: true, force: true });
  }
});
