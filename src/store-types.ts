/** Public types of snapshot stores (DESIGN.md §3, §6): what a SnapshotStore implements. */

/** Metadata kept with every record of a SnapshotStore. */
export interface StoreRecordMeta {
  sizeBytes: number;
  createdAt: number;
  threadId?: string;
  kind?: "full" | "delta" | "head" | "log" | "base";
}

export interface StoreRecord extends StoreRecordMeta {
  key: string;
}

export interface PruneOptions {
  /** Per thread, keep this many of its newest snapshots (besides those its head needs). */
  keepLast?: number;
  /** Remove snapshots older than this (unless a head needs them). */
  olderThanMs?: number;
  /** Snapshot ids that must be kept (e.g. referenced by checkpoints). */
  keep?: string[];
}

/**
 * Where snapshots live: immutable, content-addressed snapshot records plus small mutable
 * records (thread heads). Writes of one key must be atomic: a failed or interrupted put leaves
 * the previous value readable. See docs/snapshot-format.md for the key layout.
 */
export interface SnapshotStore {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<void>;
  delete(key: string): Promise<void>;
  list(prefix?: string): Promise<StoreRecord[]>;
  /** Removes snapshots no thread head (and no `keep` id) needs; returns the removed ids. */
  prune?(options?: PruneOptions): Promise<{ removed: string[] }>;
  /**
   * Compare-and-swap of one record: writes `next` (or deletes the key when `next` is undefined)
   * only if the key's current value is byte-equal to `expected` (undefined: only if the key is
   * absent), atomically against every other compareAndSet of the key, also from other processes
   * or tabs. Resolves true when it wrote, false when the current value was something else.
   * Thread heads are written with it, so two interpreters deciding one pause cannot both win.
   * Optional: without it quickbox reads, compares and writes, and two writers at the same instant
   * can both succeed (README, "Several interpreters, one store").
   */
  compareAndSet?(key: string, expected: Uint8Array | undefined, next: { value: Uint8Array; meta: StoreRecordMeta } | undefined): Promise<boolean>;
}

/** The stores quickbox ships (memoryStore, fsStore, idbStore, kvStore, …) all implement prune. */
export type PrunableSnapshotStore = SnapshotStore & Required<Pick<SnapshotStore, "prune">>;

/** The stores that can decide races (all built-in stores but kvStore): prune and compareAndSet. */
export type AtomicSnapshotStore = PrunableSnapshotStore & Required<Pick<SnapshotStore, "compareAndSet">>;

/**
 * A thread as one value (exportThread / importThread): its pause state — the held calls' records,
 * with the ids they keep — and the snapshot chain its head names, bytes included. Plain data
 * (structured-clone-able); `threadBundleBytes` / `importThread(bytes)` give and take it as bytes.
 * With a snapshotSigningKey it is signed (`mac`), and an interpreter with the same key refuses an
 * edited one.
 */
export interface ThreadBundle {
  format: "quickbox.thread";
  version: 1;
  threadId: string;
  paused: boolean;
  /** The held calls' records, as the thread's head keeps them. */
  interrupts: unknown[];
  /** Why the thread cannot be rebuilt on another build, if it cannot. */
  notReplayable?: string;
  /** The thread's snapshots: a full one, then its deltas. */
  snapshots: { id: string; bytes: Uint8Array }[];
  mac?: Uint8Array;
}

export interface ImportThreadOptions {
  /** Import under this thread id (default: the bundle's). It must not exist. */
  threadId?: string;
}
