/**
 * Attack review, part A: someone who can write the snapshot store edits what quickbox stored —
 * consistently (the head stays JSON of the right shape; a snapshot is decoded, edited and
 * re-encoded under its new id), not with random bit flips.
 *
 * With a snapshotSigningKey every such edit is SNAPSHOT_REJECTED (reason "signature") and nothing
 * runs. Without one, whatever the store holds never becomes a raw exception, a hang or a raised
 * limit: an eval gets a SnapshotError result, a resume a QuickboxError.
 */
import { describe, expect, it } from "vitest";
import { memoryStore, type InterpreterOptions, type SnapshotStore, type ToolDefinition } from "../../src/index.js";
import { expectCode, editHead, forgeLastSnapshot, putHeadText, readHeadJson, settleAsQuickbox, within } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const KEY = "attack-review signing key, 32+ bytes long";
const ATTACKER = "attacker@evil.example";

/** send_email and transfer_money need approval; every run is recorded. */
function gatedTools() {
  const runs: { name: string; args: unknown }[] = [];
  const tool = (name: string): ToolDefinition<Record<string, unknown>> => ({
    name,
    execute: (args) => {
      runs.push({ name, args });
      return `${name} done`;
    },
  });
  return { runs, tools: [tool("send_email"), tool("transfer_money"), tool("lookup")] as ToolDefinition<never>[] };
}

