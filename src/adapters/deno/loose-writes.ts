/**
 * Chunks that no index names: those of a put still in progress (or cut short), and those of a
 * record that was overwritten or deleted but too large to remove in the same commit.
 */
import type { DenoKvLike } from "./deno-kv.js";
import { commitGroups, deleteMutation, groupCommits, setMutation, type KvMutation } from "./kv-commits.js";
import type { KvLayout, LooseWrite, RecordIndex } from "./kv-layout.js";

export function looseMarker(layout: KvLayout, writeId: string, loose: LooseWrite): KvMutation {
  return setMutation(layout.loose(writeId), loose);
}

export function chunkDeletes(layout: KvLayout, key: string, writeId: string, chunkCount: number): KvMutation[] {
  return Array.from({ length: chunkCount }, (_, n) => deleteMutation(layout.chunk(key, writeId, n)));
}

/** Deletes a loose write's chunks, then its marker (last, so a cut cleanup is found again). */
export async function deleteLooseWrite(kv: DenoKvLike, layout: KvLayout, writeId: string, loose: Pick<LooseWrite, "key" | "chunkCount">): Promise<void> {
  const deletes = [...chunkDeletes(layout, loose.key, writeId, loose.chunkCount), deleteMutation(layout.loose(writeId))];
  await commitGroups(kv, groupCommits(deletes));
}

/**
 * Removes replaced chunks, and those of puts that started more than `abandonedWriteAgeMs` ago and
 * never committed their index. Returns how many loose writes it removed.
 */
export async function sweepLooseWrites(kv: DenoKvLike, layout: KvLayout, abandonedWriteAgeMs: number, nowMs = Date.now()): Promise<number> {
  const found: { writeId: string; loose: LooseWrite }[] = [];
  for await (const entry of kv.list<LooseWrite>({ prefix: layout.looseWrites() })) {
    found.push({ writeId: String(entry.key[entry.key.length - 1]), loose: entry.value });
  }
  let removed = 0;
  for (const { writeId, loose } of found) {
    if (loose.state === "writing" && nowMs - loose.sinceMs < abandonedWriteAgeMs) continue;
    // An index commit removes its write's marker, so this only guards against a foreign marker.
    const index = await kv.get<RecordIndex>(layout.index(loose.key));
    const named = index.value?.writeId === writeId;
    await deleteLooseWrite(kv, layout, writeId, { key: loose.key, chunkCount: named ? 0 : loose.chunkCount });
    if (!named) removed++;
  }
  return removed;
}
