/**
 * Background cells (DESIGN.md §3): eval(code, { yieldAfterMs }) → "running" + cellId while the
 * program goes on; wait(cellId) → its result or "running" again; cancel(cellId) → Cancelled.
 * Programs wait on a tool the test holds open, so every assertion is about order, not wall time.
 */
import { describe, expect, it } from "vitest";
import { isQuickboxError, memoryStore, type EvalResult, type Interpreter, type InterpreterEvent, type InterpreterOptions, type SnapshotStore, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

/** A tool whose calls (made before or after the opening) wait until the test opens the gate once. */
function gate(): { tool: ToolDefinition<{ n?: number }>; open: (value?: number) => void } {
  let release: (value: number) => void = () => {};
  const opened = new Promise<number>((resolve) => (release = resolve));
  return {
    tool: { name: "gate", description: "Waits until the test opens it.", execute: () => opened },
    open: (value = 21) => release(value),
  };
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(isQuickboxError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

/** A store whose snapshot writes wait until the test lets each go: `nextWrite()` resolves (with its release) once one has begun. */
function slowSnapshotStore(): { store: SnapshotStore; nextWrite: () => Promise<() => void> } {
  const base = memoryStore();
  const begun: (() => void)[] = [];
  let notify: (() => void) | undefined;
  const store: SnapshotStore = {
    ...base,
    async put(key, value, meta) {
      if (meta.kind === "full" || meta.kind === "delta") {
        await new Promise<void>((release) => {
          begun.push(release);
          notify?.();
        });
      }
      await base.put(key, value, meta);
    },
  };
  const nextWrite = () =>
    new Promise<() => void>((resolve) => {
      const take = () => {
        const release = begun.shift();
        if (release) resolve(release);
        else notify = take;
      };
      take();
    });
  return { store, nextWrite };
}

/** Settles-first marker: which of several promises settled, in order. */
function recordOrder(entries: Record<string, Promise<unknown>>): string[] {
  const order: string[] = [];
  for (const [name, promise] of Object.entries(entries)) void promise.then(() => order.push(name), () => order.push(name));
  return order;
}

export function defineBackgroundCellsSuite(create: InterpreterFactory): void {
  describe("background cells", () => {
    const withGate = async (options: InterpreterOptions = {}): Promise<{ qb: Interpreter; held: ReturnType<typeof gate> }> => {
      const held = gate();
      const qb = await create({ ...options, tools: [held.tool, ...(options.tools ?? [])], wallTimeoutMs: 60_000 });
      return { qb, held };
    };

    it("a program still running at yieldAfterMs is a cell: running, running again on a short wait, then its result; a repeated wait answers the same", async () => {
      const { qb, held } = await withGate();
      try {
        const first = await qb.eval('console.log("started"); const half = await tools.gate({}); console.log("got", half); half * 2', { yieldAfterMs: 50 });
        expect(first.status).toBe("running");
        expect(first.cellId).toMatch(/^cell_[a-z0-9]{12}$/);
        expect(first.text).toMatch(/^<running>cell cell_[a-z0-9]{12} on thread "default" is still running after \d+ ms; wait\("cell_/);
        expect(first.value).toBeUndefined();
        const again = await qb.wait(first.cellId!, { timeoutMs: 20 });
        expect(again).toMatchObject({ status: "running", cellId: first.cellId });
        held.open(21);
        const final = await qb.wait(first.cellId!);
        expect(final).toMatchObject({ status: "ok", value: 42, stdout: "started\ngot 21", toolCalls: 1 });
        expect(final.cellId).toBeUndefined();
        expect(await qb.wait(first.cellId!)).toEqual(final);
        // The thread kept the cell's state.
        expect((await qb.eval("half")).value).toBe(21);
      } finally {
        await qb.dispose();
      }
    });

    it("a program that ends before yieldAfterMs returns its result directly", async () => {
      const qb = await create();
      try {
        const result = await qb.eval("let x = 20; x + 1", { yieldAfterMs: 60_000 });
        expect(result).toMatchObject({ status: "ok", value: 21 });
        expect(result.cellId).toBeUndefined();
      } finally {
        await qb.dispose();
      }
    });

    it("cancel ends a cell as Cancelled; the thread works after, and the cell is then answered as cancelled", async () => {
      const { qb } = await withGate();
      try {
        const first = await qb.eval("let before = 1; await tools.gate({}); before = 2", { yieldAfterMs: 20 });
        expect(first.status).toBe("running");
        const cancelled = await qb.cancel(first.cellId!);
        expect(cancelled.status).toBe("error");
        expect(cancelled.error?.type).toBe("Cancelled");
        expect((await qb.wait(first.cellId!)).error?.type).toBe("Cancelled");
        expect((await qb.eval("before")).value).toBe(1);
      } finally {
        await qb.dispose();
      }
    });

    it("an eval on the cell's thread queues behind it: its program starts once the cell's has ended; another thread runs meanwhile", async () => {
      // What the programs did, in the order they did it (their results may settle in either order:
      // a wait() and an eval are separate promises).
      const ran: string[] = [];
      const mark: ToolDefinition<{ name: string }> = { name: "mark", description: "Notes that a program got here.", execute: ({ name }) => void ran.push(name) };
      const { qb, held } = await withGate({ tools: [mark] });
      try {
        const cell = await qb.eval('let shared = await tools.gate({}); await tools.mark({ name: "cell ends" }); shared', { yieldAfterMs: 20, threadId: "a" });
        expect(cell.status).toBe("running");
        const sameThread = qb.eval('await tools.mark({ name: "same thread starts" }); shared + 1', { threadId: "a" });
        const cellResult = qb.wait(cell.cellId!, { timeoutMs: 60_000 });
        const order = recordOrder({ cell: cellResult, sameThread });
        // Another thread is not held up by the cell.
        expect((await qb.eval("40 + 2", { threadId: "b" })).value).toBe(42);
        expect(order).toEqual([]);
        expect(ran).toEqual([]);
        held.open(5);
        expect((await cellResult).value).toBe(5);
        expect((await sameThread).value).toBe(6);
        expect(ran).toEqual(["cell ends", "same thread starts"]);
      } finally {
        await qb.dispose();
      }
    });

    it("a cell that calls an approval-gated tool pauses; another interpreter on the same store resumes it", async () => {
      const store = memoryStore();
      const sent: string[] = [];
      const sendEmail: ToolDefinition<{ to: string }> = { name: "send_email", execute: ({ to }) => (sent.push(to), `sent to ${to}`) };
      const { qb, held } = await withGate({ store, tools: [sendEmail], interruptOn: { send_email: true } });
      try {
        const cell = await qb.eval('const n = await tools.gate({}); const receipt = await tools.sendEmail({ to: "ana@example.com" }); `${n} ${receipt}`', { yieldAfterMs: 20, threadId: "mail" });
        expect(cell.status).toBe("running");
        held.open(3);
        const paused: EvalResult = await qb.wait(cell.cellId!);
        expect(paused.status).toBe("paused");
        expect(paused.interrupts?.[0]).toMatchObject({ name: "send_email", args: { to: "ana@example.com" } });
        const other = await create({ store, tools: [gate().tool, sendEmail], interruptOn: { send_email: true } });
        try {
          const resumed = await other.resume("mail", { [paused.interrupts![0]!.id]: { type: "approve" } }, { yieldAfterMs: 60_000 });
          expect(resumed).toMatchObject({ status: "ok", value: "3 sent to ana@example.com" });
          expect(sent).toEqual(["ana@example.com"]);
        } finally {
          await other.dispose();
        }
      } finally {
        await qb.dispose();
      }
    });

    it("every result of a cell carries its evalId, running ones too: the id its tool calls and events carry; a resumed cell names the paused eval", async () => {
      const seenByTools: string[] = [];
      const events: InterpreterEvent[] = [];
      const later = gate();
      const second: ToolDefinition = { ...later.tool, name: "gate_two" };
      const send: ToolDefinition = { name: "send", execute: () => "sent" };
      const noteCaller: ToolDefinition = { name: "note", execute: (_input, ctx) => (seenByTools.push(ctx.caller?.type === "program" ? ctx.caller.evalId : "direct"), "noted") };
      const { qb, held } = await withGate({ tools: [second, send, noteCaller], interruptOn: { send: true }, onEvent: (event) => events.push(event) });
      try {
        const first = await qb.eval("progress('step'); await tools.note({}); await tools.gate({}); 'done'", { yieldAfterMs: 20, threadId: "ids" });
        // Queued behind the first cell on its thread: still running (not even started) at its yieldAfterMs, and named.
        const queued = await qb.eval("'after'", { yieldAfterMs: 20, threadId: "ids" });
        expect(first.status).toBe("running");
        expect(first.evalId).toMatch(/^eval_[0-9a-f]+$/);
        expect(queued.status).toBe("running");
        expect(queued.evalId).toMatch(/^eval_[0-9a-f]+$/);
        expect(queued.evalId).not.toBe(first.evalId);
        expect((await qb.wait(first.cellId!, { timeoutMs: 20 })).evalId).toBe(first.evalId);
        held.open(1);
        expect(await qb.wait(first.cellId!)).toMatchObject({ status: "ok", value: "done", evalId: first.evalId });
        expect(await qb.wait(queued.cellId!)).toMatchObject({ status: "ok", value: "after", evalId: queued.evalId });
        expect(seenByTools).toEqual([first.evalId]);
        const named = events.filter((event) => event.type === "progress" || event.type === "tool-call");
        expect(named.length).toBeGreaterThanOrEqual(5);
        for (const event of named) expect((event as { evalId?: string }).evalId).toBe(first.evalId);

        const paused = await qb.eval("await tools.send({}); await tools.note({}); await tools.gateTwo({})", { threadId: "resumed" });
        expect(paused.status).toBe("paused");
        const resumed = await qb.resume("resumed", { [paused.interrupts![0]!.id]: { type: "approve" } }, { yieldAfterMs: 20 });
        expect(resumed).toMatchObject({ status: "running", evalId: paused.evalId });
        later.open(2);
        expect(await qb.wait(resumed.cellId!)).toMatchObject({ status: "ok", evalId: paused.evalId });
        expect(seenByTools).toEqual([first.evalId, paused.evalId]);
      } finally {
        await qb.dispose();
      }
    });

    it("a program that has ended is not running while its snapshot is stored: wait, and the eval's own yieldAfterMs, answer its result", async () => {
      const slow = slowSnapshotStore();
      const { qb, held } = await withGate({ store: slow.store });
      try {
        const cell = await qb.eval("await tools.gate({}); 'stored'", { yieldAfterMs: 20 });
        expect(cell.status).toBe("running");
        held.open(1);
        // The program has ended and its snapshot is being written: the result follows it.
        const write = await slow.nextWrite();
        setTimeout(write, 400);
        expect(await qb.wait(cell.cellId!, { timeoutMs: 300 })).toMatchObject({ status: "ok", value: "stored" });
        const quick = qb.eval("'no cell for this'", { yieldAfterMs: 300 });
        const secondWrite = await slow.nextWrite();
        setTimeout(secondWrite, 400);
        const answered = await quick;
        expect(answered).toMatchObject({ status: "ok", value: "no cell for this" });
        expect(answered.cellId).toBeUndefined();
        // A program still running is running: the wait is not extended for it.
        const busy = await qb.eval("await new Promise(() => {})", { yieldAfterMs: 20 });
        expect((await qb.wait(busy.cellId!, { timeoutMs: 50 })).status).toBe("running");
      } finally {
        await qb.dispose();
      }
    });

    it("bad yieldAfterMs, timeoutMs and cell ids are refused; dispose ends running cells", async () => {
      const { qb } = await withGate();
      for (const yieldAfterMs of [0, -1, 1.5, "50", 2 ** 31, Number.NaN]) await expectCode(qb.eval("1", { yieldAfterMs: yieldAfterMs as never }), "INVALID_OPTIONS");
      await expect(qb.eval("1", { yieldAfterMs: "50" as never })).rejects.toThrow('got "50" (a string)');
      await expectCode(qb.resume("default", {}, { yieldAfterMs: 0 }), "INVALID_OPTIONS");
      await expectCode(qb.wait("cell_nosuchcell00"), "UNKNOWN_CELL");
      await expectCode(qb.cancel("cell_nosuchcell00"), "UNKNOWN_CELL");
      await expectCode(qb.wait(42 as never), "INVALID_OPTIONS");
      const cell = await qb.eval("await tools.gate({})", { yieldAfterMs: 20 });
      await expectCode(qb.wait(cell.cellId!, { timeoutMs: 0 }), "INVALID_OPTIONS");
      await expectCode(qb.wait(cell.cellId!, { timeout: 5 } as never), "INVALID_OPTIONS");
      await qb.dispose();
      await expectCode(qb.wait(cell.cellId!), "DISPOSED");
    });
  });
}
