/**
 * SnapshotPersistence (src/host/snapshot-persistence.ts) over memoryStore() and a store that
 * fails on demand: snapshots are written before the head moves, so a failed or refused write
 * always leaves the previous head readable; heads are cached per instance; call logs; listing.
 */
import { describe, expect, it } from "vitest";
import type { EncodedSnapshot } from "../../src/engine-contract.js";
import { QuickboxError } from "../../src/errors.js";
import { SnapshotPersistence } from "../../src/host/snapshot-persistence.js";
import type { CallLogEntry } from "../../src/stores/store-contract.js";
import { encodeSnapshot, readSnapshotHeader, snapshotId } from "../../src/snapshot/snapshot-codec.js";
import { memoryStore } from "../../src/stores/memory-store.js";
import type { SnapshotStore } from "../../src/types.js";
import type { HeldCall } from "../../src/host/threads/thread-table.js";

const MAX_BYTES = 1 << 20;
let made = 0;

/** A real snapshot (header, gzip body) of `threadId`; each one has its own id. */
async function makeSnapshot(threadId: string, options: { kind?: "full" | "delta"; parent?: string; paused?: boolean; createdAt?: number } = {}): Promise<EncodedSnapshot> {
  const kind = options.kind ?? "full";
  const bytes = await encodeSnapshot(
    {
      quickbox: "test",
      wasmBuild: "test-build",
      baseImage: "test-image",
      threadId,
      kind,
      ...(options.parent ? { parent: options.parent } : {}),
      createdAt: options.createdAt ?? 1_000 + made,
      memoryBytes: 65536,
      paused: options.paused ?? false,
    },
    { made: made++ },
    { runs: new Uint32Array(0), data: new Uint8Array(0) },
    {},
  );
  return { id: await snapshotId(bytes), bytes, header: readSnapshotHeader(bytes) };
}

const notPaused = { paused: false, interrupts: [] };

/**
 * memoryStore() whose put/get throw while the matching predicate says so (`putLands`: the put is
 * written, then reports a failure, as a store that times out after the write may).
 */
function failingStore() {
  const base = memoryStore();
  const fail: { put?: (key: string) => boolean; get?: (key: string) => boolean; putLands?: (key: string) => boolean } = {};
  const store: SnapshotStore = {
    get: async (key) => {
      if (fail.get?.(key)) throw new Error(`get ${key} failed`);
      return base.get(key);
    },
    put: async (key, value, meta) => {
      if (fail.put?.(key)) throw new Error(`disk full writing ${key}`);
      await base.put(key, value, meta);
      if (fail.putLands?.(key)) throw new Error(`timed out writing ${key}`);
    },
    delete: (key) => base.delete(key),
    list: (prefix) => base.list(prefix),
  };
  return { store, base, fail };
}

async function keys(store: SnapshotStore, prefix = ""): Promise<string[]> {
  return (await store.list(prefix)).map((record) => record.key).sort();
}

async function expectQuickboxError(promise: Promise<unknown>, code: string, reason?: string): Promise<QuickboxError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QuickboxError);
  expect((error as QuickboxError).code).toBe(code);
  if (reason !== undefined) expect((error as QuickboxError).reason).toBe(reason);
  return error as QuickboxError;
}

