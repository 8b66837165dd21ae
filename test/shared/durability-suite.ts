/**
 * Durable threads: pauses for approval, resume in another interpreter from the same store,
 * decisions, fork, modes, hibernation, store failures and tampering. Shared by Node and Chromium,
 * inline and worker.
 */
import { describe, expect, it } from "vitest";
import {
  isQuickboxError,
  memoryStore,
  type EvalResult,
  type InterpreterOptions,
  type SnapshotStore,
  type ToolDefinition,
} from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

async function expectCode(promise: Promise<unknown>, code: string, reason?: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect(isQuickboxError(error), String(error)).toBe(true);
    expect((error as { code: string }).code).toBe(code);
    if (reason) expect((error as { reason?: string }).reason).toBe(reason);
    return;
  }
  throw new Error(`expected QuickboxError ${code}`);
}

/** Tools whose calls are recorded; send_email and pay_invoice need approval. */
function recordingTools() {
  const calls: { name: string; args: unknown }[] = [];
  const record =
    (name: string, reply: (args: Record<string, unknown>) => unknown): ToolDefinition<Record<string, unknown>> => ({
      name,
      execute: (args) => {
        calls.push({ name, args });
        return reply(args);
      },
    });
  const tools = [
    record("send_email", (args) => `sent to ${String(args.to)}`),
    record("pay_invoice", (args) => ({ paid: args.amount })),
    record("lookup", (args) => ({ id: args.id, price: 10 * Number(args.id) })),
  ];
  return { calls, tools };
}

/** A store whose puts can be made to fail. */
function flakyStore(inner: SnapshotStore = memoryStore()): SnapshotStore & { failPuts: boolean } {
  const store = {
    failPuts: false,
    get: (key: string) => inner.get(key),
    put: async (key: string, value: Uint8Array, meta: Parameters<SnapshotStore["put"]>[2]) => {
      if (store.failPuts) throw new Error("disk full");
      return inner.put(key, value, meta);
    },
    delete: (key: string) => inner.delete(key),
    list: (prefix?: string) => inner.list(prefix),
  };
  return store;
}

