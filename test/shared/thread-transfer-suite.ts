/**
 * exportThread / importThread (DESIGN.md §3): a thread, paused or not, moves to another store and
 * interpreter as one value (or its bytes), signed when keyed — shared by Node and Chromium, inline
 * and worker.
 */
import { describe, expect, it } from "vitest";
import { isQuickboxError, memoryStore, threadBundleBytes, type InterpreterEvent, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { makeForeign } from "./foreign-build.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

function mailer() {
  const sent: string[] = [];
  const tools: ToolDefinition<{ to: string }>[] = [{ name: "send_email", execute: ({ to }) => (sent.push(to), `sent to ${to}`) }];
  return { sent, tools };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (isQuickboxError(error) ? `${error.code}${error.reason ? `:${error.reason}` : ""}` : String(error)),
  );
}

export function defineThreadTransferSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  describe("exportThread / importThread", () => {
    it("a paused thread moves to another store as a plain value and as bytes: same held call ids, the decision applies there, the tool runs once", async () => {
      for (const form of ["value", "bytes"] as const) {
        const from = mailer();
        const a = await make({ tools: from.tools, interruptOn: { send_email: true } });
        const paused = await a.eval("const note = 'kept'; const r = await tools.sendEmail({ to: 'ana' }); note + ' ' + r", { threadId: "t" });
        const bundle = await a.exportThread("t");
        expect(structuredClone(bundle)).toEqual(bundle);
        const to = mailer();
        const b = await make({ store: memoryStore(), tools: to.tools, interruptOn: { send_email: true } });
        await b.importThread(form === "value" ? structuredClone(bundle) : threadBundleBytes(bundle));
        const info = (await b.threads()).find((thread) => thread.threadId === "t")!;
        expect(info).toMatchObject({ state: "paused", pendingInterrupts: 1, replayable: true });
        expect(info.interrupts).toEqual(paused.interrupts);
        expect((await b.resume("t", { [paused.interrupts![0]!.id]: { type: "approve" } })).value).toBe("kept sent to ana");
        expect([from.sent, to.sent]).toEqual([[], ["ana"]]);
      }
    });

    it("a live thread's latest state is stored before it is exported; import under another id; THREAD_EXISTS; UNKNOWN_THREAD", async () => {
      const a = await make({});
      await a.eval("let n = 1", { threadId: "live" });
      await a.eval("n += 41", { threadId: "live" });
      const bundle = await a.exportThread("live");
      const b = await make({ store: memoryStore() });
      await b.importThread(bundle, { threadId: "copy" });
      expect((await b.eval("n", { threadId: "copy" })).value).toBe(42);
      expect(await codeOf(b.importThread(bundle, { threadId: "copy" }))).toBe("THREAD_EXISTS");
      expect(await codeOf(a.exportThread("nobody"))).toBe("UNKNOWN_THREAD");
      expect(await codeOf(b.importThread({ not: "a bundle" } as never))).toBe("SNAPSHOT_REJECTED:bad-magic");
    });

    it("signed and encrypted: imports with the same keys (also under another id); an edited bundle or another key is refused (signature)", async () => {
      const keys = { snapshotSigningKey: "transfer key", encryptionKey: new Uint8Array(16).fill(9) };
      const from = mailer();
      const a = await make({ ...keys, tools: from.tools, interruptOn: { send_email: true } });
      const paused = await a.eval("await tools.sendEmail({ to: 'bo' })", { threadId: "s" });
      const bytes = threadBundleBytes(await a.exportThread("s"));
      const to = mailer();
      const b = await make({ ...keys, store: memoryStore(), tools: to.tools, interruptOn: { send_email: true } });
      await b.importThread(bytes, { threadId: "s2" });
      expect((await b.resume("s2", { [paused.interrupts![0]!.id]: { type: "approve" } })).value).toBe("sent to bo");
      const edited = bytes.slice();
      edited[40] = edited[40]! ^ 1;
      const c = await make({ ...keys, store: memoryStore() });
      expect(await codeOf(c.importThread(edited))).toMatch(/^SNAPSHOT_REJECTED/);
      const other = await make({ snapshotSigningKey: "another key", encryptionKey: keys.encryptionKey, store: memoryStore() });
      expect(await codeOf(other.importThread(bytes))).toBe("SNAPSHOT_REJECTED:signature");
      const unsigned = await make({ store: memoryStore(), tools: mailer().tools });
      await unsigned.importThread(bytes);
      // Without the keys the encrypted snapshots inside cannot be read: the thread is there, and says so when used.
      expect(await codeOf(unsigned.resume("s", { [paused.interrupts![0]!.id]: { type: "approve" } }))).toBe("SNAPSHOT_REJECTED:decrypt");
    });

    it("a bundle another build wrote is imported and rebuilt from its journal at its first use", async () => {
      const store = memoryStore();
      const a = await make({ store });
      await a.eval("const list = [1, 2]; list.push(3)", { threadId: "old" });
      await a.dispose();
      await makeForeign(store, "old");
      const carrier = await make({ store });
      const bundle = await carrier.exportThread("old");
      const events: InterpreterEvent[] = [];
      const b = await make({ store: memoryStore(), onEvent: (event) => events.push(event) });
      await b.importThread(bundle);
      expect((await b.eval("list", { threadId: "old" })).value).toEqual([1, 2, 3]);
      expect(events.some((event) => event.type === "replay")).toBe(true);
    });
  });
}
