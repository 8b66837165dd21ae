/**
 * Threads outlive the build (DESIGN.md §6): a thread whose snapshots another build wrote is
 * rebuilt by replaying its journal — shared by Node and Chromium, inline and worker.
 */
import { describe, expect, it } from "vitest";
import { isQuickboxError, memoryStore, type InterpreterEvent, type InterpreterOptions, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { makeForeign } from "./foreign-build.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** Tools that count their runs: a rebuild must never run one again. */
function countedTools() {
  const runs: string[] = [];
  const tools: ToolDefinition<Record<string, unknown>>[] = [
    { name: "lookup", execute: (input) => (runs.push(`lookup ${String(input.id)}`), { id: input.id, price: 10 * Number(input.id) }) },
    { name: "send_email", execute: (input) => (runs.push(`email ${String(input.to)}`), `sent to ${String(input.to)}`) },
  ];
  return { runs, tools };
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    expect(isQuickboxError(error), String(error)).toBe(true);
    return error as { code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error("expected a QuickboxError");
}

export function defineReplaySuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  describe("a thread another build stored is rebuilt from its journal", () => {
    it("state, closures, timers, random and a paused call come back; the pending decision applies; no tool runs again", async () => {
      const store = memoryStore();
      const first = countedTools();
      const options = (tools: ToolDefinition<Record<string, unknown>>[], events?: InterpreterEvent[]): InterpreterOptions => ({
        store,
        tools,
        interruptOn: { send_email: true },
        randomSeed: 7,
        ...(events ? { onEvent: (event: InterpreterEvent) => events.push(event) } : {}),
      });
      const a = await make(options(first.tools));
      await a.eval("let total = 0; const seen = []; const add = (n) => { total += n; seen.push(n); return total }", { threadId: "deal" });
      await a.eval("const items = await Promise.all([1, 2, 3].map((id) => tools.lookup({ id }))); add(items.reduce((s, i) => s + i.price, 0))", { threadId: "deal" });
      await a.eval("await new Promise((r) => setTimeout(r, 5000)); const stamp = Date.now(); const draw = Math.random(); add(1)", { threadId: "deal" });
      const paused = await a.eval("const receipt = await tools.sendEmail({ to: 'ops@example.com' }); add(100); [receipt, total, seen, stamp, draw]", { threadId: "deal" });
      expect(paused.status).toBe("paused");
      expect(first.runs).toEqual(["lookup 1", "lookup 2", "lookup 3"]);
      await a.dispose();

      await makeForeign(store, "deal");

      const events: InterpreterEvent[] = [];
      const later = countedTools();
      const b = await make(options(later.tools, events));
      const info = (await b.threads()).find((thread) => thread.threadId === "deal")!;
      expect(info).toMatchObject({ state: "paused", pendingInterrupts: 1, replayable: true, interrupts: [{ id: paused.interrupts![0]!.id, name: "send_email" }] });
      const done = await b.resume("deal", { [paused.interrupts![0]!.id]: { type: "approve" } });
      expect(done.status, done.text).toBe("ok");
      const [receipt, total, seen, stamp, draw] = done.value as [string, number, number[], number, number];
      expect([receipt, total, seen, stamp]).toEqual(["sent to ops@example.com", 161, [60, 1, 100], 5000]);
      expect(typeof draw).toBe("number");
      // Only the approved call ran, here, once; the lookups were answered from the journal.
      expect(later.runs).toEqual(["email ops@example.com"]);
      expect(first.runs).toEqual(["lookup 1", "lookup 2", "lookup 3"]);
      const replay = events.find((event) => event.type === "replay") as Extract<InterpreterEvent, { type: "replay" }>;
      expect(replay).toMatchObject({ threadId: "deal", cells: 4, calls: 4 });
      expect(done.warnings?.join("\n")).toMatch(/rebuilt on this build from its journal \(4 cells, 4 calls/);
      // The rebuilt thread is this build's now: later evals work and see the same state.
      expect((await b.eval("[total, add.name, typeof items]", { threadId: "deal" })).value).toEqual([161, "add", "object"]);
    });

    it("answers come from the journal, not this host: Intl (an edited answer shows), the real clock, task() and skills; several pauses and decisions in a row", async () => {
      const store = memoryStore();
      const dispatched: string[] = [];
      const options = (): InterpreterOptions => ({
        store,
        clock: "real",
        interruptOn: { task: true },
        subagents: { dispatch: (request) => (dispatched.push(request.description), `report on ${request.description}`), types: [{ name: "general", description: "g" }] },
        skills: { list: () => ["math"], files: (name) => (name === "math" ? { "index.ts": "export const twice = (n: number): number => n * 2;" } : undefined) },
      });
      const a = await make(options());
      await a.eval("const price = (1234.5).toLocaleString('en-US', { style: 'currency', currency: 'EUR' }); const t0 = Date.now()", { threadId: "x" });
      await a.eval("const { twice } = await import('@/skills/math'); const doubled = twice(21)", { threadId: "x" });
      const first = await a.eval("const r1 = await task({ description: 'one', subagentType: 'general' }); const r2 = await task({ description: 'two', subagentType: 'general' }); [r1, r2]", { threadId: "x" });
      const second = await a.resume("x", { [first.interrupts![0]!.id]: { type: "respond", value: "answered by a person" } });
      expect(second.status).toBe("paused");
      const secondId = second.interrupts![0]!.id;
      expect(dispatched).toEqual([]);
      await a.dispose();
      await makeForeign(store, "x", {
        editManifest: (manifest) => {
          const journal = manifest.journal as { entries: { t: string; a?: string }[] };
          for (const entry of journal.entries) if (entry.t === "intl" && entry.a?.includes("1,234.50")) entry.a = entry.a.replace("1,234.50", "9,999.99");
        },
      });
      const b = await make(options());
      const done = await b.resume("x", { [secondId]: { type: "approve" } });
      expect(done.value).toEqual(["answered by a person", "report on two"]);
      expect(dispatched).toEqual(["two"]);
      const state = await b.eval("[price, typeof t0 === 'number' && t0 > 1e12, doubled]", { threadId: "x" });
      // The rebuilt price is the journal's (edited here), not what this host's Intl would format.
      expect(state.value).toEqual(["€9,999.99", true, 42]);
    });

    it("an unpaused thread is rebuilt at its next eval, signed and encrypted", async () => {
      const store = memoryStore();
      const keys = { snapshotSigningKey: "replay signing key", encryptionKey: new Uint8Array(32).fill(7) };
      const tools = countedTools();
      const a = await make({ store, tools: tools.tools, ...keys });
      await a.eval("const names = new Map(); names.set('a', 1); let n = (await tools.lookup({ id: 4 })).price", { threadId: "s" });
      await a.eval("n += 1; names.set('b', n)", { threadId: "s" });
      await a.dispose();
      await makeForeign(store, "s", { signingKey: keys.snapshotSigningKey, encryptionKey: keys.encryptionKey });
      const b = await make({ store, tools: tools.tools, ...keys });
      const result = await b.eval("[n, [...names]]", { threadId: "s" });
      expect(result.value).toEqual([41, [["a", 1], ["b", 41]]]);
      expect(tools.runs).toEqual(["lookup 4"]);
    });

    it("checkout to a snapshot another build wrote (a LangGraph checkpoint's recorded id after a deploy) rebuilds that point from its journal", async () => {
      const store = memoryStore();
      const written: string[] = [];
      const a = await make({ store, onEvent: (event) => void (event.type === "snapshot" && written.push(event.snapshot.id)) });
      await a.eval("let x = 1; const seen = [x]", { threadId: "tt" });
      const afterOne = written.at(-1)!;
      await a.eval("x = 2; seen.push(x)", { threadId: "tt" });
      const afterTwo = written.at(-1)!;
      await a.eval("x = 3; seen.push(x)", { threadId: "tt" });
      await a.dispose();
      const foreign = await makeForeign(store, "tt");
      expect([foreign.has(afterOne), foreign.has(afterTwo)]).toEqual([true, true]);
      const b = await make({ store });
      await b.checkout("tt", foreign.get(afterOne)!);
      expect((await b.eval("[x, seen]", { threadId: "tt" })).value).toEqual([1, [1]]);
      await b.checkout("tt", foreign.get(afterTwo)!);
      expect((await b.eval("[x, seen]", { threadId: "tt" })).value).toEqual([2, [1, 2]]);
    });

    it("a program that now calls another tool than the journal has: REPLAY_DIVERGED (both calls named), nothing runs, the stored thread is left as it was", async () => {
      const store = memoryStore();
      const tools = countedTools();
      const a = await make({ store, tools: tools.tools, interruptOn: { send_email: true } });
      await a.eval("const who = await tools.lookup({ id: 1 })", { threadId: "d" });
      const paused = await a.eval("await tools.sendEmail({ to: 'x' })", { threadId: "d" });
      await a.dispose();
      // The journal says lookup({ id: 1 }); a different program is what the rebuild now meets.
      await makeForeign(store, "d", {
        editManifest: (manifest) => {
          const journal = manifest.journal as { entries: { t: string; calls?: { argsHash: string }[] }[] };
          for (const entry of journal.entries) if (entry.t === "calls") entry.calls![0]!.argsHash = "0000000000000000";
        },
      });
      const headBefore = await store.get("head:d");
      const b = await make({ store, tools: tools.tools, interruptOn: { send_email: true } });
      const error = await rejection(b.resume("d", { [paused.interrupts![0]!.id]: { type: "approve" } }));
      expect(error.code).toBe("REPLAY_DIVERGED");
      expect(error.message).toMatch(/the program called lookup where the journal has lookup with other arguments/);
      expect(error.details).toMatchObject({ expected: { kind: "tool", name: "lookup" }, actual: { kind: "tool", name: "lookup", args: '{"id":1}' } });
      expect(tools.runs).toEqual(["lookup 1"]);
      expect(await store.get("head:d")).toEqual(headBefore);
      const evaluated = await b.eval("1", { threadId: "d" }).then((r) => r, (e: unknown) => e);
      expect(isQuickboxError(evaluated) && evaluated.code).toBe("THREAD_PAUSED");
    });

    it("a thread stored before journals were kept: NOT_REPLAYABLE (a clear error); an eval says so as a SnapshotError; reset clears it", async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval("let kept = 1", { threadId: "old" });
      await a.dispose();
      await makeForeign(store, "old", { editManifest: (manifest) => void delete manifest.journal });
      const b = await make({ store });
      expect((await b.threads()).find((thread) => thread.threadId === "old")).toMatchObject({ state: "hibernated" });
      const result = await b.eval("kept", { threadId: "old" });
      expect(result.status).toBe("error");
      expect(result.error).toMatchObject({ type: "SnapshotError", details: { code: "NOT_REPLAYABLE" } });
      expect(result.error?.message).toMatch(/cannot be restored on this build .* nor rebuilt: it was written before quickbox kept journals/);
      await b.reset("old");
      expect((await b.eval("typeof kept", { threadId: "old" })).value).toBe("undefined");
    });

    it("past maxJournalBytes the thread goes on but is not replayable: one warning, threads() says so", async () => {
      const warnings: string[] = [];
      const qb = await make({ store: memoryStore(), maxJournalBytes: 2000, onEvent: (event) => event.type === "warning" && warnings.push(event.message) });
      await qb.eval("let s = 'x'", { threadId: "big" });
      expect((await qb.threads()).find((thread) => thread.threadId === "big")?.replayable).toBe(true);
      const result = await qb.eval(`s += '${"y".repeat(3000)}'; s.length`, { threadId: "big" });
      expect(result.value).toBe(3001);
      expect(result.warnings?.join("\n")).toMatch(/no longer replayable on another build: its journal grew past maxJournalBytes \(2000\)/);
      await qb.eval("s.length", { threadId: "big" });
      expect(warnings.filter((w) => w.includes("no longer replayable"))).toHaveLength(1);
      expect((await qb.threads()).find((thread) => thread.threadId === "big")?.replayable).toBe(false);
    });

    it("a cell stopped by its CPU budget makes the thread not replayable (nothing could stop it at the same point)", async () => {
      const qb = await make({ store: memoryStore(), timeoutMs: 100 });
      await qb.eval("let i = 0", { threadId: "t" });
      const stopped = await qb.eval("for (;;) i++", { threadId: "t" });
      expect(stopped.error?.type).toBe("Timeout");
      expect(stopped.warnings?.join("\n")).toMatch(/no longer replayable on another build: a cell was stopped \(Timeout\)/);
      expect((await qb.threads()).find((thread) => thread.threadId === "t")?.replayable).toBe(false);
    });
  });
}
