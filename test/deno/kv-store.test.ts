/**
 * denoKvStore on a real Deno KV (in memory): the store contract of test/shared/store-contract-suite.ts,
 * ported case by case, then what only a chunked KV store has to get right.
 */
import assert from "node:assert/strict";
import { denoKvStore, isQuickboxError, type SnapshotStore } from "./built-package.js";
import { deno, denoTest, type DenoKv } from "./deno-api.js";

const bytes = (...values: number[]) => Uint8Array.from(values);
const head = (threadId: string, chain: string[]) => new TextEncoder().encode(JSON.stringify({ threadId, chain, paused: false, interrupts: [], updatedAt: 0 }));
const CHUNK_BYTES = 64 * 1024;

/** Deterministic bytes that do not repeat (so a misplaced chunk shows). */
function patterned(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

async function withKv(run: (kv: DenoKv, store: SnapshotStore) => Promise<void>): Promise<void> {
  const kv = await deno.openKv(":memory:");
  try {
    await run(kv, denoKvStore(kv));
  } finally {
    kv.close();
  }
}

async function rawKeys(kv: DenoKv, prefix: readonly unknown[]): Promise<unknown[][]> {
  const keys: unknown[][] = [];
  for await (const entry of kv.list({ prefix: prefix as never })) keys.push([...entry.key]);
  return keys;
}

/** A KV whose atomic commits fail from the `failFrom`-th on, as when a process dies mid-put. */
function cutAfterCommits(kv: DenoKv, failFrom: number): DenoKv {
  let commits = 0;
  return {
    get: (key) => kv.get(key),
    list: (selector, options) => kv.list(selector, options),
    close: () => kv.close(),
    atomic() {
      const operation = kv.atomic();
      const commit = operation.commit.bind(operation);
      operation.commit = () => (++commits >= failFrom ? Promise.reject(new Error("connection lost")) : commit());
      return operation;
    },
  } as DenoKv;
}

// --- the shared store contract ---

denoTest("contract: puts, gets, lists with metadata and deletes", () =>
  withKv(async (_kv, store) => {
    assert.equal(await store.get("snap:missing"), undefined);
    await store.put("snap:a", bytes(1, 2, 3), { sizeBytes: 3, createdAt: 10, threadId: "t", kind: "full" });
    await store.put("head:t", bytes(9), { sizeBytes: 1, createdAt: 11, threadId: "t", kind: "head" });
    assert.deepEqual(await store.get("snap:a"), bytes(1, 2, 3));
    assert.deepEqual(await store.list("snap:"), [{ key: "snap:a", sizeBytes: 3, createdAt: 10, threadId: "t", kind: "full" }]);
    assert.deepEqual((await store.list()).map((r) => r.key).sort(), ["head:t", "snap:a"]);
    await store.put("snap:a", bytes(4), { sizeBytes: 1, createdAt: 12, threadId: "t", kind: "full" });
    assert.deepEqual(await store.get("snap:a"), bytes(4));
    await store.delete("snap:a");
    await store.delete("snap:never");
    assert.equal(await store.get("snap:a"), undefined);
  }),
);

denoTest("contract: keeps its own copies of values", () =>
  withKv(async (_kv, store) => {
    const value = bytes(1, 2);
    await store.put("snap:c", value, { sizeBytes: 2, createdAt: 1 });
    value[0] = 99;
    const read = (await store.get("snap:c"))!;
    assert.deepEqual(read, bytes(1, 2));
    read[1] = 77;
    assert.deepEqual(await store.get("snap:c"), bytes(1, 2));
  }),
);

denoTest("contract: prunes snapshots no head needs, by count and by age, keeping the ones asked for", () =>
  withKv(async (_kv, store) => {
    const now = Date.now();
    for (const [id, age] of [["s1", 5000], ["s2", 4000], ["s3", 3000], ["s4", 2000], ["s5", 1000]] as const) {
      await store.put(`snap:${id}`, bytes(1), { sizeBytes: 1, createdAt: now - age, threadId: "t", kind: "full" });
    }
    await store.put("head:t", head("t", ["s1"]), { sizeBytes: 1, createdAt: now, threadId: "t", kind: "head" });
    assert.deepEqual((await store.prune!({ keepLast: 2, keep: ["s3"] })).removed.sort(), ["s2"]);
    assert.deepEqual((await store.prune!({ olderThanMs: 1500, keep: ["s4"] })).removed.sort(), ["s3"]);
    assert.deepEqual((await store.list("snap:")).map((r) => r.key).sort(), ["snap:s1", "snap:s4", "snap:s5"]);
    assert.deepEqual((await store.prune!()).removed.sort(), ["s4", "s5"]);
    assert.deepEqual((await store.list("snap:")).map((r) => r.key), ["snap:s1"]);
  }),
);

denoTest("contract: compareAndSet writes only over the value it expects, and deletes the same way", () =>
  withKv(async (_kv, store) => {
    const cas = store.compareAndSet!.bind(store);
    const meta = (createdAt: number) => ({ sizeBytes: 1, createdAt, threadId: "t", kind: "head" as const });
    assert.equal(await cas("head:t", bytes(1), { value: bytes(2), meta: meta(1) }), false);
    assert.equal(await store.get("head:t"), undefined);
    assert.equal(await cas("head:t", undefined, { value: bytes(1), meta: meta(1) }), true);
    assert.deepEqual(await store.get("head:t"), bytes(1));
    assert.equal(await cas("head:t", undefined, { value: bytes(9), meta: meta(2) }), false);
    assert.equal(await cas("head:t", bytes(1, 0), { value: bytes(9), meta: meta(2) }), false);
    assert.equal(await cas("head:t", bytes(1), { value: bytes(2, 3), meta: meta(3) }), true);
    assert.deepEqual(await store.get("head:t"), bytes(2, 3));
    assert.deepEqual(await store.list("head:"), [{ key: "head:t", sizeBytes: 1, createdAt: 3, threadId: "t", kind: "head" }]);
    await store.put("head:t", bytes(7), meta(4));
    assert.equal(await cas("head:t", bytes(2, 3), { value: bytes(8), meta: meta(5) }), false);
    assert.equal(await cas("head:t", bytes(8), undefined), false);
    assert.equal(await cas("head:t", bytes(7), undefined), true);
    assert.equal(await store.get("head:t"), undefined);
    assert.deepEqual(await store.list("head:"), []);
    assert.equal(await cas("head:t", bytes(7), undefined), false);
  }),
);

denoTest("contract: compareAndSet: of writers racing from one expected value exactly one wins, and its value stays", () =>
  withKv(async (_kv, store) => {
    const meta = { sizeBytes: 1, createdAt: 1, threadId: "r", kind: "head" as const };
    await store.put("head:r", bytes(0), meta);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, n) => store.compareAndSet!("head:r", bytes(0), { value: bytes(n + 1), meta })));
    assert.equal(outcomes.filter(Boolean).length, 1);
    assert.deepEqual(await store.get("head:r"), bytes(outcomes.indexOf(true) + 1));
  }),
);

