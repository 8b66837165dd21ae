/**
 * Call ids across processes (DESIGN.md §3 "Call identity"): two processes that restore the same
 * stored thread — the same heap, with the guest's own call counter in it — still give every call
 * an id of its own, and neither repeats an id the first process issued.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { fsStore } from "../../src/node.js";

const child = new URL("../fixtures/call-ids-child.mjs", import.meta.url).pathname;

it("two processes restoring one stored thread (inline and worker) issue ids that never repeat each other's or the first process's", async () => {
  const dir = mkdtempSync(join(tmpdir(), "quickbox-callids-"));
  try {
    const first: string[] = [];
    const qb = await createInterpreter({ store: fsStore(dir), maxToolCalls: null, tools: [{ name: "lookup", execute: (_input, ctx) => (first.push(ctx.callId), "ok") }] });
    expect((await qb.eval("await Promise.all(Array.from({ length: 500 }, (_, i) => tools.lookup({ i })))", { threadId: "shared" })).status).toBe("ok");
    await qb.dispose();
    const run = (isolation: string) => promisify(execFile)(process.execPath, [child, dir, "shared", "500", isolation]).then(({ stdout }) => JSON.parse(stdout) as { status: string; ids: string[] });
    const [inline, worker] = await Promise.all([run("inline"), run("worker")]);
    // Both ran their calls (one of the two may lose the race to store its end: CONFLICT).
    expect([inline.status, worker.status].filter((status) => status === "ok").length).toBeGreaterThanOrEqual(1);
    const all = [...first, ...inline.ids, ...worker.ids];
    expect(all).toHaveLength(1500);
    expect(all.every((id) => /^call_[0-9a-z]{26}$/.test(id))).toBe(true);
    expect(new Set(all).size).toBe(1500);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
