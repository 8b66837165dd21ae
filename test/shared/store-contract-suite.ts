/** Every SnapshotStore behaves the same: get/put/delete/list with metadata, prune, isolation of copies. */
import { expect, it } from "vitest";
import type { SnapshotStore } from "../../src/index.js";

const bytes = (...values: number[]) => Uint8Array.from(values);
const head = (threadId: string, chain: string[]) => new TextEncoder().encode(JSON.stringify({ threadId, chain, paused: false, interrupts: [], updatedAt: 0 }));

export function defineStoreContract(makeStore: () => Promise<SnapshotStore> | SnapshotStore): void {
  it("puts, gets, lists with metadata and deletes", async () => {
    const store = await makeStore();
    expect(await store.get("snap:missing")).toBeUndefined();
    await store.put("snap:a", bytes(1, 2, 3), { sizeBytes: 3, createdAt: 10, threadId: "t", kind: "full" });
    await store.put("head:t", bytes(9), { sizeBytes: 1, createdAt: 11, threadId: "t", kind: "head" });
    expect(await store.get("snap:a")).toEqual(bytes(1, 2, 3));
    const snaps = await store.list("snap:");
    expect(snaps).toEqual([{ key: "snap:a", sizeBytes: 3, createdAt: 10, threadId: "t", kind: "full" }]);
    expect((await store.list()).map((r) => r.key).sort()).toEqual(["head:t", "snap:a"]);
    await store.put("snap:a", bytes(4), { sizeBytes: 1, createdAt: 12, threadId: "t", kind: "full" });
    expect(await store.get("snap:a")).toEqual(bytes(4));
    await store.delete("snap:a");
    await store.delete("snap:never");
    expect(await store.get("snap:a")).toBeUndefined();
  });

  it("keeps its own copies of values", async () => {
    const store = await makeStore();
    const value = bytes(1, 2);
    await store.put("snap:c", value, { sizeBytes: 2, createdAt: 1 });
    value[0] = 99;
    const read = (await store.get("snap:c"))!;
    expect(read).toEqual(bytes(1, 2));
    read[1] = 77;
    expect(await store.get("snap:c")).toEqual(bytes(1, 2));
  });

  it("prunes snapshots no head needs, by count and by age, keeping the ones asked for", async () => {
    const store = await makeStore();
    const now = Date.now();
    for (const [id, age] of [["s1", 5000], ["s2", 4000], ["s3", 3000], ["s4", 2000], ["s5", 1000]] as const) {
      await store.put(`snap:${id}`, bytes(1), { sizeBytes: 1, createdAt: now - age, threadId: "t", kind: "full" });
    }
    await store.put("head:t", head("t", ["s1"]), { sizeBytes: 1, createdAt: now, threadId: "t", kind: "head" });
    expect((await store.prune!({ keepLast: 2, keep: ["s3"] })).removed.sort()).toEqual(["s2"]);
    expect((await store.prune!({ olderThanMs: 1500, keep: ["s4"] })).removed.sort()).toEqual(["s3"]);
    expect((await store.list("snap:")).map((r) => r.key).sort()).toEqual(["snap:s1", "snap:s4", "snap:s5"]);
    expect((await store.prune!()).removed.sort()).toEqual(["s4", "s5"]);
    expect((await store.list("snap:")).map((r) => r.key)).toEqual(["snap:s1"]);
  });
}