denoTest("contract: compareAndSet handles values larger than one part of the backend", () =>
  withKv(async (kv, store) => {
    const large = patterned(140 * 1024, 3);
    const other = large.slice();
    other[other.length - 1] = other[other.length - 1]! ^ 1;
    const meta = { sizeBytes: large.length, createdAt: 1, threadId: "l", kind: "head" as const };
    assert.equal(await store.compareAndSet!("head:l", undefined, { value: large, meta }), true);
    assert.equal(await store.compareAndSet!("head:l", other, { value: bytes(1), meta }), false);
    assert.deepEqual(await store.get("head:l"), large);
    assert.equal(await store.compareAndSet!("head:l", large, { value: other, meta }), true);
    assert.deepEqual(await store.get("head:l"), other);
    // The replaced value's chunks are gone: only the current value's three chunks remain.
    assert.equal((await rawKeys(kv, ["quickbox", "chunk"])).length, 3);
  }),
);

// --- chunking and commits ---

denoTest("a 2 MiB value is stored as 64 KiB chunks over several commits and reads back byte for byte", () =>
  withKv(async (kv, store) => {
    const big = patterned(2 * 1024 * 1024 + 123, 7);
    await store.put("snap:big", big, { sizeBytes: big.length, createdAt: 5, threadId: "t", kind: "full" });
    assert.deepEqual(await store.get("snap:big"), big);
    assert.equal((await rawKeys(kv, ["quickbox", "chunk", "snap:big"])).length, Math.ceil(big.length / CHUNK_BYTES));
    assert.deepEqual(await rawKeys(kv, ["quickbox", "loose"]), []);
    // Empty and exactly-one-chunk values too.
    await store.put("log:t", new Uint8Array(0), { sizeBytes: 0, createdAt: 6, kind: "log" });
    assert.deepEqual(await store.get("log:t"), new Uint8Array(0));
    const oneChunk = patterned(CHUNK_BYTES, 3);
    await store.put("snap:edge", oneChunk, { sizeBytes: CHUNK_BYTES, createdAt: 7 });
    assert.deepEqual(await store.get("snap:edge"), oneChunk);
    // Overwriting a big value with a small one (and deleting) leaves no chunk behind.
    await store.put("snap:big", bytes(5), { sizeBytes: 1, createdAt: 8 });
    assert.deepEqual(await store.get("snap:big"), bytes(5));
    assert.equal((await rawKeys(kv, ["quickbox", "chunk", "snap:big"])).length, 1);
    await store.delete("snap:big");
    assert.deepEqual(await rawKeys(kv, ["quickbox", "chunk", "snap:big"]), []);
  }),
);

