/**
 * A thread hibernated and woken in the same interpreter is restored from the raw bodies the engine
 * remembers of the snapshots it took (snapshot-codec.ts, RecentBodies): only when the stored bytes
 * are the ones it encoded. Bytes changed in the store are decoded in full and refused as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createInterpreter, memoryStore, type Interpreter, type InterpreterOptions } from "../../src/index.js";
import type { SnapshotStore } from "../../src/types.js";

const opened: Interpreter[] = [];
afterEach(async () => {
  for (const qb of opened.splice(0)) await qb.dispose();
});

async function make(options: InterpreterOptions): Promise<Interpreter> {
  const qb = await createInterpreter({ maxLiveThreads: 1, ...options });
  opened.push(qb);
  return qb;
}

/** Flips one byte in the body of each of `threadId`'s stored snapshots (their headers unchanged). */
async function tamper(store: SnapshotStore, threadId: string): Promise<void> {
  for (const record of await store.list("snap:")) {
    if (record.threadId !== threadId) continue;
    const bytes = (await store.get(record.key))!;
    const copy = bytes.slice();
    copy[copy.length - 40]! ^= 0x20;
    await store.put(record.key, copy, { sizeBytes: copy.length, createdAt: record.createdAt });
  }
}

describe("waking a thread from the snapshots this interpreter took", () => {
  for (const [what, options] of [
    ["unsigned", { isolation: "inline" }],
    ["signed", { isolation: "inline", snapshotSigningKey: "k".repeat(32) }],
    ["encrypted", { isolation: "inline", encryptionKey: new Uint8Array(32).fill(7) }],
    ["in a worker, signed", { isolation: "worker", snapshotSigningKey: "k".repeat(32) }],
  ] as const) {
    it(`${what}: the state comes back, again and again; tampered bytes are refused`, async () => {
      const store = memoryStore();
      const qb = await make({ store, ...options });
      expect((await qb.eval("globalThis.n = 40; class Box { constructor(v) { this.v = v } }; globalThis.box = new Box(2); n", { threadId: "a" })).value).toBe(40);
      for (let round = 0; round < 3; round++) {
        expect((await qb.eval("1", { threadId: "b" })).status).toBe("ok"); // "a" hibernates
        expect((await qb.eval("n += 1; n + box.v", { threadId: "a" })).value).toBe(43 + round);
      }
      await qb.eval("1", { threadId: "b" });
      await tamper(store, "a");
      const result = await qb.eval("n", { threadId: "a" });
      expect(result.status).toBe("error");
      expect(result.error?.type).toBe("SnapshotError");
    });
  }
});