export function defineDurabilitySuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  const PROGRAM = [
    "class Account { constructor(owner) { this.owner = owner; this.log = [] } note(x) { this.log.push(x); return this } }",
    "const account = new Account('ada');",
    "let counter = 0; const next = () => ++counter;",
    "const prices = new Map([['a', 1], ['b', 2]]);",
    "const items = Array.from({ length: 1000 }, (_, i) => ({ i, square: i * i }));",
    "next(); next();",
    "const [first, second, found] = await Promise.all([",
    "  tools.sendEmail({ to: 'ops@example.com', body: 'hi' }),",
    "  tools.payInvoice({ amount: 42 }),",
    "  tools.lookup({ id: 7 }),",
    "]);",
    "account.note(first).note(second);",
    "({ counter: next(), owner: account.owner, log: account.log, total: prices.get('a') + prices.get('b'), last: items[999].square, found, now: Date.now() })",
  ].join("\n");

  describe("pausing for approval", () => {
    it("a held call whose arguments the schema refuses fails at once with ToolInputError; only valid calls wait for a reviewer", async () => {
      const sent: unknown[] = [];
      const sendEmail: ToolDefinition<{ to: string }> = {
        name: "send_email",
        inputSchema: { type: "object", properties: { to: { type: "string", pattern: "@" } }, required: ["to"], additionalProperties: false },
        execute: (input) => (sent.push(input), "sent"),
      };
      const store = memoryStore();
      const qb = await make({ tools: [sendEmail as ToolDefinition<never>], store, interruptOn: { send_email: true } });
      const paused = await qb.eval(
        `console.log("before");
         let refused = "none";
         try { await tools.sendEmail({ too: "typo@example.com" }) } catch (e) { refused = e.name + ": " + e.message }
         console.log("refused:", refused);
         const [a, b] = await Promise.all([tools.sendEmail({ to: "no-at-sign" }).catch((e) => e.name), tools.sendEmail({ to: "ana@example.com" })]);
         [refused, a, b]`,
        { threadId: "checked" },
      );
      expect(paused.status).toBe("paused");
      expect(paused.interrupts?.map((interrupt) => interrupt.args)).toEqual([{ to: "ana@example.com" }]);
      expect(paused.stdout).toMatch(/^before\nrefused: ToolInputError: tools\.sendEmail: invalid input: .*too/);
      expect(paused.text).toMatch(/^<stdout>\nbefore\nrefused: ToolInputError/);
      expect(sent).toEqual([]);
      const done = await qb.resume("checked", { [paused.interrupts![0]!.id]: { type: "approve" } });
      expect(done.value).toEqual([expect.stringMatching(/^ToolInputError: /), "ToolInputError", "sent"]);
      expect(sent).toEqual([{ to: "ana@example.com" }]);
      // The stored chain restores elsewhere (the refused pauses were never stored as snapshots).
      const other = await make({ tools: [sendEmail as ToolDefinition<never>], store, interruptOn: { send_email: true } });
      expect((await other.eval("[refused.startsWith('ToolInputError'), b]", { threadId: "checked" })).value).toEqual([true, "sent"]);
    });

    it("pauses on interruptOn tools, with ids, args and allowed decisions, and resumes in a fresh interpreter", async () => {
      const store = memoryStore();
      const first = recordingTools();
      const options = (tools: ToolDefinition<never>[]): InterpreterOptions => ({
        tools,
        store,
        interruptOn: { send_email: true, pay_invoice: { allowedDecisions: ["approve", "reject"] } },
      });
      const a = await make(options(first.tools));
      const paused = await a.eval(PROGRAM, { threadId: "deal" });
      expect(paused.status).toBe("paused");
      expect(paused.text).toMatch(/^<paused>/);
      expect(first.calls).toEqual([{ name: "lookup", args: { id: 7 } }]);
      const interrupts = paused.interrupts!;
      expect(interrupts).toHaveLength(2);
      for (const interrupt of interrupts) {
        expect(interrupt.id).toMatch(/^call_[0-9a-z]{26}$/);
        expect(interrupt.id).not.toMatch(/^[0-9a-f]{32}$/);
      }
      const email = interrupts.find((i) => i.name === "send_email")!;
      const invoice = interrupts.find((i) => i.name === "pay_invoice")!;
      expect(email).toMatchObject({ kind: "tool", args: { to: "ops@example.com", body: "hi" }, allowedDecisions: ["approve", "edit", "reject", "respond"] });
      expect(invoice.allowedDecisions).toEqual(["approve", "reject"]);
      expect((await a.threads()).find((t) => t.threadId === "deal")).toEqual({ threadId: "deal", state: "paused", pendingInterrupts: 2, replayable: true, interrupts });
      await expectCode(a.eval("1", { threadId: "deal" }), "THREAD_PAUSED");
      await a.dispose();

      // Another interpreter, same store: the program continues exactly at its await.
      const second = recordingTools();
      const b = await make(options(second.tools));
      // After a reload, threads() is how an app finds what is waiting for a decision.
      expect((await b.threads()).find((t) => t.threadId === "deal")).toEqual({ threadId: "deal", state: "paused", pendingInterrupts: 2, replayable: true, interrupts });
      await expectCode(b.eval("1", { threadId: "deal" }), "THREAD_PAUSED");
      const done = await b.resume("deal", { [email.id]: { type: "approve" }, [invoice.id]: { type: "approve" } });
      expect(done.status, done.text).toBe("ok");
      expect(done.value).toEqual({
        counter: 3,
        owner: "ada",
        log: ["sent to ops@example.com", { paid: 42 }],
        total: 3,
        last: 998001,
        found: { id: 7, price: 70 },
        now: 0,
      });
      expect(second.calls).toEqual([
        { name: "send_email", args: { to: "ops@example.com", body: "hi" } },
        { name: "pay_invoice", args: { amount: 42 } },
      ]);
      expect((await b.eval("counter", { threadId: "deal" })).value).toBe(3);
    });

    it("decides three interrupts in three resume calls, in any order", async () => {
      const { tools } = recordingTools();
      const qb = await make({ tools, interruptOn: { send_email: true } });
      const paused = await qb.eval(
        "const out = await Promise.all(['a', 'b', 'c'].map((to) => tools.sendEmail({ to }).catch((e) => e.name + ':' + e.message))); out",
        { threadId: "t3" },
      );
      const [a, b, c] = ["a", "b", "c"].map((to) => paused.interrupts!.find((i) => (i.args as { to: string }).to === to)!.id);
      const step1 = await qb.resume("t3", { [c!]: { type: "reject", message: "not c" } });
      expect(step1.status).toBe("paused");
      expect(step1.interrupts!.map((i) => i.id).sort()).toEqual([a, b].sort());
      const step2 = await qb.resume("t3", { [a!]: { type: "respond", value: "answered a" } });
      expect(step2.interrupts!.map((i) => i.id)).toEqual([b]);
      const step3 = await qb.resume("t3", { [b!]: { type: "edit", args: { to: "B" } } });
      expect(step3.value).toEqual(["answered a", "sent to B", "ToolRejected:not c"]);
    });

    it("reject is catchable as ToolRejected; uncaught it ends the eval", async () => {
      const { tools } = recordingTools();
      const qb = await make({ tools, interruptOn: { send_email: true } });
      const paused = await qb.eval("try { await tools.sendEmail({ to: 'x' }) } catch (e) { [e.name, e.message] }", { threadId: "r" });
      const caught = await qb.resume("r", { [paused.interrupts![0]!.id]: { type: "reject", message: "too risky" } });
      expect(caught.value).toEqual(["ToolRejected", "too risky"]);
      const again = await qb.eval("await tools.sendEmail({ to: 'y' })", { threadId: "r" });
      const uncaught = await qb.resume("r", { [again.interrupts![0]!.id]: { type: "reject" } });
      expect(uncaught.error?.type).toBe("ToolRejected");
    });

    it("refuses bad decisions with clear codes", async () => {
      const { tools } = recordingTools();
      const qb = await make({ tools, interruptOn: { pay_invoice: { allowedDecisions: ["approve", "reject"] } } });
      const paused = await qb.eval("await tools.payInvoice({ amount: 1 })", { threadId: "bad" });
      const id = paused.interrupts![0]!.id;
      await expectCode(qb.resume("bad", { int_doesnotexist: { type: "approve" } }), "UNKNOWN_INTERRUPT");
      await expectCode(qb.resume("bad", { [id]: { type: "respond", value: 1 } }), "DECISION_NOT_ALLOWED");
      await expectCode(qb.resume("other", {}), "UNKNOWN_THREAD");
      await qb.eval("1", { threadId: "idle" });
      await expectCode(qb.resume("idle", {}), "NOT_PAUSED");
      expect((await qb.resume("bad", { [id]: { type: "approve" } })).value).toEqual({ paid: 1 });
      // "respond" needs a value (undefined is a value only when given).
      const open = await make({ tools, interruptOn: { pay_invoice: true } });
      const waiting = await open.eval("await tools.payInvoice({ amount: 2 })", { threadId: "respond" });
      await expectCode(open.resume("respond", { [waiting.interrupts![0]!.id]: { type: "respond" } as never }), "INVALID_OPTIONS");
    });

    it("needs the tool to resume: TOOL_MISSING in an interpreter without it", async () => {
      const store = memoryStore();
      const { tools } = recordingTools();
      const a = await make({ tools, store, interruptOn: { send_email: true } });
      const paused = await a.eval("await tools.sendEmail({ to: 'z' })", { threadId: "m" });
      const b = await make({ store, tools: tools.filter((t) => t.name !== "send_email") });
      await expectCode(b.resume("m", { [paused.interrupts![0]!.id]: { type: "approve" } }), "TOOL_MISSING");
    });

    it("task() can require approval too", async () => {
      const qb = await make({ subagents: { dispatch: (request) => `did ${request.description}` }, interruptOn: { task: true } });
      const paused = await qb.eval("await task({ description: 'research', subagentType: 'general' })", { threadId: "tk" });
      expect(paused.interrupts![0]).toMatchObject({ kind: "task", name: "general", args: { description: "research", subagentType: "general" } });
      expect((await qb.resume("tk", { [paused.interrupts![0]!.id]: { type: "approve" } })).value).toBe("did research");
    });

    it("forks a paused thread; the two copies are decided differently", async () => {
      const { tools } = recordingTools();
      const qb = await make({ tools, interruptOn: { send_email: true } });
      const paused = await qb.eval("const before = 'shared'; const reply = await tools.sendEmail({ to: 'f' }).catch((e) => 'rejected'); before + ':' + reply", { threadId: "orig" });
      await qb.fork("orig", "copy");
      await expectCode(qb.fork("orig", "copy"), "THREAD_EXISTS");
      const id = paused.interrupts![0]!.id;
      const copy = (await qb.threads()).find((t) => t.threadId === "copy")!;
      expect(copy).toMatchObject({ state: "paused", pendingInterrupts: 1 });
      // The copy's held call is the same call under a new id: a call id is never reissued.
      const copyId = copy.interrupts![0]!.id;
      expect(copyId).not.toBe(id);
      expect(copy.interrupts![0]).toEqual({ ...paused.interrupts![0], id: copyId });
      await expectCode(qb.resume("copy", { [id]: { type: "reject" } }), "UNKNOWN_INTERRUPT");
      expect((await qb.resume("orig", { [id]: { type: "approve" } })).value).toBe("shared:sent to f");
      expect((await qb.resume("copy", { [copyId]: { type: "reject" } })).value).toBe("shared:rejected");
    });
  });

  describe("persistence", () => {
    it('mode "thread" with a store: state survives a new interpreter (transparent restore)', async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval("const kept = { list: [1, 2, 3] }; let n = 41", { threadId: "p" });
      await a.eval("n++", { threadId: "p" });
      await a.dispose();
      const b = await make({ store });
      expect((await b.eval("[kept.list.length, n]", { threadId: "p" })).value).toEqual([3, 42]);
      expect((await b.threads()).map((t) => t.threadId)).toContain("p");
    });

    it("stores deltas after the first snapshot, and restores through the chain", async () => {
      const store = memoryStore();
      const qb = await make({ store });
      for (let i = 0; i < 5; i++) await qb.eval(`globalThis.v${i} = ${i}`, { threadId: "d" });
      const records = await store.list("snap:");
      const kinds = records.map((record) => record.kind);
      expect(kinds.filter((kind) => kind === "full").length).toBe(1);
      expect(kinds.filter((kind) => kind === "delta").length).toBe(4);
      const deltaSizes = records.filter((r) => r.kind === "delta").map((r) => r.sizeBytes);
      const fullSize = records.find((r) => r.kind === "full")!.sizeBytes;
      expect(Math.max(...deltaSizes)).toBeLessThan(fullSize);
      const fresh = await make({ store });
      expect((await fresh.eval("[v0, v1, v2, v3, v4]", { threadId: "d" })).value).toEqual([0, 1, 2, 3, 4]);
    });

    it("every stored state restores exactly: 24 varied evals (growth, frees, deep stacks, regex, closures), each checked from a fresh interpreter", async () => {
      const store = memoryStore();
      const qb = await make({ store, maxSnapshotBytes: 64 * 2 ** 20 });
      await qb.eval(
        `let log = []; const cache = new Map(); let blob = null; let counter = 0;
         function digest() {
           let h = 0;
           const text = JSON.stringify({ log, cache: [...cache.entries()], counter, blob: blob ? [blob.length, blob[0], blob[blob.length - 1]] : null });
           for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
           return h + ":" + text.length;
         }
         const step = (i) => {
           counter += i;
           switch (i % 6) {
             case 0: blob = new Uint8Array(200000 + i * 5000).map((_, k) => (k * i) & 255); break;
             case 1: blob = null; log = log.slice(-3); break;
             case 2: { const deep = (n) => (n === 0 ? 0 : 1 + deep(n - 1)); log.push("depth " + deep(400 + i)); break; }
             case 3: log.push(("x" + i).repeat(50).replace(/x(\\d)/g, (_, d) => d + "!").slice(0, 40)); break;
             case 4: for (let k = 0; k < 300; k++) cache.set("k" + ((k * i) % 97), { k, i, at: [k, i] }); break;
             default: { const makeAdder = (n) => (x) => x + n; globalThis["adder" + i] = makeAdder(i); log.push(globalThis["adder" + i](1)); }
           }
         };`,
        { threadId: "fuzz" },
      );
      for (let i = 0; i < 24; i++) {
        const here = await qb.eval(`step(${i}); digest()`, { threadId: "fuzz" });
        expect(here.status, JSON.stringify(here)).toBe("ok");
        if (i % 2 === 0 && i !== 23) continue; // a fresh interpreter per check is slow in worker isolation
        const elsewhere = await make({ store });
        const there = await elsewhere.eval("digest()", { threadId: "fuzz" });
        expect(there.value, `after step ${i}`).toBe(here.value);
        await elsewhere.dispose();
      }
      const kinds = (await store.list("snap:")).map((record) => record.kind);
      expect(kinds).toContain("delta");
    }, 60_000);

    it("threads taking turns in one live slot (instances reused) never see each other's state", async () => {
      const qb = await make({ maxLiveThreads: 1 });
      await qb.eval("const blob = new Uint8Array(3 * 2 ** 20).fill(7); let a = 1; globalThis.secret = 'A'", { threadId: "a" });
      await qb.eval("let b = 1; const big = 'b'.repeat(2 ** 20)", { threadId: "b" });
      for (let round = 0; round < 4; round++) {
        const fromA = await qb.eval("a++; [typeof b, typeof big, blob.length, blob[12345], secret, a]", { threadId: "a" });
        expect(fromA.value).toEqual(["undefined", "undefined", 3 * 2 ** 20, 7, "A", round + 2]);
        const fromB = await qb.eval("b++; [typeof a, typeof blob, typeof secret, big.length, b]", { threadId: "b" });
        expect(fromB.value).toEqual(["undefined", "undefined", "undefined", 2 ** 20, round + 2]);
        const fresh = await qb.eval("[typeof a, typeof b, typeof blob, typeof big, typeof secret]", { threadId: `fresh-${round}` });
        expect(fresh.value).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
      }
      const calls = await make({ mode: "call" });
      for (let i = 0; i < 3; i++) {
        const result = await calls.eval(`const seen = typeof leftover; globalThis.leftover = new Array(1e5).fill(${i}); seen`, { threadId: "c" });
        expect(result.value).toBe("undefined");
      }
    });

    it("checkout moves a thread to an earlier or later snapshot; branches stay restorable; prune keeps a kept delta's parents", async () => {
      const store = memoryStore();
      const written: string[] = [];
      const qb = await make({ store, onEvent: (event) => void (event.type === "snapshot" && written.push(event.snapshot.id)) });
      await qb.eval("let x = 1", { threadId: "tt" });
      const afterOne = written.at(-1)!;
      await qb.eval("x = 2", { threadId: "tt" });
      const afterTwo = written.at(-1)!;
      await qb.eval("x = 3", { threadId: "tt" });
      await qb.checkout("tt", afterOne);
      expect((await qb.eval("x", { threadId: "tt" })).value).toBe(1);
      await qb.eval("x = 10", { threadId: "tt" });
      await qb.checkout("tt", afterTwo);
      expect((await qb.eval("x", { threadId: "tt" })).value).toBe(2);
      // Another interpreter on the same store sees the moved head.
      await qb.checkout("tt", afterOne);
      const other = await make({ store });
      expect((await other.eval("x", { threadId: "tt" })).value).toBe(1);

      await expectCode(qb.checkout("tt", "0".repeat(64)), "SNAPSHOT_REJECTED", "truncated");
      await qb.eval("1", { threadId: "elsewhere" });
      await expectCode(qb.checkout("elsewhere", afterOne), "INVALID_OPTIONS");
      await expectCode(qb.checkout("tt", "not-an-id"), "INVALID_OPTIONS");

      // afterTwo is a delta: keeping it keeps the full snapshot it builds on.
      const kinds = new Map((await store.list("snap:")).map((record) => [record.key.slice(5), record.kind]));
      expect(kinds.get(afterTwo)).toBe("delta");
      await qb.reset("tt");
      await qb.reset("elsewhere");
      await other.reset("tt");
      await store.prune!({ keep: [afterTwo] });
      const fresh = await make({ store });
      await fresh.checkout("tt", afterTwo);
      expect((await fresh.eval("x", { threadId: "tt" })).value).toBe(2);
    });

    it('mode "turn" resets at endTurn; mode "call" starts fresh every eval', async () => {
      const turn = await make({ mode: "turn" });
      await turn.eval("const x = 1", { threadId: "t" });
      expect((await turn.eval("typeof x", { threadId: "t" })).value).toBe("number");
      await turn.endTurn("t");
      expect((await turn.eval("typeof x", { threadId: "t" })).value).toBe("undefined");
      const call = await make({ mode: "call" });
      await call.eval("globalThis.y = 1", { threadId: "c" });
      expect((await call.eval("typeof y", { threadId: "c" })).value).toBe("undefined");
      const thread = await make({ mode: "thread" });
      await thread.eval("const z = 1", { threadId: "z" });
      await thread.endTurn("z");
      expect((await thread.eval("z", { threadId: "z" })).value).toBe(1);
    });

    it('mode "call": a program that paused and resumed leaves nothing behind either', async () => {
      const store = memoryStore();
      const call = await make({ mode: "call", store, tools: [{ name: "ask", execute: () => "asked" }], interruptOn: { ask: true } });
      const paused = await call.eval("var secret = 'from the previous call'; await tools.ask()", { threadId: "c" });
      expect(paused.status).toBe("paused");
      const resumed = await call.resume("c", { [paused.interrupts![0]!.id]: { type: "respond", value: "answered" } });
      expect(resumed.value).toBe("answered");
      expect((await call.eval("typeof secret", { threadId: "c" })).value).toBe("undefined");
      expect((await call.eval("typeof secret", { threadId: "c" })).value).toBe("undefined");
      expect(await store.get("head:c")).toBeUndefined();
      expect((await call.threads()).filter((info) => info.threadId === "c" && info.state !== "idle")).toEqual([]);
    });

    it("snapshot() returns its info; a failed store write keeps the previous snapshot readable", async () => {
      const store = flakyStore();
      const a = await make({ store });
      await a.eval("let balance = 100", { threadId: "s" });
      const info = await a.snapshot("s");
      expect(info).toMatchObject({ threadId: "s", kind: expect.stringMatching(/full|delta/), paused: false });
      expect(info.id).toMatch(/^[0-9a-f]{64}$/);
      expect(info.sizeBytes).toBeGreaterThan(0);
      store.failPuts = true;
      const result = await a.eval("balance = 0; balance", { threadId: "s" });
      expect(result.value).toBe(0);
      expect(result.warnings?.join("\n")).toMatch(/snapshot not stored: disk full/);
      await expectCode(a.snapshot("s"), "STORE_FAILED");
      store.failPuts = false;
      const b = await make({ store });
      expect((await b.eval("balance", { threadId: "s" })).value).toBe(100);
    });

    it("maxSnapshotBytes: a larger snapshot is not stored and warnings says so", async () => {
      const qb = await make({ store: memoryStore(), maxSnapshotBytes: 1000 });
      const result = await qb.eval("const big = 'x'.repeat(100000); 1", { threadId: "big" });
      expect(result.warnings?.join("\n")).toMatch(/snapshot not stored: \d+ bytes is more than maxSnapshotBytes \(1000\)/);
    });

    it("200 threads through 20 live slots, each eval'd 3 times: right results, never more than 20 live", async () => {
      const qb = await make({ maxLiveThreads: 20 });
      let mostLive = 0;
      for (let i = 0; i < 200; i++) await qb.eval(`const mine = ${i}; let hits = 1`, { threadId: `h${i}` });
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 200; i++) {
          expect((await qb.eval("hits++; mine", { threadId: `h${i}` })).value).toBe(i);
          if (i % 50 === 0) mostLive = Math.max(mostLive, (await qb.threads()).filter((info) => info.state !== "hibernated").length);
        }
      }
      const infos = await qb.threads();
      expect(infos).toHaveLength(200);
      expect(Math.max(mostLive, infos.filter((info) => info.state !== "hibernated").length)).toBeLessThanOrEqual(20);
      expect((await qb.eval("hits", { threadId: "h0" })).value).toBe(3);
    });

    it("a thread whose instance was lost comes back from its last snapshot", async () => {
      const qb = await make({ store: memoryStore(), memoryLimitBytes: 32 * 2 ** 20 });
      await qb.eval("const before = 'saved'", { threadId: "oom" });
      // Small retained strings fill the heap to the last byte: the instance cannot be kept.
      const bomb = await qb.eval("globalThis.hog = []; while (true) hog.push('y'.repeat(1000) + hog.length)", { threadId: "oom" });
      expect(bomb.error?.type).toBe("OutOfMemory");
      expect(bomb.warnings?.join("\n")).toMatch(/state was lost/);
      const next = await qb.eval("[before, typeof hog]", { threadId: "oom" });
      expect(next.value).toEqual(["saved", "undefined"]);
      expect(next.warnings?.join("\n")).toMatch(/thread was restarted from its last snapshot/);
    });

    it("reset forgets a stored thread", async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval("const gone = 1", { threadId: "g" });
      await a.reset("g");
      expect((await a.eval("typeof gone", { threadId: "g" })).value).toBe("undefined");
      const b = await make({ store });
      expect((await b.threads()).map((t) => t.threadId)).toContain("g");
      await b.reset("g");
      expect((await b.threads()).map((t) => t.threadId)).not.toContain("g");
    });
  });

  describe("integrity", () => {
    async function pausedThread(options: InterpreterOptions): Promise<{ store: SnapshotStore; result: EvalResult }> {
      const store = memoryStore();
      const { tools } = recordingTools();
      const qb = await make({ ...options, tools, store, interruptOn: { send_email: true } });
      const result = await qb.eval("const secret = 'kept'; await tools.sendEmail({ to: 'i' }); secret", { threadId: "i" });
      await qb.dispose();
      return { store, result };
    }

    async function corrupt(store: SnapshotStore, change: (bytes: Uint8Array) => Uint8Array): Promise<void> {
      const [record] = await store.list("snap:");
      const bytes = (await store.get(record!.key))!;
      await store.put(record!.key, change(bytes), { sizeBytes: bytes.length, createdAt: record!.createdAt });
    }

    async function resumeWith(store: SnapshotStore, result: EvalResult, options: InterpreterOptions) {
      const { tools } = recordingTools();
      const qb = await make({ ...options, tools, store });
      return qb.resume("i", { [result.interrupts![0]!.id]: { type: "approve" } });
    }

    it("a signed snapshot restores with the key; a tampered byte or another key is rejected (signature)", async () => {
      const key = "k".repeat(32);
      const { store, result } = await pausedThread({ snapshotSigningKey: key });
      expect((await resumeWith(store, result, { snapshotSigningKey: key })).value).toBe("kept");
      const second = await pausedThread({ snapshotSigningKey: key });
      await expectCode(resumeWith(second.store, second.result, { snapshotSigningKey: "another key" }), "SNAPSHOT_REJECTED", "signature");
      await corrupt(second.store, (bytes) => {
        const copy = bytes.slice();
        copy[copy.length - 100]! ^= 1;
        return copy;
      });
      await expectCode(resumeWith(second.store, second.result, { snapshotSigningKey: key }), "SNAPSHOT_REJECTED", "signature");
    });

    it("an encrypted snapshot needs its key (decrypt)", async () => {
      const key = crypto.getRandomValues(new Uint8Array(32));
      const { store, result } = await pausedThread({ encryptionKey: key });
      const raw = (await store.get((await store.list("snap:"))[0]!.key))!;
      expect(new TextDecoder().decode(raw)).not.toContain("secret");
      await expectCode(resumeWith(store, result, { encryptionKey: crypto.getRandomValues(new Uint8Array(32)) }), "SNAPSHOT_REJECTED", "decrypt");
      await expectCode(resumeWith(store, result, {}), "SNAPSHOT_REJECTED", "decrypt");
      expect((await resumeWith(store, result, { encryptionKey: key })).value).toBe("kept");
    });

    it("fails closed on bad magic and truncation; another format version or a damaged chain of another build is not rebuilt", async () => {
      const cases: [string, string, string | undefined, (bytes: Uint8Array) => Uint8Array][] = [
        ["bad magic", "SNAPSHOT_REJECTED", "bad-magic", (bytes) => Uint8Array.from([0x58, ...bytes.slice(1)])],
        ["a newer format version", "NOT_REPLAYABLE", undefined, (bytes) => {
          const copy = bytes.slice();
          copy[6] = 99;
          return copy;
        }],
        // Another build's chain is read for its journal with the same checks: damaged bytes stay a refusal.
        ["another wasm build, damaged", "SNAPSHOT_REJECTED", "truncated", (bytes) => {
          const text = new TextDecoder().decode(bytes);
          return new TextEncoder().encode(text.replace("quickjs-wasmfile-release-sync@0.32.0", "quickjs-wasmfile-release-sync@0.32.9"));
        }],
        ["truncation", "SNAPSHOT_REJECTED", "truncated", (bytes) => bytes.slice(0, bytes.length - 10)],
      ];
      for (const [what, code, reason, change] of cases) {
        const { store, result } = await pausedThread({});
        await corrupt(store, change);
        const error = await resumeWith(store, result, {}).then(() => null, (caught: unknown) => caught);
        expect(isQuickboxError(error), `${what}: ${String(error)}`).toBe(true);
        expect((error as { code: string }).code, what).toBe(code);
        if (reason) expect((error as { reason?: string }).reason, what).toBe(reason);
      }
    });

    it("an eval on a stored thread that cannot be restored is a SnapshotError result", async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval("let ok = 1", { threadId: "broken" });
      await a.dispose();
      await corrupt(store, (bytes) => bytes.slice(0, 20));
      const b = await make({ store });
      const result = await b.eval("ok", { threadId: "broken" });
      expect(result.error?.type).toBe("SnapshotError");
      expect(result.error?.details).toEqual({ reason: "truncated" });
    });
  });

  describe("exactly once", () => {
    /**
     * A pause on send_email approved in interpreter A: send_email runs and finishes, then the program
     * waits forever on slow(), and A is abandoned there as if its process had died.
     */
    const approvedThenStuck = async (threadId: string) => {
      const store = memoryStore();
      let sent = 0;
      let slowCalls = 0;
      const send: ToolDefinition = { name: "send_email", execute: () => `receipt-${++sent}` };
      const hangs: ToolDefinition = { name: "slow", execute: () => (slowCalls++, new Promise(() => {})) };
      const a = await make({ tools: [send, hangs], store, interruptOn: { send_email: true } });
      const paused = await a.eval("const receipt = await tools.sendEmail({ to: 'x' }); const after = await tools.slow(); [receipt, after]", { threadId });
      const id = paused.interrupts![0]!.id;
      a.resume(threadId, { [id]: { type: "approve" } }).catch(() => {});
      for (let waitedMs = 0; slowCalls === 0 && waitedMs < 10_000; waitedMs += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      return { store, id, send, sentCount: () => sent, slowCallCount: () => slowCalls };
    };

    it("a call that finished before the process died is not re-run nor failed: its recorded result is replayed", async () => {
      const { store, send, sentCount, slowCallCount } = await approvedThenStuck("done-log");
      expect([sentCount(), slowCallCount()]).toEqual([1, 1]);
      const recovered: unknown[] = [];
      const options = { tools: [send, { name: "slow", execute: () => "fast this time" }], store, interruptOn: { send_email: true }, recover: (call: unknown) => (recovered.push(call), "fail" as const) };
      // The dead process's claim holds for claimTimeoutMs: until then the pause is "being resumed elsewhere".
      await expectCode((await make(options)).resume("done-log", {}), "CONFLICT");
      const b = await make({ ...options, claimTimeoutMs: 1 });
      const done = await b.resume("done-log", {});
      expect(done.value).toEqual(["receipt-1", "fast this time"]);
      expect(sentCount()).toBe(1);
      expect(recovered).toEqual([]);
    });

    it("a replay needs no tool: an interpreter without it re-approving a pause whose call is logged as done gets the recorded result", async () => {
      const { store, id, sentCount } = await approvedThenStuck("replay");
      // Another process, without send_email, approves again: the call is only replayed.
      const b = await make({ tools: [{ name: "slow", execute: () => "back" }], store, claimTimeoutMs: 1 });
      const done = await b.resume("replay", { [id]: { type: "approve" } });
      expect(done.value).toEqual(["receipt-1", "back"]);
      expect(sentCount()).toBe(1);
    });

    it("a resume taken for dead (its claim older than the other's claimTimeoutMs) is stopped: its program sees nothing it could not log", async () => {
      const store = memoryStore();
      let sent = 0;
      let notes = 0;
      // a's send starts, then waits until b has recovered (a gate, not a timer: a loaded machine cannot reorder them).
      let sendStarted!: () => void;
      const started = new Promise<void>((resolve) => (sendStarted = resolve));
      let releaseSend!: () => void;
      const released = new Promise<void>((resolve) => (releaseSend = resolve));
      const slowSend: ToolDefinition = { name: "send_email", execute: async () => (sendStarted(), await released, `receipt-${++sent}`) };
      const note: ToolDefinition = { name: "log_note", execute: () => ++notes };
      const a = await make({ tools: [slowSend, note], store, interruptOn: { send_email: true } });
      const paused = await a.eval("const r = await tools.sendEmail({ to: 'x' }); await tools.logNote({}); r", { threadId: "zombie" });
      const id = paused.interrupts![0]!.id;
      const resuming = a.resume("zombie", { [id]: { type: "approve" } });
      resuming.catch(() => {});
      await started;
      // a's claim (written before its send started) is now older than b's claimTimeoutMs.
      await new Promise((resolve) => setTimeout(resolve, 400));
      // b takes a's claim for dead and recovers: the executing call fails (recover default), the program ends.
      const b = await make({ tools: [slowSend, note], store, claimTimeoutMs: 300 });
      const recovered = await b.resume("zombie", {});
      expect(recovered.error?.message ?? String(recovered.value)).toMatch(/was executing when the process stopped/);
      releaseSend();
      await expectCode(resuming, "CONFLICT");
      // a's send finished (1 run), but its result was never logged, so a's program went no further.
      expect(sent).toBe(1);
      expect(notes).toBe(0);
    });

    it("two interpreters sharing a store: a pause resumed by one cannot be resumed again by the other; evals build on each other", async () => {
      const store = memoryStore();
      let sent = 0;
      const options = { store, tools: [{ name: "send_email", execute: () => ++sent }], interruptOn: { send_email: true } };
      const a = await make(options);
      const paused = await a.eval("let log = ['a']; const receipt = await tools.sendEmail({ to: 'x' }); 'sent ' + receipt", { threadId: "shared" });
      const id = paused.interrupts![0]!.id;
      const b = await make(options);
      expect((await b.resume("shared", { [id]: { type: "approve" } })).value).toBe("sent 1");
      await expectCode(a.resume("shared", { [id]: { type: "approve" } }), "NOT_PAUSED");
      expect(sent).toBe(1);
      // Taking turns: each sees what the other did (the stale live copy is dropped, not written over the head).
      await a.eval("log.push('a2')", { threadId: "shared" });
      await b.eval("log.push('b2')", { threadId: "shared" });
      expect((await a.eval("log", { threadId: "shared" })).value).toEqual(["a", "a2", "b2"]);
    });

    it("a call executing when the process died goes to recover, never silently re-run", async () => {
      const store = memoryStore();
      let runs = 0;
      const seenCallIds: string[] = [];
      const hanging: ToolDefinition = { name: "send_email", execute: (_input, ctx) => (runs++, seenCallIds.push(ctx.callId), new Promise(() => {})) };
      const a = await make({ tools: [hanging], store, interruptOn: { send_email: true } });
      const paused = await a.eval("await tools.sendEmail({ to: 'once' }).catch((e) => e.message)", { threadId: "x" });
      const id = paused.interrupts![0]!.id;
      // Never settles (the tool hangs); it rejects with DISPOSED when the interpreter is cleaned up.
      a.resume("x", { [id]: { type: "approve" } }).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toBe(1);
      // The process "dies" here: interpreter a is abandoned mid-call.
      const recovered: unknown[] = [];
      const b = await make({
        tools: [{ name: "send_email", execute: () => (runs++, "sent again") }],
        store,
        recover: (call) => (recovered.push(call), "fail"),
        claimTimeoutMs: 1, // the dead process's claim is taken for dead at once
      });
      const failed = await b.resume("x", {});
      // recover gets the call as the tool saw it: one id, the interrupt's and the tool's ctx.callId.
      expect(seenCallIds).toHaveLength(1);
      expect(seenCallIds[0]).toBe(id);
      expect(recovered).toEqual([{ threadId: "x", callId: seenCallIds[0], name: "send_email", args: { to: "once" } }]);
      expect(failed.value).toMatch(/was executing when the process stopped/);
      expect(runs).toBe(1);
    });
  });
}
