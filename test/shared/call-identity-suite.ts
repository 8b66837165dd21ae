/**
 * One call, one identity (DESIGN.md §3 "Call identity") and holds decided on the host per call
 * ("Holds are decided on the host"): shared by Node and Chromium, inline and worker.
 */
import { describe, expect, it } from "vitest";
import { isQuickboxError, memoryStore, type InterpreterEvent, type SnapshotStore, type ToolContext, type ToolDefinition } from "../../src/index.js";
import { editHead, expectCode } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const CALL_ID = /^call_[0-9a-z]{26}$/;

/** Tools that record every call's input and context. */
function recorded() {
  const calls: { name: string; input: unknown; context: ToolContext }[] = [];
  const tool = (name: string, reply: (input: Record<string, unknown>) => unknown = () => "ok"): ToolDefinition<Record<string, unknown>> => ({
    name,
    execute: (input, context) => (calls.push({ name, input, context }), reply(input)),
  });
  return {
    calls,
    ids: () => calls.map((call) => call.context.callId),
    tools: [tool("lookup", (input) => input), tool("send_email", (input) => `sent to ${String(input.to)}`), tool("transfer", (input) => ({ moved: input.amount })), tool("transfer_money", () => "moved")],
  };
}

/** A store whose snapshot puts fail on demand (heads still work). */
function snapshotFailingStore(inner: SnapshotStore = memoryStore()): SnapshotStore & { failSnapshots: boolean } {
  const store = {
    failSnapshots: false,
    get: (key: string) => inner.get(key),
    put: async (key: string, value: Uint8Array, meta: Parameters<SnapshotStore["put"]>[2]) => {
      if (store.failSnapshots && key.startsWith("snap:")) throw new Error("disk full");
      return inner.put(key, value, meta);
    },
    delete: (key: string) => inner.delete(key),
    list: (prefix?: string) => inner.list(prefix),
  };
  return store;
}

