/**
 * Reading and writing threads in a SnapshotStore: snapshots first, then the thread's head, so a
 * failed or interrupted write always leaves the previous head (and its snapshots) readable.
 *
 * Every head write is conditional on the head this interpreter last read or wrote (the store's
 * compareAndSet): when another interpreter moved the head in between, nothing is written and the
 * caller learns it (a conflict). The claim a resume writes into the head before it runs approved
 * calls travels the same way (see host/threads/claims.ts).
 */
import type { EncodedSnapshot, SnapshotHeader } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import { readSnapshotHeader } from "../snapshot/snapshot-header.js";
import { sameBytes } from "../stores/same-bytes.js";
import { HEAD_PREFIX, SNAPSHOT_PREFIX, type HeadClaim, type ThreadHead } from "../stores/store-contract.js";
import { decodeHead, encodeHead } from "./head-codec.js";
import type { SnapshotInfo, SnapshotStore } from "../types.js";
import type { HeldCall } from "./threads/thread-table.js";

/** A thread's head as read from the store: the record, and the bytes a conditional write compares with. */
export interface HeadRead {
  head: ThreadHead | null;
  bytes: Uint8Array | undefined;
}

/** What a write did: stored (info), or not (a warning), or lost a race (conflict: nothing written). */
export interface HeadWrite {
  info?: SnapshotInfo;
  warning?: string;
  conflict?: true;
}

