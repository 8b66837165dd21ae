/**
 * Reading and writing threads in a SnapshotStore: snapshots first, then the thread's head, so a
 * failed or interrupted write always leaves the previous head (and its snapshots) readable.
 */
import type { CallResult, EncodedSnapshot, SnapshotHeader } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import { readSnapshotHeader } from "../snapshot/snapshot-codec.js";
import { decodeJson, encodeJson, HEAD_PREFIX, LOG_PREFIX, readHeads, SNAPSHOT_PREFIX, type ThreadHead } from "../stores/store-contract.js";
import type { Interrupt, SnapshotInfo, SnapshotStore } from "../types.js";

/** A call being executed on resume: if the process dies, `recover` decides about it. */
export interface CallLogEntry {
  interruptId: string;
  /** The guest's call id: the `ctx.callId` the tool saw (the log's key). */
  callId: string;
  name: string;
  args: unknown;
  /** "executing": approved and started; "done": it finished, with `result` (replayed, never re-run). */
  state: "executing" | "done";
  result?: Omit<CallResult, "id">;
}

function storeFailed(action: string, error: unknown): QuickboxError {
  return new QuickboxError("STORE_FAILED", `the snapshot store failed to ${action}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

export class SnapshotPersistence {
  readonly #heads = new Map<string, ThreadHead | null>();

  constructor(
    readonly store: SnapshotStore,
    private readonly maxSnapshotBytes: number,
  ) {}

  async head(threadId: string): Promise<ThreadHead | null> {
    if (this.#heads.has(threadId)) return this.#heads.get(threadId)!;
    let head: ThreadHead | null;
    try {
      head = decodeJson<ThreadHead>(await this.store.get(HEAD_PREFIX + threadId)) ?? null;
    } catch (error) {
      throw storeFailed(`read the head of thread "${threadId}"`, error);
    }
    this.#heads.set(threadId, head);
    return head;
  }

  /** The head as the store has it now (another interpreter may have moved it), cached again. */
  async freshHead(threadId: string): Promise<ThreadHead | null> {
    this.#heads.delete(threadId);
    return this.head(threadId);
  }

  /** The thread's snapshots, full first, for restoring it. */
  async chain(head: ThreadHead): Promise<Uint8Array[]> {
    const chain: Uint8Array[] = [];
    for (const id of head.chain) {
      let bytes: Uint8Array | undefined;
      try {
        bytes = await this.store.get(SNAPSHOT_PREFIX + id);
      } catch (error) {
        throw storeFailed(`read snapshot ${id}`, error);
      }
      if (!bytes) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): snapshot ${id} of thread "${head.threadId}" is missing from the store`, { reason: "truncated" });
      chain.push(bytes);
    }
    return chain;
  }

  /**
   * Stores a snapshot and moves the thread's head to it. Returns a warning instead of throwing
   * when the snapshot is too large or the store fails: the eval's result stands either way.
   */
  async write(threadId: string, snapshot: EncodedSnapshot, pause: { paused: boolean; interrupts: Interrupt[] }): Promise<{ info?: SnapshotInfo; warning?: string }> {
    const size = snapshot.bytes.length;
    if (size > this.maxSnapshotBytes) {
      this.#heads.delete(threadId);
      return { warning: `snapshot not stored: ${size} bytes is more than maxSnapshotBytes (${this.maxSnapshotBytes})` };
    }
    const previous = await this.head(threadId).catch(() => null);
    const header = snapshot.header;
    const chain = header.kind === "delta" && previous && previous.chain[previous.chain.length - 1] === header.parent ? [...previous.chain, snapshot.id] : [snapshot.id];
    if (header.kind === "delta" && chain.length === 1) return { warning: "snapshot not stored: its parent is not the thread's head" };
    const head: ThreadHead = { threadId, chain, paused: pause.paused, interrupts: pause.interrupts, updatedAt: Date.now() };
    try {
      await this.store.put(SNAPSHOT_PREFIX + snapshot.id, snapshot.bytes, { sizeBytes: size, createdAt: header.createdAt, threadId, kind: header.kind });
      const headBytes = encodeJson(head);
      await this.store.put(HEAD_PREFIX + threadId, headBytes, { sizeBytes: headBytes.length, createdAt: head.updatedAt, threadId, kind: "head" });
    } catch (error) {
      // Whatever was written, the head in the store is still the previous one.
      this.#heads.delete(threadId);
      return { warning: `snapshot not stored: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.#heads.set(threadId, head);
    return {
      info: { id: snapshot.id, threadId, sizeBytes: size, createdAt: header.createdAt, kind: header.kind, paused: header.paused },
    };
  }

  /** The chain (full snapshot first) that ends at `snapshotId`, found through the deltas' parent links. */
  async chainEndingAt(snapshotId: string): Promise<{ chain: string[]; target: SnapshotHeader }> {
    const chain: string[] = [];
    let target: SnapshotHeader | undefined;
    for (let id: string | undefined = snapshotId; id !== undefined; ) {
      if (chain.length > 10_000) throw new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): the chain of deltas does not end", { reason: "truncated" });
      let bytes: Uint8Array | undefined;
      try {
        bytes = await this.store.get(SNAPSHOT_PREFIX + id);
      } catch (error) {
        throw storeFailed(`read snapshot ${id}`, error);
      }
      if (!bytes) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): snapshot ${id} is missing from the store`, { reason: "truncated" });
      const header = readSnapshotHeader(bytes);
      target ??= header;
      chain.unshift(id);
      id = header.kind === "delta" ? header.parent : undefined;
    }
    return { chain, target: target! };
  }

  /** Points the thread's head at `chain` (time travel); the snapshots themselves are unchanged. */
  async setHead(threadId: string, chain: string[]): Promise<void> {
    const head: ThreadHead = { threadId, chain, paused: false, interrupts: [], updatedAt: Date.now() };
    const bytes = encodeJson(head);
    try {
      await this.store.put(HEAD_PREFIX + threadId, bytes, { sizeBytes: bytes.length, createdAt: head.updatedAt, threadId, kind: "head" });
    } catch (error) {
      this.#heads.delete(threadId);
      throw storeFailed(`move the head of thread "${threadId}"`, error);
    }
    this.#heads.set(threadId, head);
  }

  async forget(threadId: string): Promise<void> {
    this.#heads.set(threadId, null);
    try {
      await this.store.delete(HEAD_PREFIX + threadId);
      await this.store.delete(LOG_PREFIX + threadId);
    } catch (error) {
      this.#heads.delete(threadId);
      throw storeFailed(`forget thread "${threadId}"`, error);
    }
  }

  async storedThreads(): Promise<ThreadHead[]> {
    try {
      return await readHeads(this.store);
    } catch (error) {
      throw storeFailed("list threads", error);
    }
  }

  async callLog(threadId: string): Promise<CallLogEntry[]> {
    try {
      return decodeJson<CallLogEntry[]>(await this.store.get(LOG_PREFIX + threadId)) ?? [];
    } catch (error) {
      throw storeFailed(`read the call log of thread "${threadId}"`, error);
    }
  }

  async writeCallLog(threadId: string, entries: CallLogEntry[]): Promise<void> {
    try {
      if (!entries.length) {
        await this.store.delete(LOG_PREFIX + threadId);
        return;
      }
      const bytes = encodeJson(entries);
      await this.store.put(LOG_PREFIX + threadId, bytes, { sizeBytes: bytes.length, createdAt: Date.now(), threadId, kind: "log" });
    } catch (error) {
      throw storeFailed(`write the call log of thread "${threadId}"`, error);
    }
  }
}