export function defineStoreForgerySuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  /** A thread paused on send_email, stored in `store`; the interpreter that paused it is disposed. */
  async function pausedOnEmail(options: InterpreterOptions & { store: SnapshotStore }, threadId = "victim") {
    const first = gatedTools();
    const qb = await make({ ...options, tools: first.tools });
    const paused = await qb.eval("const before = 'kept'; const receipt = await tools.sendEmail({ to: 'ana@example.com' }); [before, receipt]", { threadId });
    expect(paused.status, paused.text).toBe("paused");
    await qb.dispose();
    expect(first.runs).toEqual([]);
    return paused.interrupts![0]!;
  }

  const gated = { send_email: true, transfer_money: true } as const;

  describe("with a snapshotSigningKey, an edited head is SNAPSHOT_REJECTED (signature) and nothing runs", () => {
    it("1. interrupt args edited to the attacker's address: resume/approve rejected; threads() does not offer the forged interrupt", async () => {
      const store = memoryStore();
      const interrupt = await pausedOnEmail({ store, snapshotSigningKey: KEY, interruptOn: gated });
      const head = await editHead(store, "victim", (h) => {
        h.interrupts[0].args = { to: ATTACKER };
      });
      expect(head.mac).toEqual(expect.any(String)); // the attacker kept the old MAC: all it can do without the key

      const { runs, tools } = gatedTools();
      const qb = await make({ store, tools, snapshotSigningKey: KEY, interruptOn: gated });
      for (const info of await qb.threads()) {
        for (const shown of info.interrupts ?? []) expect(JSON.stringify(shown.args)).not.toContain(ATTACKER);
      }
      await expectCode(qb.resume("victim", { [interrupt.id]: { type: "approve" } }), "SNAPSHOT_REJECTED", "signature");
      await expectCode(qb.resume("victim", { [interrupt.id]: { type: "edit", args: { to: "x@example.com" } } }), "SNAPSHOT_REJECTED", "signature");
      const evaluated = await qb.eval("before", { threadId: "victim" });
      expect(evaluated.error?.type).toBe("SnapshotError");
      expect(evaluated.error?.details).toEqual({ reason: "signature" });
      expect(runs).toEqual([]);
    });

    it("2. the interrupt's name changed to another gated tool (send_email → transfer_money): rejected, nothing runs", async () => {
      const store = memoryStore();
      const interrupt = await pausedOnEmail({ store, snapshotSigningKey: KEY, interruptOn: gated });
      await editHead(store, "victim", (h) => {
        h.interrupts[0].name = "transfer_money";
        h.interrupts[0].args = { amount: 1_000_000, to: ATTACKER };
      });
      const { runs, tools } = gatedTools();
      const qb = await make({ store, tools, snapshotSigningKey: KEY, interruptOn: gated });
      for (const info of await qb.threads()) for (const shown of info.interrupts ?? []) expect(shown.name).not.toBe("transfer_money");
      await expectCode(qb.resume("victim", { [interrupt.id]: { type: "approve" } }), "SNAPSHOT_REJECTED", "signature");
      expect(runs).toEqual([]);
    });

    it('3. allowedDecisions widened to "respond": rejected with a key; without one, respond is DECISION_NOT_ALLOWED (the current interruptOn decides)', async () => {
      const narrow = { send_email: { allowedDecisions: ["approve", "reject"] as ("approve" | "reject")[] } };
      const signed = memoryStore();
      const interrupt = await pausedOnEmail({ store: signed, snapshotSigningKey: KEY, interruptOn: narrow });
      expect(interrupt.allowedDecisions).toEqual(["approve", "reject"]);
      await editHead(signed, "victim", (h) => {
        h.interrupts[0].allowedDecisions = ["approve", "edit", "reject", "respond"];
      });
      const a = gatedTools();
      const qa = await make({ store: signed, tools: a.tools, snapshotSigningKey: KEY, interruptOn: narrow });
      await expectCode(qa.resume("victim", { [interrupt.id]: { type: "respond", value: "forged receipt" } }), "SNAPSHOT_REJECTED", "signature");
      await expectCode(qa.resume("victim", { [interrupt.id]: { type: "approve" } }), "SNAPSHOT_REJECTED", "signature");
      expect(a.runs).toEqual([]);

      const unsigned = memoryStore();
      const second = await pausedOnEmail({ store: unsigned, interruptOn: narrow });
      await editHead(unsigned, "victim", (h) => {
        h.interrupts[0].allowedDecisions = ["approve", "edit", "reject", "respond"];
      });
      const b = gatedTools();
      const qb = await make({ store: unsigned, tools: b.tools, interruptOn: narrow });
      await expectCode(qb.resume("victim", { [second.id]: { type: "respond", value: "forged receipt" } }), "DECISION_NOT_ALLOWED");
      await expectCode(qb.resume("victim", { [second.id]: { type: "edit", args: { to: ATTACKER } } }), "DECISION_NOT_ALLOWED");
      expect(b.runs).toEqual([]);
      // The pause is intact: the allowed decision works.
      const done = await qb.resume("victim", { [second.id]: { type: "approve" } });
      expect(done.value).toEqual(["kept", "send_email done"]);
      expect(b.runs).toEqual([{ name: "send_email", args: { to: "ana@example.com" } }]);
    });

    it('4a. a forged claim whose "done" entry carries a forged result, then a reviewer rejects: rejected, the forged result never reaches the program', async () => {
      const store = memoryStore();
      const interrupt = await pausedOnEmail({ store, snapshotSigningKey: KEY, interruptOn: gated });
      await editHead(store, "victim", (h) => {
        const held = h.interrupts[0];
        h.claim = {
          owner: "qb_attacker",
          claimedAt: 0,
          calls: [{ callId: held.id, name: held.name, args: held.args, state: "done", result: { ok: true, value: JSON.stringify("FORGED RESULT"), encoding: "json" } }],
        };
      });
      const { runs, tools } = gatedTools();
      const recovered: unknown[] = [];
      const qb = await make({ store, tools, snapshotSigningKey: KEY, interruptOn: gated, claimTimeoutMs: 1, recover: (call) => (recovered.push(call), "retry") });
      await expectCode(qb.resume("victim", { [interrupt.id]: { type: "reject", message: "no" } }), "SNAPSHOT_REJECTED", "signature");
      const evaluated = await qb.eval("typeof receipt", { threadId: "victim" });
      expect(evaluated.status).toBe("error");
      expect(evaluated.text).not.toContain("FORGED");
      expect(runs).toEqual([]);
      expect(recovered).toEqual([]);
    });

    it('4b. a forged "executing" entry with other args and an old claimedAt: rejected; recover is never called, nothing runs', async () => {
      const store = memoryStore();
      const interrupt = await pausedOnEmail({ store, snapshotSigningKey: KEY, interruptOn: gated });
      await editHead(store, "victim", (h) => {
        const held = h.interrupts[0];
        h.claim = { owner: "qb_attacker", claimedAt: 1, calls: [{ callId: held.id, name: held.name, args: { to: ATTACKER }, state: "executing" }] };
      });
      const { runs, tools } = gatedTools();
      const recovered: unknown[] = [];
      const qb = await make({ store, tools, snapshotSigningKey: KEY, interruptOn: gated, claimTimeoutMs: 1, recover: (call) => (recovered.push(call), "retry") });
      await expectCode(qb.resume("victim", {}), "SNAPSHOT_REJECTED", "signature");
      await expectCode(qb.resume("victim", { [interrupt.id]: { type: "reject" } }), "SNAPSHOT_REJECTED", "signature");
      expect(recovered).toEqual([]);
      expect(runs).toEqual([]);
    });

    it("5. one thread's signed head copied to another thread's key (as is, or with its threadId rewritten): rejected", async () => {
      const store = memoryStore();
      const interrupt = await pausedOnEmail({ store, snapshotSigningKey: KEY, interruptOn: gated }, "alice");
      const setup = await make({ store, tools: gatedTools().tools, snapshotSigningKey: KEY });
      await setup.eval("const mine = 'bob'", { threadId: "bob" });
      await setup.dispose();
      const alice = await readHeadJson(store, "alice");

      const { runs, tools } = gatedTools();
      const qb = await make({ store, tools, snapshotSigningKey: KEY, interruptOn: gated });
      for (const copy of [alice, { ...alice, threadId: "bob" }]) {
        await putHeadText(store, "bob", JSON.stringify(copy));
        expect((await qb.threads()).find((info) => info.threadId === "bob")?.interrupts ?? []).toEqual([]);
        await expectCode(qb.resume("bob", { [interrupt.id]: { type: "approve" } }), "SNAPSHOT_REJECTED", "signature");
        const evaluated = await qb.eval("1", { threadId: "bob" });
        expect(evaluated.error?.type).toBe("SnapshotError");
        expect(evaluated.error?.details).toEqual({ reason: "signature" });
        expect(runs).toEqual([]);
      }
      // Alice's own pause is untouched by all this.
      expect((await qb.resume("alice", { [interrupt.id]: { type: "approve" } })).value).toEqual(["kept", "send_email done"]);
      expect(runs).toEqual([{ name: "send_email", args: { to: "ana@example.com" } }]);
    });
  });

  describe("without a signing key, a forged store gives errors, never raw exceptions, hangs or raised limits", () => {
    const GARBAGE: [string, (head: Record<string, any>) => string][] = [
      ["not JSON", () => "{ this is not json"],
      ["an empty object", () => "{}"],
      ["chain not an array", (h) => JSON.stringify({ ...h, chain: h.chain[0] })],
      ["chain of non-ids", (h) => JSON.stringify({ ...h, chain: [42, null, "../../etc/passwd", { id: h.chain[0] }] })],
      ["interrupts not an array", (h) => JSON.stringify({ ...h, interrupts: { 0: h.interrupts[0], length: 1 } })],
      ["a claim with calls not an array", (h) => JSON.stringify({ ...h, claim: { owner: "qb_x", claimedAt: 0, calls: "all of them" } })],
      ["a JSON array", () => "[1, 2, 3]"],
      ["JSON null", () => "null"],
      ["a huge claimedAt and chain", (h) => JSON.stringify({ ...h, chain: Array.from({ length: 5000 }, () => "f".repeat(64)), claim: { owner: "qb_x", claimedAt: 1e308 * 10, calls: [] } })],
    ];

    it(`6. garbage heads (${GARBAGE.map(([name]) => name).join("; ")}): eval is a SnapshotError result, resume a QuickboxError, threads() answers`, async () => {
      const store = memoryStore();
      const setup = gatedTools();
      const first = await make({ store, tools: setup.tools, interruptOn: gated });
      const interruptIds: string[] = [];
      for (const [index] of GARBAGE.entries()) {
        const paused = await first.eval("const before = 'kept'; await tools.sendEmail({ to: 'ana@example.com' })", { threadId: `paused-${index}` });
        expect(paused.status).toBe("paused");
        interruptIds.push(paused.interrupts![0]!.id);
        await first.eval("const idle = 1", { threadId: `idle-${index}` });
      }
      await first.dispose();
      for (const [index, [, garbage]] of GARBAGE.entries()) {
        for (const threadId of [`paused-${index}`, `idle-${index}`]) await putHeadText(store, threadId, garbage(await readHeadJson(store, threadId)));
      }
      const { runs, tools } = gatedTools();
      const qb = await make({ store, tools, interruptOn: gated });
      const listed = await within(settleAsQuickbox(qb.threads()), 10_000, "threads()");
      expect(listed.error).toBeUndefined();
      for (const [index, [name]] of GARBAGE.entries()) {
        for (const threadId of [`paused-${index}`, `idle-${index}`]) {
          const result = await within(qb.eval("1 + 1", { threadId }), 10_000, `eval on ${threadId} (${name})`);
          expect(result.status, `${name}: ${result.text}`).toBe("error");
          expect(result.error?.type, `${name}: ${result.text}`).toBe("SnapshotError");
          const resumed = await within(settleAsQuickbox(qb.resume(threadId, { [interruptIds[index]!]: { type: "approve" } })), 10_000, `resume of ${threadId} (${name})`);
          expect(resumed.error, `${name}: ${JSON.stringify(resumed.value)}`).toBeDefined();
        }
        // The idle thread can be reset (or the reset refused as a QuickboxError) and used again.
        const reset = await settleAsQuickbox(qb.reset(`idle-${index}`));
        if (!reset.error) expect((await qb.eval("typeof idle", { threadId: `idle-${index}` })).value, name).toBe("undefined");
      }
      expect(runs).toEqual([]);
      expect(setup.runs).toEqual([]);
    });

    it("7a. a manifest claiming 2 GiB + 64 KiB of memory: a SnapshotError result", async () => {
      const store = memoryStore();
      const qb = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      await qb.eval("let n = 1", { threadId: "mem" });
      await qb.dispose();
      await forgeLastSnapshot(store, "mem", ({ header, manifest }) => {
        header.memoryBytes = 2 ** 31 + 65536;
        manifest.thread.memoryBytes = 2 ** 31 + 65536;
      });
      const other = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      const result = await other.eval("n", { threadId: "mem" });
      expect(result.error?.type, result.text).toBe("SnapshotError");
      expect(result.error?.details).toEqual({ reason: "truncated" });
    });

    it("7b. a manifest claiming 1 GiB on a 32 MiB interpreter: refused, or restored with 32 MiB (an allocation beyond it is OutOfMemory)", async () => {
      const store = memoryStore();
      const qb = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      await qb.eval("let n = 1", { threadId: "mem" });
      await qb.dispose();
      await forgeLastSnapshot(store, "mem", ({ header, manifest }) => {
        header.memoryBytes = 2 ** 30;
        manifest.thread.memoryBytes = 2 ** 30;
      });
      const other = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      const result = await other.eval("n", { threadId: "mem" });
      if (result.status === "error") {
        expect(result.error?.type, result.text).toBe("SnapshotError");
        return;
      }
      expect(result.value).toBe(1);
      const big = await other.eval("const blob = new Uint8Array(48 * 2 ** 20); blob.length", { threadId: "mem" });
      expect(big.error?.type, big.text).toBe("OutOfMemory");
    });

    it("7c. a chunk run pointing beyond the interpreter's memory (and one at 2^32 - 1): SnapshotError results", async () => {
      const store = memoryStore();
      const firsts = [(64 * 2 ** 20) / 128, 2 ** 32 - 1];
      const qb = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      for (const index of firsts.keys()) await qb.eval("let n = 1", { threadId: `runs-${index}` });
      await qb.dispose();
      for (const [index, first] of firsts.entries()) {
        await forgeLastSnapshot(store, `runs-${index}`, ({ chunks }) => {
          const runs = Uint32Array.from(chunks.runs);
          runs[runs.length - 2] = first;
          return { runs, data: chunks.data };
        });
      }
      const other = await make({ store, memoryLimitBytes: 32 * 2 ** 20 });
      for (const index of firsts.keys()) {
        const result = await other.eval("n", { threadId: `runs-${index}` });
        expect(result.error?.type, result.text).toBe("SnapshotError");
        expect(result.error?.details).toEqual({ reason: "truncated" });
      }
    });

    it("7d. pause.issued.tool = -26 under maxToolCalls 5: the resume is refused, never more than 5 calls", async () => {
      const store = memoryStore();
      let counted = 0;
      const tools: ToolDefinition<never>[] = [
        { name: "gate", execute: () => "opened" },
        { name: "count", execute: () => ++counted },
      ];
      const options: InterpreterOptions = { store, tools, interruptOn: { gate: true }, maxToolCalls: 5 };
      const qb = await make(options);
      const paused = await qb.eval("await tools.gate(); let made = 0; try { while (true) { await tools.count(); made++ } } catch (e) { [made, e.name] }", { threadId: "budget" });
      expect(paused.status).toBe("paused");
      await qb.dispose();
      await forgeLastSnapshot(store, "budget", ({ manifest }) => {
        expect(manifest.thread.pause?.issued.tool).toBe(1);
        manifest.thread.pause!.issued.tool = -26;
      });
      const other = await make(options);
      const resumed = await settleAsQuickbox(other.resume("budget", { [paused.interrupts![0]!.id]: { type: "approve" } }));
      expect(counted).toBeLessThanOrEqual(4);
      expect(resumed.error, JSON.stringify(resumed.value)).toMatchObject({ code: "SNAPSHOT_REJECTED", reason: "truncated" });
      // And a fresh eval on another thread has its 5 calls, no more.
      counted = 0;
      const fresh = await other.eval("let made = 0; try { while (true) { await tools.count(); made++ } } catch (e) { [made, e.name] }", { threadId: "fresh" });
      expect(fresh.value).toEqual([5, "ToolCallBudgetExceeded"]);
    });
  });
}