function storeFailed(action: string, error: unknown): QuickboxError {
  return new QuickboxError("STORE_FAILED", `the snapshot store failed to ${action}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

const headOf = (read: HeadRead) => read.head;

export class SnapshotPersistence {
  readonly #heads = new Map<string, HeadRead>();

  constructor(
    readonly store: SnapshotStore,
    private readonly maxSnapshotBytes: number,
    /** HMAC key for heads (the snapshotSigningKey): heads are signed, and checked when read. */
    private readonly signingKey?: CryptoKey,
  ) {}

  /** The head as this interpreter last read or wrote it (read from the store the first time). */
  async read(threadId: string): Promise<HeadRead> {
    const cached = this.#heads.get(threadId);
    if (cached) return cached;
    let bytes: Uint8Array | undefined;
    try {
      bytes = await this.store.get(HEAD_PREFIX + threadId);
    } catch (error) {
      throw storeFailed(`read the head of thread "${threadId}"`, error);
    }
    const read = { head: await decodeHead(bytes, threadId, this.signingKey), bytes };
    this.#heads.set(threadId, read);
    return read;
  }

  /** The head as the store has it now (another interpreter may have moved it). */
  async freshRead(threadId: string): Promise<HeadRead> {
    this.#heads.delete(threadId);
    return this.read(threadId);
  }

  async head(threadId: string): Promise<ThreadHead | null> {
    return headOf(await this.read(threadId));
  }

  async freshHead(threadId: string): Promise<ThreadHead | null> {
    return headOf(await this.freshRead(threadId));
  }

  /**
   * Moves the head from what this interpreter last read or wrote to `next` (null: deletes it).
   * False when the store's head is something else (another interpreter moved it): nothing was
   * written, and the next read goes to the store.
   */
  async swapHead(threadId: string, next: ThreadHead | null): Promise<boolean> {
    return this.#swap(threadId, next, next ? await encodeHead(next, this.signingKey) : undefined);
  }

  /**
   * Puts back a head this interpreter read before (byte for byte): a resume that claimed a pause
   * and then ran nothing leaves the stored thread exactly as it was. False on a conflict.
   */
  async putBack(threadId: string, earlier: HeadRead): Promise<boolean> {
    return this.#swap(threadId, earlier.head, earlier.bytes);
  }

  async #swap(threadId: string, next: ThreadHead | null, nextBytes: Uint8Array | undefined): Promise<boolean> {
    const expected = (await this.read(threadId)).bytes;
    const key = HEAD_PREFIX + threadId;
    const record = nextBytes && next ? { value: nextBytes, meta: { sizeBytes: nextBytes.length, createdAt: next.updatedAt, threadId, kind: "head" as const } } : undefined;
    let swapped: boolean;
    try {
      if (this.store.compareAndSet) {
        swapped = await this.store.compareAndSet(key, expected, record);
      } else {
        // A store without compareAndSet: read, compare, write (not atomic; README says what it risks).
        swapped = sameBytes(await this.store.get(key), expected);
        if (swapped && record) await this.store.put(key, record.value, record.meta);
        else if (swapped) await this.store.delete(key);
      }
    } catch (error) {
      this.#heads.delete(threadId);
      throw error;
    }
    if (swapped) this.#heads.set(threadId, { head: next, bytes: nextBytes });
    else this.#heads.delete(threadId);
    return swapped;
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
   * Stores a snapshot and moves the thread's head to it. A snapshot too large or a failing store
   * give a warning (the eval's result stands either way); a head another interpreter moved gives
   * a conflict, and the snapshot just stored is removed again. `claim`: "keep" carries over the
   * claim the head holds (a crashed resume's, for recovery); "clear" drops it (the resume that
   * held it is done).
   */
  async write(threadId: string, snapshot: EncodedSnapshot, pause: { paused: boolean; interrupts: HeldCall[] }, claim: "keep" | "clear" = "keep"): Promise<HeadWrite> {
    const size = snapshot.bytes.length;
    if (size > this.maxSnapshotBytes) return { warning: `snapshot not stored: ${size} bytes is more than maxSnapshotBytes (${this.maxSnapshotBytes})` };
    let previous: ThreadHead | null;
    try {
      previous = await this.head(threadId);
    } catch (error) {
      return { warning: `snapshot not stored: ${error instanceof Error ? error.message : String(error)}` };
    }
    const header = snapshot.header;
    const chain = header.kind === "delta" && previous && previous.chain[previous.chain.length - 1] === header.parent ? [...previous.chain, snapshot.id] : [snapshot.id];
    if (header.kind === "delta" && chain.length === 1) return { warning: "snapshot not stored: its parent is not the thread's head" };
    const kept = claim === "keep" && previous?.claim ? { claim: previous.claim } : {};
    const replay = header.notReplayable !== undefined ? { notReplayable: header.notReplayable } : {};
    const head: ThreadHead = { threadId, chain, paused: pause.paused, interrupts: pause.interrupts, updatedAt: Date.now(), ...kept, ...replay };
    const snapshotKey = SNAPSHOT_PREFIX + snapshot.id;
    try {
      await this.store.put(snapshotKey, snapshot.bytes, { sizeBytes: size, createdAt: header.createdAt, threadId, kind: header.kind });
      if (!(await this.swapHead(threadId, head))) {
        await this.store.delete(snapshotKey).catch(() => {});
        return { conflict: true };
      }
    } catch (error) {
      // Whatever was written, the head in the store is still the previous one.
      this.#heads.delete(threadId);
      return { warning: `snapshot not stored: ${error instanceof Error ? error.message : String(error)}` };
    }
    return { info: { id: snapshot.id, threadId, sizeBytes: size, createdAt: header.createdAt, kind: header.kind, paused: header.paused } };
  }

  /** Records `claim` in the thread's head (a resume's claim, or its updated call log); false on a conflict. */
  async writeClaim(threadId: string, claim: HeadClaim | undefined): Promise<boolean> {
    const current = await this.head(threadId);
    if (!current) return false;
    const { claim: _previous, ...rest } = current;
    return this.swapHead(threadId, { ...rest, ...(claim ? { claim } : {}), updatedAt: Date.now() });
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

  /** A conditional head write by a host operation: store failures are STORE_FAILED, a conflict CONFLICT. */
  async #moveHead(threadId: string, next: ThreadHead | null, action: string): Promise<void> {
    let swapped: boolean;
    try {
      swapped = await this.swapHead(threadId, next);
    } catch (error) {
      throw storeFailed(action, error);
    }
    if (!swapped) throw conflictError(threadId);
  }

  /** Points the thread's head at `chain` (time travel); the snapshots themselves are unchanged. */
  async setHead(threadId: string, chain: string[]): Promise<void> {
    await this.#moveHead(threadId, { threadId, chain, paused: false, interrupts: [], updatedAt: Date.now() }, `move the head of thread "${threadId}"`);
  }

  /** Deletes the thread's head (its snapshots stay until pruned). */
  async forget(threadId: string): Promise<void> {
    await this.#moveHead(threadId, null, `forget thread "${threadId}"`);
  }

  /** Every thread head in the store that passes its checks (one that does not is left out). */
  async storedThreads(): Promise<ThreadHead[]> {
    let records;
    try {
      records = await this.store.list(HEAD_PREFIX);
    } catch (error) {
      throw storeFailed("list threads", error);
    }
    const heads: ThreadHead[] = [];
    for (const record of records) {
      const threadId = record.key.slice(HEAD_PREFIX.length);
      try {
        // Read past the cache: the cache is what operations compare their writes with.
        const head = await decodeHead(await this.store.get(record.key), threadId, this.signingKey);
        if (head) heads.push(head);
      } catch {
        // A head that cannot be read or fails its checks is not listed.
      }
    }
    return heads;
  }
}

/** Another interpreter moved the thread's head since this operation read it. */
export function conflictError(threadId: string): QuickboxError {
  return new QuickboxError("CONFLICT", `thread "${threadId}" was changed by another interpreter while this operation ran (being resumed or evaluated elsewhere); nothing was run or written here`);
}
