/**
 * Idle threads beyond maxLiveThreads are snapshotted (if changed since their stored snapshot)
 * and dropped from the engine; their next request restores them from the store.
 */
import type { SerialQueues } from "../../util/serial-queues.js";
import { dropStaleCopy, emitWarning, storeSnapshot, type DirectoryContext } from "./directory-context.js";

/** More threads are live than maxLiveThreads allows. */
export function hibernationDue(context: DirectoryContext): boolean {
  return context.table.liveCount > context.options.maxLiveThreads;
}

/** Hibernates idle threads beyond maxLiveThreads (nothing to do, and no promise, when none are). */
export function hibernateIdle(context: DirectoryContext, queues: SerialQueues): void | Promise<void> {
  if (hibernationDue(context)) return hibernateNow(context, queues);
}

async function hibernateNow(context: DirectoryContext, queues: SerialQueues): Promise<void> {
  const { table, options, persistence, client } = context;
  const excess = table.liveCount - options.maxLiveThreads;
  const idle = table.liveByAge().filter((threadId) => !queues.busy(threadId));
  for (const threadId of idle.slice(0, excess)) {
    await queues.run(threadId, async () => {
      if (!table.isLive(threadId)) return;
      // Hibernation is housekeeping after a finished request: if it fails (a store that
      // throws, a worker that was restarted meanwhile), the request's result still stands.
      try {
        const head = await persistence.head(threadId);
        if (table.isDirty(threadId) || !head) {
          const snapshot = await client.snapshot({ threadId, storedHead: head?.chain[head.chain.length - 1] ?? null });
          const written = await storeSnapshot(context, threadId, snapshot, table.paused(threadId) ?? []);
          if (written.conflict) {
            // Another interpreter moved the thread: this live copy is stale, and is dropped unstored.
            await dropStaleCopy(context, threadId);
            emitWarning(context, threadId, "another interpreter changed this thread in the store: the live copy here was dropped and the stored state is used");
            return;
          }
          // A thread that cannot be stored stays live: hibernating it would lose it.
          if (!written.info) {
            emitWarning(context, threadId, `thread not hibernated: ${written.warning}`);
            return;
          }
        }
        await client.drop(threadId);
        table.markNotLive(threadId);
      } catch (error) {
        emitWarning(context, threadId, `thread not hibernated: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }
}
