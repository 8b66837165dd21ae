/**
 * Keeping the host's view of a thread in step with the store. Interpreters may share a store
 * (tabs of one page, processes on one file or KV): before each operation on a thread, its head is
 * read again; if another interpreter moved it (resumed a pause, evaluated, reset), this
 * interpreter's live copy is stale and is dropped, so the operation works on the stored state.
 */
import type { StoredThreadRef } from "../../engine-contract.js";
import type { ThreadHead } from "../../stores/store-contract.js";
import { emitWarning, type DirectoryContext } from "./directory-context.js";
import type { HeldCall } from "./thread-table.js";

const headId = (head: ThreadHead | null): string | null => head?.chain[head.chain.length - 1] ?? null;

/** The interrupts a paused head names (with the guest call ids it recorded). */
export function headInterrupts(head: ThreadHead | null): HeldCall[] | undefined {
  return head?.paused ? (head.interrupts as HeldCall[]) : undefined;
}

/**
 * What the engine needs to bring the thread back if it is not live: its stored head and chain.
 * `head`: the head the caller just read (a live thread then needs no other store access, and the
 * answer is a value, not a promise).
 */
export function storedThreadFor(context: DirectoryContext, threadId: string, head?: ThreadHead | null): StoredThreadRef | Promise<StoredThreadRef> {
  if (head === undefined) return context.persistence.head(threadId).then((read) => storedThreadFor(context, threadId, read));
  const { persistence, table } = context;
  const storedHead = headId(head);
  if (table.isLive(threadId)) return { storedHead };
  if (!head) {
    table.forgetStoredId(threadId); // it starts fresh: it matches no stored snapshot
    return { storedHead };
  }
  if (head.paused && !table.paused(threadId)) table.setPaused(threadId, headInterrupts(head));
  return persistence.chain(head).then((restore) => {
    if (storedHead) table.markStored(threadId, storedHead);
    return { restore, storedHead };
  });
}

/**
 * Reads the thread's head again; drops a live copy another interpreter made stale. Without a
 * store of the caller's (nobody else can move a head) there is nothing to read: no promise.
 */
export function syncWithStore(context: DirectoryContext, threadId: string): void | Promise<void> {
  if (!context.options.storeConfigured) return;
  return syncNow(context, threadId);
}

async function syncNow(context: DirectoryContext, threadId: string): Promise<void> {
  const { persistence, table, client } = context;
  const head = await persistence.freshHead(threadId);
  if (!table.isLive(threadId)) {
    table.setPaused(threadId, headInterrupts(head));
    return;
  }
  if (headId(head) === table.storedId(threadId)) return;
  await client.drop(threadId);
  table.forget(threadId);
  table.setPaused(threadId, headInterrupts(head));
  emitWarning(context, threadId, "another interpreter changed this thread in the store: the live copy here was dropped and the stored state is used");
}