denoTest("replacing a 14 MiB value with a 768 KiB one: the old chunks do not fit the index commit and are removed after it", () =>
  withKv(async (kv, store) => {
    const huge = patterned(14 * 1024 * 1024, 11);
    await store.put("snap:h", huge, { sizeBytes: huge.length, createdAt: 1 });
    assert.equal((await rawKeys(kv, ["quickbox", "chunk", "snap:h"])).length, 224);
    // 12 chunks: the new value and its index fill one commit, leaving no room for 224 deletes.
    const small = patterned(12 * CHUNK_BYTES, 12);
    await store.put("snap:h", small, { sizeBytes: small.length, createdAt: 2 });
    assert.deepEqual(await store.get("snap:h"), small);
    assert.equal((await rawKeys(kv, ["quickbox", "chunk", "snap:h"])).length, 12);
    assert.deepEqual(await rawKeys(kv, ["quickbox", "loose"]), []);
  }),
);

denoTest("a put cut short keeps the previous value readable, and prune() removes its chunks", async () => {
  const kv = await deno.openKv(":memory:");
  try {
    const store = denoKvStore(kv);
    const before = patterned(1024 * 1024, 1);
    await store.put("snap:x", before, { sizeBytes: before.length, createdAt: 1, threadId: "t", kind: "full" });
    await store.put("head:t", head("t", ["x"]), { sizeBytes: 1, createdAt: 1, threadId: "t", kind: "head" });
    const chunksBefore = await rawKeys(kv, ["quickbox", "chunk", "snap:x"]);
    // 1.5 MiB needs three commits of chunks, then the index: the second commit never happens.
    const cut = denoKvStore(cutAfterCommits(kv, 2));
    const after = patterned(1536 * 1024, 2);
    await assert.rejects(cut.put("snap:x", after, { sizeBytes: after.length, createdAt: 2, threadId: "t", kind: "full" }), /connection lost/);
    assert.deepEqual(await store.get("snap:x"), before);
    assert.deepEqual(await store.list("snap:"), [{ key: "snap:x", sizeBytes: before.length, createdAt: 1, threadId: "t", kind: "full" }]);
    assert.ok((await rawKeys(kv, ["quickbox", "chunk", "snap:x"])).length > chunksBefore.length, "the cut put left chunks");
    assert.equal((await rawKeys(kv, ["quickbox", "loose"])).length, 1);
    // A recent cut put might still be running elsewhere: prune() leaves it until it is old enough.
    await store.prune!();
    assert.equal((await rawKeys(kv, ["quickbox", "loose"])).length, 1);
    await denoKvStore(kv, { abandonedWriteAgeMs: 0 }).prune!();
    assert.deepEqual(await rawKeys(kv, ["quickbox", "chunk", "snap:x"]), chunksBefore);
    assert.deepEqual(await rawKeys(kv, ["quickbox", "loose"]), []);
    assert.deepEqual(await store.get("snap:x"), before);
  } finally {
    kv.close();
  }
});

