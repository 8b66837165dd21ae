/**
 * Moving a thread between stores and runtimes (exportThread / importThread): a bundle of its head's
 * pause state and its snapshot chain (host/thread-bundle.ts). Export stores the thread's current
 * state first; import writes the snapshots, then the head with a conditional write that only lands
 * when the thread does not exist. Importing under another thread id re-encodes the snapshots for it
 * (signed snapshots name their thread), with this interpreter's keys.
 */
import type { EncodedSnapshot } from "../../engine-contract.js";
import { QuickboxError } from "../../errors.js";
import { decodeSnapshot, encodeSnapshot, readSnapshotHeader, snapshotId } from "../../snapshot/snapshot-codec.js";
import { aesKey, hmacKey, type SnapshotKeys } from "../../snapshot/snapshot-keys.js";
import { SNAPSHOT_PREFIX, type ThreadHead } from "../../stores/store-contract.js";
import type { ThreadBundle } from "../../types.js";
import { decodeHead, encodeHead } from "../head-codec.js";
import { makeBundle, openBundle } from "../thread-bundle.js";
import type { DirectoryContext } from "./directory-context.js";
import { assertNotClaimedElsewhere } from "./claims.js";
import { syncWithStore } from "./store-sync.js";
import type { HeldCall } from "./thread-table.js";

async function snapshotKeysOf(context: DirectoryContext): Promise<SnapshotKeys> {
  const { snapshotSigningKey, encryptionKey } = context.options.engine;
  return {
    ...(snapshotSigningKey !== undefined ? { signing: await hmacKey(snapshotSigningKey as never) } : {}),
    ...(encryptionKey !== undefined ? { encryption: await aesKey(encryptionKey as never) } : {}),
  };
}

/** `storeNow`: writes the live thread's current state (a snapshot and its head). */
export async function exportThread(context: DirectoryContext, threadId: string, headKey: CryptoKey | undefined, storeNow: () => Promise<void>): Promise<ThreadBundle> {
  const { persistence, table } = context;
  await syncWithStore(context, threadId);
  let head = await persistence.head(threadId);
  assertNotClaimedElsewhere(threadId, head, context.owner, context.options.claimTimeoutMs);
  if (!table.isLive(threadId) && !head) throw new QuickboxError("UNKNOWN_THREAD", `no thread "${threadId}"`);
  if (table.isLive(threadId) && (table.isDirty(threadId) || !head)) {
    await storeNow();
    head = await persistence.head(threadId);
  }
  const chain = await persistence.chain(head!);
  return makeBundle(
    {
      threadId,
      paused: head!.paused,
      interrupts: head!.interrupts,
      ...(head!.notReplayable !== undefined ? { notReplayable: head!.notReplayable } : {}),
      snapshots: head!.chain.map((id, index) => ({ id, bytes: chain[index]! })),
    },
    headKey,
  );
}

/** The chain for another thread id: each snapshot re-encoded to name it (signed ones are bound to their thread). */
async function renamedChain(snapshots: ThreadBundle["snapshots"], from: string, to: string, keys: SnapshotKeys): Promise<EncodedSnapshot[]> {
  const renamed = new Map<string, string>();
  const out: EncodedSnapshot[] = [];
  for (const snapshot of snapshots) {
    const header = readSnapshotHeader(snapshot.bytes);
    const decoded = await decodeSnapshot<unknown>(snapshot.bytes, { wasmBuild: header.wasmBuild, baseImage: header.baseImage, threadId: from, anyBuild: true }, keys);
    const { rawBytes: _raw, bodyBytes: _body, compression: _compression, iv: _iv, signed: _signed, chunkBytes: _chunk, ...plain } = decoded.header;
    const bytes = await encodeSnapshot({ ...plain, threadId: to, ...(plain.parent ? { parent: renamed.get(plain.parent)! } : {}) }, decoded.manifest, decoded.chunks, keys);
    const id = await snapshotId(bytes);
    renamed.set(snapshot.id, id);
    out.push({ id, bytes, header: readSnapshotHeader(bytes) });
  }
  return out;
}

export async function importThread(context: DirectoryContext, input: unknown, targetId: string | undefined, headKey: CryptoKey | undefined, run: (threadId: string, task: () => Promise<void>) => Promise<void>): Promise<void> {
  const bundle = await openBundle(input, headKey);
  const threadId = targetId ?? bundle.threadId;
  await run(threadId, async () => {
    const { persistence, table } = context;
    await syncWithStore(context, threadId);
    if (table.isLive(threadId) || (await persistence.head(threadId))) throw new QuickboxError("THREAD_EXISTS", `thread "${threadId}" already exists`);
    for (const snapshot of bundle.snapshots) {
      if ((await snapshotId(snapshot.bytes)) !== snapshot.id) {
        throw new QuickboxError("SNAPSHOT_REJECTED", `thread bundle rejected (truncated): the bytes of snapshot ${snapshot.id.slice(0, 12)}… do not match its id`, { reason: "truncated" });
      }
    }
    const chain = threadId === bundle.threadId ? bundle.snapshots.map((snapshot) => ({ id: snapshot.id, bytes: snapshot.bytes })) : await renamedChain(bundle.snapshots, bundle.threadId, threadId, await snapshotKeysOf(context));
    const head: ThreadHead = {
      threadId,
      chain: chain.map((snapshot) => snapshot.id),
      paused: bundle.paused,
      interrupts: bundle.interrupts,
      updatedAt: Date.now(),
      ...(bundle.notReplayable !== undefined ? { notReplayable: bundle.notReplayable } : {}),
    };
    // The records are checked as a head read from the store would be, before anything is written.
    const checked = (await decodeHead(await encodeHead(head, headKey), threadId, headKey))!;
    for (const snapshot of chain) {
      const header = readSnapshotHeader(snapshot.bytes);
      await persistence.store.put(SNAPSHOT_PREFIX + snapshot.id, snapshot.bytes, { sizeBytes: snapshot.bytes.length, createdAt: header.createdAt, threadId, kind: header.kind });
    }
    if (!(await persistence.swapHead(threadId, checked))) throw new QuickboxError("THREAD_EXISTS", `thread "${threadId}" was created by another interpreter while it was imported here`);
    if (checked.paused) table.setPaused(threadId, checked.interrupts as HeldCall[]);
  });
}