describe("SnapshotPersistence.write", () => {
  it("stores a full snapshot, then points the thread's head at it", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    const written = await persistence.write("t", full, notPaused);
    expect(written.warning).toBeUndefined();
    expect(written.info).toEqual({ id: full.id, threadId: "t", sizeBytes: full.bytes.length, createdAt: full.header.createdAt, kind: "full", paused: false });
    expect(await store.get(`snap:${full.id}`)).toEqual(full.bytes);
    const head = await new SnapshotPersistence(store, MAX_BYTES).head("t");
    expect(head).toMatchObject({ threadId: "t", chain: [full.id], paused: false, interrupts: [] });
  });

  it("chains a delta onto the head, and a new full snapshot starts a new chain", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    const delta1 = await makeSnapshot("t", { kind: "delta", parent: full.id });
    await persistence.write("t", full, notPaused);
    await persistence.write("t", delta1, notPaused);
    const delta2 = await makeSnapshot("t", { kind: "delta", parent: delta1.id });
    expect((await persistence.write("t", delta2, notPaused)).info?.kind).toBe("delta");
    const head = (await persistence.freshHead("t"))!;
    expect(head.chain).toEqual([full.id, delta1.id, delta2.id]);
    expect(await persistence.chain(head)).toEqual([full.bytes, delta1.bytes, delta2.bytes]);

    const again = await makeSnapshot("t");
    await persistence.write("t", again, notPaused);
    expect((await persistence.freshHead("t"))!.chain).toEqual([again.id]);
  });

  it("refuses a delta whose parent is not the head: a warning, and nothing stored or moved", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    await persistence.write("t", full, notPaused);
    const stray = await makeSnapshot("t", { kind: "delta", parent: "f".repeat(64) });
    expect(await persistence.write("t", stray, notPaused)).toEqual({ warning: "snapshot not stored: its parent is not the thread's head" });
    expect(await keys(store, "snap:")).toEqual([`snap:${full.id}`]);
    expect((await persistence.freshHead("t"))!.chain).toEqual([full.id]);
  });

  it("refuses a delta for a thread that has no head", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    const delta = await makeSnapshot("t", { kind: "delta", parent: full.id });
    expect((await persistence.write("t", delta, notPaused)).warning).toMatch(/parent is not the thread's head/);
    expect(await keys(store)).toEqual([]);
  });

  it("records a paused thread's interrupts in its head", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const interrupts: HeldCall[] = [{ id: "call_00000000000000000000000001", guestKey: "c1", kind: "tool", name: "send_email", args: { to: "a@b" }, allowedDecisions: ["approve", "reject"] }];
    const paused = await makeSnapshot("t", { paused: true });
    expect((await persistence.write("t", paused, { paused: true, interrupts })).info?.paused).toBe(true);
    expect(await new SnapshotPersistence(store, MAX_BYTES).head("t")).toMatchObject({ paused: true, interrupts });
  });

  it("a snapshot larger than maxSnapshotBytes gives a warning and stores nothing", async () => {
    const store = memoryStore();
    const snapshot = await makeSnapshot("t");
    const size = snapshot.bytes.length;
    const tooSmall = new SnapshotPersistence(store, size - 1);
    expect(await tooSmall.write("t", snapshot, notPaused)).toEqual({ warning: `snapshot not stored: ${size} bytes is more than maxSnapshotBytes (${size - 1})` });
    expect(await keys(store)).toEqual([]);
    // Exactly at the limit is fine.
    expect((await new SnapshotPersistence(store, size).write("t", snapshot, notPaused)).info?.id).toBe(snapshot.id);
  });

  it.each([
    ["the snapshot's put", "snap:"],
    ["the head's put", "head:"],
  ])("when %s fails, the previous head stays readable and write() returns a warning", async (_label, failingPrefix) => {
    const { store, fail } = failingStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const first = await makeSnapshot("t");
    await persistence.write("t", first, notPaused);
    const second = await makeSnapshot("t", { kind: "delta", parent: first.id });
    fail.put = (key) => key.startsWith(failingPrefix);
    const written = await persistence.write("t", second, notPaused);
    expect(written.info).toBeUndefined();
    expect(written.warning).toMatch(new RegExp(`^snapshot not stored: disk full writing ${failingPrefix}`));
    fail.put = undefined;
    // Neither this instance (its cache was dropped) nor another sees anything but the first head.
    expect((await persistence.head("t"))!.chain).toEqual([first.id]);
    const other = new SnapshotPersistence(store, MAX_BYTES);
    const head = (await other.head("t"))!;
    expect(head.chain).toEqual([first.id]);
    expect(await other.chain(head)).toEqual([first.bytes]);
  });

  it("a head write that fails after it landed: head() reads the store again rather than a stale cache", async () => {
    const { store, fail } = failingStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    await persistence.write("t", await makeSnapshot("t"), notPaused);
    const second = await makeSnapshot("t");
    fail.putLands = (key) => key.startsWith("head:");
    expect((await persistence.write("t", second, notPaused)).warning).toBe(`snapshot not stored: timed out writing head:t`);
    fail.putLands = undefined;
    expect((await persistence.head("t"))!.chain).toEqual([second.id]);
  });

  it("a head that cannot be read does not make write() throw: a warning, and nothing is stored (a conditional write needs the head)", async () => {
    const { store, base, fail } = failingStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    fail.get = () => true;
    const full = await makeSnapshot("t");
    const written = await persistence.write("t", full, notPaused);
    expect(written.info).toBeUndefined();
    expect(written.warning).toMatch(/^snapshot not stored: /);
    fail.get = undefined;
    expect(await new SnapshotPersistence(store, MAX_BYTES).head("t")).toBeNull();
    expect(await keys(base, "snap:")).toEqual([]);
  });

  it("a delta whose head cannot be read is refused with a warning, not thrown, and nothing is stored", async () => {
    const { store, base, fail } = failingStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    await persistence.write("t", full, notPaused);
    fail.get = () => true;
    const delta = await makeSnapshot("t", { kind: "delta", parent: full.id });
    const written = await new SnapshotPersistence(store, MAX_BYTES).write("t", delta, notPaused);
    expect(written.info).toBeUndefined();
    expect(written.warning).toMatch(/^snapshot not stored: /);
    expect(await keys(base, "snap:")).toEqual([`snap:${full.id}`]);
  });
});