denoTest("concurrent puts of one key: one value wins whole, and the losers' chunks are gone", () =>
  withKv(async (kv, store) => {
    // One commit each (300 KiB) and several commits each (1 MiB), racing for the same index.
    const values = [1, 2, 3, 4].map((seed) => patterned((seed % 2 ? 300 : 1024) * 1024 + seed, seed));
    await Promise.all(values.map((value, i) => store.put("head:busy", value, { sizeBytes: value.length, createdAt: i })));
    const read = (await store.get("head:busy"))!;
    const winner = values.findIndex((value) => value.length === read.length);
    assert.deepEqual(read, values[winner]);
    assert.equal((await store.list("head:"))[0]!.createdAt, winner);
    assert.equal((await rawKeys(kv, ["quickbox", "chunk", "head:busy"])).length, Math.ceil(read.length / CHUNK_BYTES));
    assert.deepEqual(await rawKeys(kv, ["quickbox", "loose"]), []);
  }),
);

denoTest("list(prefix) is exact on key bytes; stores with other prefixes share one KV without seeing each other", () =>
  withKv(async (kv, store) => {
    const other = denoKvStore(kv, { prefix: ["tenant", 2] });
    for (const key of ["snap", "snap:", "snap:a", "snap:é", "snap;", "snaq:", "head:snap:x", "sna"]) {
      await store.put(key, bytes(1), { sizeBytes: 1, createdAt: 1 });
    }
    await other.put("snap:other", bytes(2), { sizeBytes: 1, createdAt: 1 });
    assert.deepEqual((await store.list("snap:")).map((r) => r.key), ["snap:", "snap:a", "snap:é"]);
    assert.deepEqual((await store.list("snap")).map((r) => r.key), ["snap", "snap:", "snap:a", "snap:é", "snap;"]);
    assert.equal((await store.list()).length, 8);
    assert.deepEqual((await other.list()).map((r) => r.key), ["snap:other"]);
    assert.equal(await store.get("snap:other"), undefined);
  }),
);

denoTest("misuse is reported by code", async () => {
  assert.throws(() => denoKvStore({} as never), (error: unknown) => isQuickboxError(error) && error.code === "INVALID_OPTIONS");
  const kv = await deno.openKv(":memory:");
  try {
    assert.throws(() => denoKvStore(kv, { abandonedWriteAgeMs: -1 }), (error: unknown) => isQuickboxError(error) && error.code === "INVALID_OPTIONS");
    // A record whose chunks were removed behind the store's back fails loudly, not with wrong bytes.
    const store = denoKvStore(kv);
    await store.put("snap:lost", patterned(100_000, 9), { sizeBytes: 100_000, createdAt: 1 });
    const [chunkKey] = await rawKeys(kv, ["quickbox", "chunk", "snap:lost"]);
    await kv.atomic().delete(chunkKey as never).commit();
    await assert.rejects(store.get("snap:lost"), (error: unknown) => isQuickboxError(error) && error.code === "STORE_FAILED");
  } finally {
    kv.close();
  }
});
