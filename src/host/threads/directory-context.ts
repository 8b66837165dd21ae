/** What the thread directory's parts share: the engine, the store, the thread table, the options. */
import type { EncodedSnapshot, EngineClient } from "../../engine-contract.js";
import type { ResolvedOptions } from "../../options.js";
import type { SnapshotInfo } from "../../types.js";
import type { SnapshotPersistence } from "../snapshot-persistence.js";
import { publicInterrupt, type HeldInterrupt, type ThreadTable } from "./thread-table.js";

export interface DirectoryContext {
  client: EngineClient;
  persistence: SnapshotPersistence;
  table: ThreadTable;
  options: ResolvedOptions;
}

/**
 * Stores a snapshot the engine made and moves the thread's head to it. A snapshot that cannot be
 * stored (too large, a failing store) gives a warning: the request's result stands either way.
 */
export async function storeSnapshot(
  context: DirectoryContext,
  threadId: string,
  snapshot: EncodedSnapshot,
  interrupts: HeldInterrupt[],
): Promise<{ info?: SnapshotInfo; warning?: string }> {
  const written = await context.persistence.write(threadId, snapshot, { paused: snapshot.header.paused, interrupts });
  if (written.info) {
    context.table.markStored(threadId, written.info.id);
    context.options.emit({ type: "snapshot", threadId, snapshot: written.info });
  }
  return written;
}

export function emitWarning(context: DirectoryContext, threadId: string, message: string): void {
  context.options.emit({ type: "warning", threadId, message });
}

export { publicInterrupt };
