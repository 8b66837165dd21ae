/** Every SnapshotStore behaves the same: get/put/delete/list with metadata, prune, isolation of copies. */
import { expect, it } from "vitest";
import type { SnapshotStore } from "../../src/index.js";

const bytes = (...values: number[]) => Uint8Array.from(values);
const head = (threadId: string, chain: string[]) => new TextEncoder().encode(JSON.stringify({ threadId, chain, paused: false, interrupts: [], updatedAt: 0 }));

/**
 * `compareAndSet: false`: the store cannot compare-and-swap (Workers KV); those cases are left out.
 * `largeValues: false`: skip the 140 KiB case (a store cut into 2-byte parts would need 70,000).
 */
export function defineStoreContract(makeStore: () => Promise<SnapshotStore> | SnapshotStore, options: { compareAndSet?: boolean; largeValues?: boolean } = {}): void {
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
    // Ages far apart (a slow store takes seconds for these writes; s5 must stay younger than the cut).
    for (const [id, age] of [["s1", 50_000], ["s2", 40_000], ["s3", 30_000], ["s4", 20_000], ["s5", 10_000]] as const) {
      await store.put(`snap:${id}`, bytes(1), { sizeBytes: 1, createdAt: now - age, threadId: "t", kind: "full" });
    }
    await store.put("head:t", head("t", ["s1"]), { sizeBytes: 1, createdAt: now, threadId: "t", kind: "head" });
    expect((await store.prune!({ keepLast: 2, keep: ["s3"] })).removed.sort()).toEqual(["s2"]);
    expect((await store.prune!({ olderThanMs: 15_000, keep: ["s4"] })).removed.sort()).toEqual(["s3"]);
    expect((await store.list("snap:")).map((r) => r.key).sort()).toEqual(["snap:s1", "snap:s4", "snap:s5"]);
    expect((await store.prune!()).removed.sort()).toEqual(["s4", "s5"]);
    expect((await store.list("snap:")).map((r) => r.key)).toEqual(["snap:s1"]);
  });

  if (options.compareAndSet === false) return;

  it("compareAndSet writes only over the value it expects, and deletes the same way", async () => {
    const store = await makeStore();
    expect(store.compareAndSet, "every built-in store but kvStore implements compareAndSet").toBeTypeOf("function");
    const cas = store.compareAndSet!.bind(store);
    const meta = (createdAt: number) => ({ sizeBytes: 1, createdAt, threadId: "t", kind: "head" as const });
    // Absent: only a write that expects absence succeeds.
    expect(await cas("head:t", bytes(1), { value: bytes(2), meta: meta(1) })).toBe(false);
    expect(await store.get("head:t")).toBeUndefined();
    expect(await cas("head:t", undefined, { value: bytes(1), meta: meta(1) })).toBe(true);
    expect(await store.get("head:t")).toEqual(bytes(1));
    expect(await cas("head:t", undefined, { value: bytes(9), meta: meta(2) })).toBe(false);
    // Present: the expected bytes must match exactly (length too).
    expect(await cas("head:t", bytes(1, 0), { value: bytes(9), meta: meta(2) })).toBe(false);
    expect(await cas("head:t", bytes(1), { value: bytes(2, 3), meta: meta(3) })).toBe(true);
    expect(await store.get("head:t")).toEqual(bytes(2, 3));
    expect(await store.list("head:")).toEqual([{ key: "head:t", sizeBytes: 1, createdAt: 3, threadId: "t", kind: "head" }]);
    // A plain put is what the next compareAndSet compares with.
    await store.put("head:t", bytes(7), meta(4));
    expect(await cas("head:t", bytes(2, 3), { value: bytes(8), meta: meta(5) })).toBe(false);
    // Delete: only over the expected value.
    expect(await cas("head:t", bytes(8), undefined)).toBe(false);
    expect(await cas("head:t", bytes(7), undefined)).toBe(true);
    expect(await store.get("head:t")).toBeUndefined();
    expect(await store.list("head:")).toEqual([]);
    expect(await cas("head:t", bytes(7), undefined)).toBe(false);
  });

  it("compareAndSet: of writers racing from one expected value exactly one wins, and its value stays", async () => {
    const store = await makeStore();
    const meta = { sizeBytes: 1, createdAt: 1, threadId: "r", kind: "head" as const };
    await store.put("head:r", bytes(0), meta);
    const racers = Array.from({ length: 8 }, (_, n) => store.compareAndSet!("head:r", bytes(0), { value: bytes(n + 1), meta }));
    const outcomes = await Promise.all(racers);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await store.get("head:r")).toEqual(bytes(outcomes.indexOf(true) + 1));
  });

  if (options.largeValues === false) return;

  it("compareAndSet handles values larger than one part of the backend", async () => {
    const store = await makeStore();
    // Larger than a Durable Object part (127 KiB) and two Deno KV chunks (64 KiB).
    const large = new Uint8Array(140 * 1024);
    for (let i = 0; i < large.length; i++) large[i] = (i * 7) % 251;
    const other = large.slice();
    other[other.length - 1] = other[other.length - 1]! ^ 1;
    const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);
    const meta = { sizeBytes: large.length, createdAt: 1, threadId: "l", kind: "head" as const };
    expect(await store.compareAndSet!("head:l", undefined, { value: large, meta })).toBe(true);
    expect(await store.compareAndSet!("head:l", other, { value: bytes(1), meta })).toBe(false);
    expect(same(await store.get("head:l"), large)).toBe(true);
    expect(await store.compareAndSet!("head:l", large, { value: other, meta })).toBe(true);
    expect(same(await store.get("head:l"), other)).toBe(true);
  }, 30_000);
}