describe("SnapshotPersistence heads", () => {
  it("head() caches (also a missing head); freshHead() re-reads what another instance wrote", async () => {
    const store = memoryStore();
    const mine = new SnapshotPersistence(store, MAX_BYTES);
    const theirs = new SnapshotPersistence(store, MAX_BYTES);
    expect(await mine.head("t")).toBeNull();
    const first = await makeSnapshot("t");
    await theirs.write("t", first, notPaused);
    expect(await mine.head("t")).toBeNull();
    expect((await mine.freshHead("t"))!.chain).toEqual([first.id]);

    const second = await makeSnapshot("t");
    await theirs.write("t", second, notPaused);
    expect((await mine.head("t"))!.chain).toEqual([first.id]);
    expect((await mine.freshHead("t"))!.chain).toEqual([second.id]);
    // freshHead() caches what it read.
    expect((await mine.head("t"))!.chain).toEqual([second.id]);
  });

  it("a store that fails to read a head gives STORE_FAILED", async () => {
    const { store, fail } = failingStore();
    fail.get = (key) => key.startsWith("head:");
    const error = await expectQuickboxError(new SnapshotPersistence(store, MAX_BYTES).head("t"), "STORE_FAILED");
    expect(error.message).toContain('read the head of thread "t"');
  });

  it("chain() of a head whose snapshot is missing is SNAPSHOT_REJECTED (truncated)", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    const delta = await makeSnapshot("t", { kind: "delta", parent: full.id });
    await persistence.write("t", full, notPaused);
    await persistence.write("t", delta, notPaused);
    await store.delete(`snap:${delta.id}`);
    const error = await expectQuickboxError(persistence.chain((await persistence.head("t"))!), "SNAPSHOT_REJECTED", "truncated");
    expect(error.message).toContain(delta.id);
  });

  it("chain() when the store fails to read a snapshot is STORE_FAILED", async () => {
    const { store, fail } = failingStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    await persistence.write("t", await makeSnapshot("t"), notPaused);
    const head = (await persistence.head("t"))!;
    fail.get = (key) => key.startsWith("snap:");
    await expectQuickboxError(persistence.chain(head), "STORE_FAILED");
  });

  it("chainEndingAt() follows the deltas' parents back to the full snapshot", async () => {
    const persistence = new SnapshotPersistence(memoryStore(), MAX_BYTES);
    const full = await makeSnapshot("t");
    const delta = await makeSnapshot("t", { kind: "delta", parent: full.id });
    await persistence.write("t", full, notPaused);
    await persistence.write("t", delta, notPaused);
    const { chain, target } = await persistence.chainEndingAt(delta.id);
    expect(chain).toEqual([full.id, delta.id]);
    expect(target).toEqual(delta.header);
    await expectQuickboxError(persistence.chainEndingAt("0".repeat(64)), "SNAPSHOT_REJECTED", "truncated");
  });

  it("storedThreads() lists every head", async () => {
    const persistence = new SnapshotPersistence(memoryStore(), MAX_BYTES);
    const a = await makeSnapshot("a");
    const b = await makeSnapshot("b", { paused: true });
    await persistence.write("a", a, notPaused);
    await persistence.write("b", b, { paused: true, interrupts: [] });
    const heads = (await persistence.storedThreads()).sort((x, y) => x.threadId.localeCompare(y.threadId));
    expect(heads.map((head) => [head.threadId, head.chain, head.paused])).toEqual([
      ["a", [a.id], false],
      ["b", [b.id], true],
    ]);
  });

  it("forget() removes the head, claim and all (the snapshots stay until pruned)", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const full = await makeSnapshot("t");
    await persistence.write("t", full, notPaused);
    await persistence.write("other", await makeSnapshot("other"), notPaused);
    expect(await persistence.writeClaim("t", { owner: "me", claimedAt: 1, calls: [] })).toBe(true);
    await persistence.forget("t");
    expect(await persistence.head("t")).toBeNull();
    expect(await new SnapshotPersistence(store, MAX_BYTES).head("t")).toBeNull();
    expect(await keys(store, "head:")).toEqual(["head:other"]);
    expect(await store.get(`snap:${full.id}`)).toEqual(full.bytes);
    expect((await persistence.storedThreads()).map((head) => head.threadId)).toEqual(["other"]);
  });
});

