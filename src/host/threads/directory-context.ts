/** What the thread directory's parts share: the engine, the store, the thread table, the options. */
import type { EncodedSnapshot, EngineClient, StreamedEvent } from "../../engine-contract.js";
import type { ResolvedOptions } from "../../options.js";
import type { ThreadHead } from "../../stores/store-contract.js";
import type { SnapshotInfo } from "../../types.js";
import type { HeadWrite, SnapshotPersistence } from "../snapshot-persistence.js";
import { streamSink } from "../stream-events.js";
import { assertNotClaimedElsewhere } from "./claims.js";
import { publicInterrupt, type HeldCall, type ThreadTable } from "./thread-table.js";

export interface DirectoryContext {
  client: EngineClient;
  persistence: SnapshotPersistence;
  table: ThreadTable;
  options: ResolvedOptions;
  /** This interpreter, as the owner of the claims it writes. */
  owner: string;
}

/**
 * Stores a snapshot the engine made and moves the thread's head to it. A snapshot that cannot be
 * stored (too large, a failing store) gives a warning: the request's result stands either way.
 * A conflict (another interpreter moved the head) is returned as such; the caller decides.
 */
export async function storeSnapshot(
  context: DirectoryContext,
  threadId: string,
  snapshot: EncodedSnapshot,
  interrupts: HeldCall[],
  claim: "keep" | "clear" = "keep",
): Promise<HeadWrite> {
  const written = await context.persistence.write(threadId, snapshot, { paused: snapshot.header.paused, interrupts }, claim);
  if (written.info) {
    context.table.markStored(threadId, written.info.id);
    context.options.emit({ type: "snapshot", threadId, snapshot: written.info });
  }
  return written;
}

/**
 * This interpreter's live copy of a thread lost a race for the store: it is dropped, so the next
 * request works on the state the winner stored.
 */
export async function dropStaleCopy(context: DirectoryContext, threadId: string): Promise<void> {
  await context.client.drop(threadId).catch(() => {});
  context.table.forget(threadId);
}

export type { SnapshotInfo };

export function emitWarning(context: DirectoryContext, threadId: string, message: string): void {
  context.options.emit({ type: "warning", threadId, message });
}

export { publicInterrupt };

/** Throws CONFLICT when another interpreter holds a fresh claim on the thread (claims.ts). */
export function assertNotClaimed(context: DirectoryContext, threadId: string, head: ThreadHead | null): void {
  assertNotClaimedElsewhere(threadId, head, context.owner, context.options.claimTimeoutMs);
}

/** With a store configured (mode "thread" or "turn"), every eval that changes a thread is stored. */
export function persistEveryEval(options: ResolvedOptions): boolean {
  return options.storeConfigured && options.engine.mode !== "call";
}

/** Mode "call": the engine forgets the thread after each finished request. */
export function releaseAfter(options: ResolvedOptions): { release?: true } {
  return options.engine.mode === "call" ? { release: true } : {};
}

/** Where a request's streamed events (progress(), console streaming) go: onEvent, if there is one. */
export function streamTo(options: ResolvedOptions, threadId: string, evalId: string): { stream?: (events: StreamedEvent[]) => void } {
  return options.onEvent ? { stream: streamSink(options.emit, threadId, evalId) } : {};
}
