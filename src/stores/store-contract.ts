/**
 * The SnapshotStore key layout and the operations every store shares (prune), built on the
 * four primitive methods so that any store — memory, IndexedDB, files, KV — behaves the same.
 *
 *   snap:<sha256>   a snapshot (immutable, content-addressed)
 *   head:<thread>   JSON: the thread's chain of snapshot ids (full, then deltas), paused state, and
 *                   the claim of a resume running its approved calls (with their call log)
 */
import type { CallResult } from "../engine-contract.js";
import { readSnapshotHeader } from "../snapshot/snapshot-header.js";
import type { PruneOptions, SnapshotStore, StoreRecord } from "../types.js";

export const SNAPSHOT_PREFIX = "snap:";
export const HEAD_PREFIX = "head:";

export function isSnapshotStore(value: unknown): value is SnapshotStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Record<string, unknown>;
  return ["get", "put", "delete", "list"].every((method) => typeof store[method] === "function");
}

/** A call a resume runs (approve, edit, recover "retry"): logged before it runs, and when it is done. */
export interface CallLogEntry {
  /** The call's id: the `ctx.callId` the tool saw, and its interrupt's id. */
  callId: string;
  name: string;
  args: unknown;
  /** "executing": approved and started; "done": it finished, with `result` (replayed, never re-run). */
  state: "executing" | "done";
  result?: Omit<CallResult, "id" | "held">;
}

/**
 * Written into a paused thread's head (conditionally) before a resume runs anything: only the
 * interpreter that wrote it goes on. Its call log makes effects exactly-once: a claim older than
 * claimTimeoutMs is a resume that died, and the next resume replays what is "done" and asks
 * `recover` about what was "executing".
 */
export interface HeadClaim {
  /** The interpreter that holds it. */
  owner: string;
  claimedAt: number;
  calls: CallLogEntry[];
}

export interface ThreadHead {
  threadId: string;
  /** Snapshot ids: a full snapshot, then the deltas on top of it. */
  chain: string[];
  paused: boolean;
  interrupts: unknown[];
  updatedAt: number;
  claim?: HeadClaim;
  /** The thread cannot be rebuilt from its journal on another build (why). */
  notReplayable?: string;
}

export function encodeJson(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

export function decodeJson<T>(bytes: Uint8Array | undefined): T | undefined {
  if (!bytes) return undefined;
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

export async function readHeads(store: SnapshotStore): Promise<ThreadHead[]> {
  const records = await store.list(HEAD_PREFIX);
  const heads = await Promise.all(records.map(async (record) => decodeJson<ThreadHead>(await store.get(record.key))));
  return heads.filter((head): head is ThreadHead => head !== undefined);
}

/** Adds `id` and the snapshots it is a delta of (its parents, up to a full snapshot) to `needed`. */
async function addWithParents(store: SnapshotStore, id: string, needed: Set<string>): Promise<void> {
  for (let current: string | undefined = id; current !== undefined && !needed.has(current); ) {
    needed.add(current);
    const bytes = await store.get(SNAPSHOT_PREFIX + current);
    if (!bytes) return;
    let header: { kind?: string; parent?: string };
    try {
      header = readSnapshotHeader(bytes);
    } catch {
      return;
    }
    current = header.kind === "delta" ? header.parent : undefined;
  }
}

/**
 * Removes snapshots that no head chain and no `keep` id needs, by age and/or count per thread.
 * A kept delta keeps its parents (a delta cannot be restored without them).
 */
export async function pruneSnapshots(store: SnapshotStore, options: PruneOptions = {}): Promise<{ removed: string[] }> {
  const needed = new Set<string>();
  for (const head of await readHeads(store)) for (const id of head.chain) needed.add(id);
  for (const id of options.keep ?? []) await addWithParents(store, id, needed);
  const snapshots = (await store.list(SNAPSHOT_PREFIX)).filter((record) => !needed.has(record.key.slice(SNAPSHOT_PREFIX.length)));
  const byThread = new Map<string, StoreRecord[]>();
  for (const record of snapshots) {
    const list = byThread.get(record.threadId ?? "") ?? [];
    list.push(record);
    byThread.set(record.threadId ?? "", list);
  }
  const now = Date.now();
  const removed: string[] = [];
  for (const records of byThread.values()) {
    records.sort((a, b) => b.createdAt - a.createdAt);
    for (const [rank, record] of records.entries()) {
      const tooOld = options.olderThanMs !== undefined && now - record.createdAt > options.olderThanMs;
      const beyondKeep = options.keepLast !== undefined && rank >= options.keepLast;
      const noRule = options.olderThanMs === undefined && options.keepLast === undefined;
      if (tooOld || beyondKeep || noRule) {
        await store.delete(record.key);
        removed.push(record.key.slice(SNAPSHOT_PREFIX.length));
      }
    }
  }
  return { removed };
}