describe("SnapshotPersistence: conditional head writes", () => {
  const interrupts: HeldCall[] = [{ id: "call_00000000000000000000000001", guestKey: "c1", kind: "tool", name: "send_email", args: { to: "a@b" }, allowedDecisions: ["approve"] }];
  const calls: CallLogEntry[] = [
    { callId: "call_00000000000000000000000001", name: "send_email", args: { to: "a@b" }, state: "executing" },
    { callId: "call_00000000000000000000000002", name: "charge", args: [1, "x"], state: "done", result: { ok: true, value: "1", encoding: "json" } },
  ];

  it("a claim is written into the head, read back by another instance, and cleared by the next write that clears it", async () => {
    const store = memoryStore();
    const persistence = new SnapshotPersistence(store, MAX_BYTES);
    const paused = await makeSnapshot("t", { paused: true });
    await persistence.write("t", paused, { paused: true, interrupts });
    const claim = { owner: "a", claimedAt: 5, calls };
    expect(await persistence.writeClaim("t", claim)).toBe(true);
    expect((await new SnapshotPersistence(store, MAX_BYTES).head("t"))!.claim).toEqual(claim);
    // A write that keeps the claim (hibernation, snapshot()) carries it over; one that clears it drops it.
    const kept = await makeSnapshot("t", { paused: true });
    await persistence.write("t", kept, { paused: true, interrupts });
    expect((await persistence.freshHead("t"))!.claim).toEqual(claim);
    await persistence.write("t", await makeSnapshot("t"), notPaused, "clear");
    const head = (await persistence.freshHead("t"))!;
    expect(head.claim).toBeUndefined();
    expect(head.paused).toBe(false);
  });

  it("a write over a head another instance moved is a conflict: nothing is written, the other's head stays", async () => {
    const store = memoryStore();
    const mine = new SnapshotPersistence(store, MAX_BYTES);
    const theirs = new SnapshotPersistence(store, MAX_BYTES);
    const first = await makeSnapshot("t");
    await mine.write("t", first, notPaused);
    const base = (await theirs.head("t"))!;
    expect(base.chain).toEqual([first.id]);
    const theirSecond = await makeSnapshot("t");
    expect((await theirs.write("t", theirSecond, notPaused)).info?.id).toBe(theirSecond.id);
    const mySecond = await makeSnapshot("t");
    expect(await mine.write("t", mySecond, notPaused)).toEqual({ conflict: true });
    // The loser's snapshot record was removed again; the winner's head is what the store holds.
    expect(await store.get(`snap:${mySecond.id}`)).toBeUndefined();
    expect((await new SnapshotPersistence(store, MAX_BYTES).head("t"))!.chain).toEqual([theirSecond.id]);
    // After a conflict the loser reads the store again: its next write builds on the winner's head.
    const myThird = await makeSnapshot("t");
    expect((await mine.write("t", myThird, notPaused)).info?.id).toBe(myThird.id);
  });

  it("of two instances claiming one paused head, exactly one wins", async () => {
    const store = memoryStore();
    await new SnapshotPersistence(store, MAX_BYTES).write("t", await makeSnapshot("t", { paused: true }), { paused: true, interrupts });
    const a = new SnapshotPersistence(store, MAX_BYTES);
    const b = new SnapshotPersistence(store, MAX_BYTES);
    await Promise.all([a.head("t"), b.head("t")]);
    const outcomes = await Promise.all([a.writeClaim("t", { owner: "a", claimedAt: 1, calls }), b.writeClaim("t", { owner: "b", claimedAt: 1, calls })]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await new SnapshotPersistence(store, MAX_BYTES).head("t"))!.claim!.owner).toBe(outcomes[0] ? "a" : "b");
  });

  it("setHead and forget over a moved head are CONFLICT", async () => {
    const store = memoryStore();
    const mine = new SnapshotPersistence(store, MAX_BYTES);
    const theirs = new SnapshotPersistence(store, MAX_BYTES);
    const first = await makeSnapshot("t");
    await mine.write("t", first, notPaused);
    await theirs.head("t");
    await theirs.write("t", await makeSnapshot("t"), notPaused);
    await expectQuickboxError(mine.setHead("t", [first.id]), "CONFLICT");
    await mine.head("t"); // read again: now it knows the winner's head
    await theirs.write("t", await makeSnapshot("t"), notPaused);
    await expectQuickboxError(mine.forget("t"), "CONFLICT");
  });

  it("a store without compareAndSet still works (read, compare, write)", async () => {
    const { compareAndSet: _cas, ...plain } = memoryStore();
    const persistence = new SnapshotPersistence(plain, MAX_BYTES);
    const snapshot = await makeSnapshot("t");
    expect((await persistence.write("t", snapshot, notPaused)).info?.id).toBe(snapshot.id);
    const other = new SnapshotPersistence(plain, MAX_BYTES);
    await other.head("t");
    await other.write("t", await makeSnapshot("t"), notPaused);
    expect((await persistence.write("t", await makeSnapshot("t"), notPaused)).conflict).toBe(true);
  });
});