export function defineCallIdentitySuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  describe("call ids", () => {
    it("10,000 calls over two threads, a reset, a fork and mode \"call\": every ctx.callId is call_ + 26 of [0-9a-z], none repeats", async () => {
      const { tools, ids } = recorded();
      const qb = await make({ tools, maxToolCalls: null });
      const batch = (count: number) => `await Promise.all(Array.from({ length: ${count} }, (_, i) => tools.lookup({ i })))`;
      for (let round = 0; round < 4; round++) {
        for (const threadId of ["a", "b"]) expect((await qb.eval(batch(1000), { threadId })).status).toBe("ok");
      }
      await qb.reset("a");
      expect((await qb.eval(batch(1000), { threadId: "a" })).status).toBe("ok");
      await qb.fork("b", "b2");
      expect((await qb.eval(batch(250), { threadId: "b" })).status).toBe("ok");
      expect((await qb.eval(batch(250), { threadId: "b2" })).status).toBe("ok");
      const perCall = await make({ tools, mode: "call", maxToolCalls: null });
      for (let round = 0; round < 2; round++) expect((await perCall.eval(batch(250), { threadId: "a" })).status).toBe("ok");
      const seen = ids();
      expect(seen).toHaveLength(10_000);
      expect(seen.every((id) => CALL_ID.test(id))).toBe(true);
      expect(new Set(seen).size).toBe(10_000);
    });

    it("one held call has one id: the interrupt's, the pause event's, threads()', the tool's ctx.callId and its tool-call events", async () => {
      const { tools, calls } = recorded();
      const events: InterpreterEvent[] = [];
      const qb = await make({ tools, interruptOn: { send_email: true }, onEvent: (event) => events.push(event) });
      const paused = await qb.eval("await tools.lookup({ q: 1 }); await tools.sendEmail({ to: 'ana' })", { threadId: "one" });
      expect(paused.status).toBe("paused");
      const [interrupt] = paused.interrupts!;
      expect(interrupt!.id).toMatch(CALL_ID);
      const pauseEvent = events.find((event) => event.type === "pause") as Extract<InterpreterEvent, { type: "pause" }>;
      expect(pauseEvent.interrupts.map((held) => held.id)).toEqual([interrupt!.id]);
      expect((await qb.threads()).find((info) => info.threadId === "one")?.interrupts?.map((held) => held.id)).toEqual([interrupt!.id]);
      const done = await qb.resume("one", { [interrupt!.id]: { type: "approve" } });
      expect(done.status).toBe("ok");
      expect(calls.map((call) => call.name)).toEqual(["lookup", "send_email"]);
      expect(calls[1]!.context.callId).toBe(interrupt!.id);
      const toolEvents = events.filter((event): event is Extract<InterpreterEvent, { type: "tool-call" }> => event.type === "tool-call");
      expect(toolEvents.map((event) => [event.name, event.phase, event.callId])).toEqual([
        ["lookup", "start", calls[0]!.context.callId],
        ["lookup", "end", calls[0]!.context.callId],
        ["send_email", "start", interrupt!.id],
        ["send_email", "end", interrupt!.id],
      ]);
    });

    it("a fork of a paused thread gives its held call a new id; each copy is decided by its own", async () => {
      const { tools } = recorded();
      const qb = await make({ tools, interruptOn: { send_email: true } });
      const paused = await qb.eval("await tools.sendEmail({ to: 'x' })", { threadId: "src" });
      await qb.fork("src", "dst");
      const copied = (await qb.threads()).find((info) => info.threadId === "dst")!.interrupts!;
      expect(copied).toHaveLength(1);
      expect(copied[0]!.id).toMatch(CALL_ID);
      expect(copied[0]!.id).not.toBe(paused.interrupts![0]!.id);
      await expectCode(qb.resume("dst", { [paused.interrupts![0]!.id]: { type: "approve" } }), "UNKNOWN_INTERRUPT");
      expect((await qb.resume("dst", { [copied[0]!.id]: { type: "approve" } })).value).toBe("sent to x");
    });
  });

  describe("interruptOn decided on the host, per call", () => {
    it("a predicate of the validated arguments holds only the calls it flags; the rest run at once", async () => {
      const { tools, calls } = recorded();
      const asked: { args: unknown; callId: string; kind: string; name: string; threadId: string }[] = [];
      const qb = await make({
        tools,
        interruptOn: {
          transfer: (args, context) => {
            asked.push({ args, callId: context.callId, kind: context.kind, name: context.name, threadId: context.threadId });
            return (args as { amount: number }).amount > 100;
          },
        },
      });
      const result = await qb.eval("const small = await tools.transfer({ amount: 5 }); const big = await tools.transfer({ amount: 500 }); [small, big]", { threadId: "p" });
      expect(result.status).toBe("paused");
      expect(calls.map((call) => call.input)).toEqual([{ amount: 5 }]);
      expect(result.interrupts).toEqual([{ id: asked[1]!.callId, kind: "tool", name: "transfer", args: { amount: 500 }, allowedDecisions: ["approve", "edit", "reject", "respond"] }]);
      expect(asked.map((entry) => entry.args)).toEqual([{ amount: 5 }, { amount: 500 }]);
      expect(asked[0]).toMatchObject({ kind: "tool", name: "transfer", threadId: "p", callId: calls[0]!.context.callId });
      const done = await qb.resume("p", { [result.interrupts![0]!.id]: { type: "approve" } });
      expect(done.value).toEqual([{ moved: 5 }, { moved: 500 }]);
      // An approved call is not asked about again.
      expect(asked).toHaveLength(2);
    });

    it("an async predicate's settings: allowed decisions and a description, shown with the interrupt", async () => {
      const { tools } = recorded();
      const qb = await make({
        tools,
        interruptOn: {
          transfer: async (args) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            return { allowedDecisions: ["approve", "reject"], description: `Move ${(args as { amount: number }).amount} EUR?` };
          },
        },
      });
      const paused = await qb.eval("await tools.transfer({ amount: 70 })", { threadId: "d" });
      expect(paused.interrupts![0]).toMatchObject({ allowedDecisions: ["approve", "reject"], description: "Move 70 EUR?" });
      expect((await qb.threads()).find((info) => info.threadId === "d")?.interrupts?.[0]?.description).toBe("Move 70 EUR?");
      await expectCode(qb.resume("d", { [paused.interrupts![0]!.id]: { type: "edit", args: { amount: 1 } } }), "DECISION_NOT_ALLOWED");
      const rejected = await qb.resume("d", { [paused.interrupts![0]!.id]: { type: "reject", message: "too much" } });
      expect(rejected.error).toMatchObject({ type: "ToolRejected", message: "too much" });
    });

    it("a setting object and a description on a fixed entry", async () => {
      const { tools } = recorded();
      const qb = await make({ tools, interruptOn: { send_email: { description: "Emails leave the company" } } });
      const paused = await qb.eval("await tools.sendEmail({ to: 'a' })", { threadId: "s" });
      expect(paused.interrupts![0]).toMatchObject({ allowedDecisions: ["approve", "edit", "reject", "respond"], description: "Emails leave the company" });
    });

    it("a predicate that throws, or answers neither a boolean nor settings, holds the call, with a warning", async () => {
      const { tools, calls } = recorded();
      const warnings: string[] = [];
      const qb = await make({
        tools,
        interruptOn: {
          transfer: () => {
            throw new Error("risk service down");
          },
          send_email: () => "yes" as never,
        },
        onEvent: (event) => event.type === "warning" && warnings.push(event.message),
      });
      const paused = await qb.eval("await Promise.all([tools.transfer({ amount: 1 }), tools.sendEmail({ to: 'b' })])", { threadId: "w" });
      expect(paused.status).toBe("paused");
      expect(paused.interrupts!.map((held) => held.name).sort()).toEqual(["send_email", "transfer"]);
      expect(calls).toEqual([]);
      expect(warnings.join("\n")).toMatch(/interruptOn\.transfer threw \(risk service down\)/);
      expect(warnings.join("\n")).toMatch(/interruptOn\.send_email answered string/);
    });

    it("a predicate on task() decides per request", async () => {
      const dispatched: string[] = [];
      const qb = await make({
        subagents: { dispatch: (request) => (dispatched.push(request.description), `did ${request.description}`), types: [{ name: "general", description: "g" }, { name: "risky", description: "r" }] },
        interruptOn: { task: (args) => (args as { subagentType: string }).subagentType === "risky" },
      });
      const paused = await qb.eval(
        "const a = await task({ description: 'safe', subagentType: 'general' }); const b = await task({ description: 'delete all', subagentType: 'risky' }); [a, b]",
        { threadId: "t" },
      );
      expect(dispatched).toEqual(["safe"]);
      expect(paused.interrupts).toEqual([expect.objectContaining({ kind: "task", name: "risky", args: { description: "delete all", subagentType: "risky" } })]);
      const done = await qb.resume("t", { [paused.interrupts![0]!.id]: { type: "respond", value: "skipped" } });
      expect(done.value).toEqual(["did safe", "skipped"]);
    });

    it("interruptOn entries are checked: a bad setting is INVALID_OPTIONS", async () => {
      const { tools } = recorded();
      for (const interruptOn of [{ send_email: { allowedDecisions: [] } }, { send_email: { allowedDecisions: ["maybe"] } }, { send_email: "yes" }, { send_email: { description: 5 } }]) {
        await expectCode(make({ tools, interruptOn: interruptOn as never }), "INVALID_OPTIONS");
      }
    });
  });

  describe("the one record of a held call", () => {
    it("an unsigned store rewritten after a pause: an approval runs exactly what the reviewer is shown, never another call", async () => {
      const store = memoryStore();
      const { tools, calls } = recorded();
      const first = await make({ tools, store, interruptOn: { send_email: true, transfer_money: true } });
      const paused = await first.eval("const r = await tools.sendEmail({ to: 'ana' }); r", { threadId: "v" });
      await first.dispose();
      await editHead(store, "v", (head) => {
        head.interrupts[0].name = "transfer_money";
        head.interrupts[0].args = { to: "mallory", amount: 10_000 };
      });
      const reviewer = await make({ tools, store, interruptOn: { send_email: true, transfer_money: true } });
      const shown = (await reviewer.threads()).find((info) => info.threadId === "v")!.interrupts!;
      expect(shown).toEqual([{ ...paused.interrupts![0], name: "transfer_money", args: { to: "mallory", amount: 10_000 } }]);
      await reviewer.resume("v", { [shown[0]!.id]: { type: "approve" } });
      expect(calls.map((call) => [call.name, call.input])).toEqual([["transfer_money", { to: "mallory", amount: 10_000 }]]);
    });
  });

  describe("a replayed (rolled back) signed head", () => {
    it("an executing call replayed from an older signed head runs again only on a new approval, with the same ctx.callId; a reject never re-runs it", async () => {
      const KEY = "rollback test key";
      const store = memoryStore();
      const runs: { callId: string; to: unknown }[] = [];
      let captured: Uint8Array | undefined;
      const sendEmail: ToolDefinition<Record<string, unknown>> = {
        name: "send_email",
        execute: async (input, context) => {
          // While the call runs, the head holds the resume's claim with this call "executing": an attacker copies it.
          captured ??= await store.get("head:r");
          runs.push({ callId: context.callId, to: input.to });
          return "sent";
        },
      };
      const recovered: string[] = [];
      const options = { store, snapshotSigningKey: KEY, tools: [sendEmail], interruptOn: { send_email: true }, claimTimeoutMs: 1, recover: (call: { callId: string }) => (recovered.push(call.callId), "retry" as const) };
      const qb = await make(options);
      const paused = await qb.eval("await tools.sendEmail({ to: 'bob' })", { threadId: "r" });
      const id = paused.interrupts![0]!.id;
      expect((await qb.resume("r", { [id]: { type: "approve" } })).value).toBe("sent");
      expect(runs).toEqual([{ callId: id, to: "bob" }]);
      await qb.dispose();

      // Replay 1: the old head comes back; the reviewer now rejects: recover says retry, but nothing runs.
      await store.put("head:r", captured!, { sizeBytes: captured!.length, createdAt: Date.now(), threadId: "r", kind: "head" });
      const other = await make(options);
      const rejected = await other.resume("r", { [id]: { type: "reject" } });
      expect(rejected.error?.message).toMatch(/send_email was executing when the process stopped; it was not run again \(recover said retry, but this resume did not approve the call again\)/);
      expect(runs).toHaveLength(1);
      // Replay 2: the old head again, and no decision at all: still nothing runs.
      await store.put("head:r", captured!, { sizeBytes: captured!.length, createdAt: Date.now(), threadId: "r", kind: "head" });
      expect((await other.resume("r", {})).status).toBe("error");
      expect(runs).toHaveLength(1);
      // Replay 3 with a new approval: it runs again — under the same call id, the idempotency key a tool passes on.
      await store.put("head:r", captured!, { sizeBytes: captured!.length, createdAt: Date.now(), threadId: "r", kind: "head" });
      expect((await other.resume("r", { [id]: { type: "approve" } })).value).toBe("sent");
      expect(runs).toEqual([{ callId: id, to: "bob" }, { callId: id, to: "bob" }]);
      expect(recovered).toEqual([id, id, id]);
    });
  });

  describe("limits around holds", () => {
    it("arguments nested deeper than 1,000 levels fail with ToolInputError (gated or not); the interpreter goes on", async () => {
      const { tools, calls } = recorded();
      const qb = await make({ tools, interruptOn: { send_email: true } });
      const deep = (depth: number, tool: string) => `let a = 1; for (let i = 0; i < ${depth}; i++) a = [a]; try { await tools.${tool}({ a }); 'ran' } catch (e) { e.name + ': ' + e.message }`;
      expect((await qb.eval(deep(1100, "sendEmail"), { threadId: "n" })).value).toBe("ToolInputError: send_email: the arguments are nested more than 1000 levels deep");
      expect((await qb.eval(deep(1100, "lookup"), { threadId: "n" })).value).toMatch(/^ToolInputError: lookup: the arguments are nested more than 1000 levels deep/);
      expect((await qb.eval(deep(100, "lookup"), { threadId: "n" })).value).toBe("ran");
      expect(calls).toHaveLength(1);
      expect((await qb.eval("1 + 1", { threadId: "n" })).value).toBe(2);
    });

    it("a pause the store cannot take is an error result, not a pause: nothing waits, the thread is back at its stored state", async () => {
      const store = snapshotFailingStore();
      const { tools, calls } = recorded();
      const qb = await make({ tools, store, interruptOn: { send_email: true } });
      expect((await qb.eval("let n = 1", { threadId: "f" })).status).toBe("ok");
      store.failSnapshots = true;
      const result = await qb.eval("n = 2; await tools.sendEmail({ to: 'z' })", { threadId: "f" });
      expect(result.status).toBe("error");
      expect(result.error?.type).toBe("SnapshotError");
      expect(result.error?.message).toMatch(/paused: waiting for a decision on 1 call \(send_email\), but the pause could not be stored \(snapshot not stored: disk full\)/);
      expect(result.interrupts).toBeUndefined();
      expect((await qb.threads()).find((info) => info.threadId === "f")?.state).not.toBe("paused");
      store.failSnapshots = false;
      expect((await qb.eval("n", { threadId: "f" })).value).toBe(1);
      expect(calls).toEqual([]);
    });
  });

  describe("order of requests on a thread", () => {
    it("a fork issued between two evals copies the first eval's state only; a fork issued before a reset copies the thread", async () => {
      const qb = await make({});
      await qb.eval("var w = 0", { threadId: "o" });
      const first = qb.eval("w = 1", { threadId: "o" });
      const fork = qb.fork("o", "o-copy");
      const second = qb.eval("w = 2", { threadId: "o" });
      await Promise.all([first, fork, second]);
      expect((await qb.eval("w", { threadId: "o-copy" })).value).toBe(1);
      expect((await qb.eval("w", { threadId: "o" })).value).toBe(2);
      const forkBeforeReset = qb.fork("o", "o-kept");
      const reset = qb.reset("o");
      await Promise.all([forkBeforeReset, reset]);
      expect((await qb.eval("w", { threadId: "o-kept" })).value).toBe(2);
      expect((await qb.eval("typeof w", { threadId: "o" })).value).toBe("undefined");
    });
  });

  describe("background cells are scoped to their thread when a scope is given", () => {
    it("wait/cancel with another threadId: UNKNOWN_CELL, never the result; the cell is untouched", async () => {
      // The cell waits on a gate the test opens once the other thread's attempts are refused (a timer could
      // run out first on a loaded machine, and the cell would no longer be running).
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const qb = await make({ tools: [{ name: "gate", execute: () => gate.then(() => "open") }] });
      const running = await qb.eval("await tools.gate({}); 'A-SECRET'", { threadId: "conv-a", yieldAfterMs: 20 });
      expect(running.status, running.text).toBe("running");
      for (const attempt of [qb.wait(running.cellId!, { threadId: "conv-b", timeoutMs: 10 }), qb.cancel(running.cellId!, { threadId: "conv-b" })]) {
        const error = await attempt.then(() => null, (caught: unknown) => caught);
        expect(isQuickboxError(error) && error.code).toBe("UNKNOWN_CELL");
        expect(String((error as Error).message)).not.toContain("A-SECRET");
      }
      open();
      const result = await qb.wait(running.cellId!, { threadId: "conv-a" });
      expect(result.value).toBe("A-SECRET");
    });
  });
}
