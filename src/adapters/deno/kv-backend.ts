/**
 * Deno KV as a backend of the parted-record layer (src/stores/parted/): where each slot lives
 * (kv-layout.ts), how a write becomes one atomic commit, checked against the index's
 * versionstamp, and how a busy local database is waited for.
 */
import { QuickboxError } from "../../index.js";
import type { LooseWrite, PartedIndex, PartedWrite, SmallValueBackend } from "../../adapter-support.js";
import { KV_MAX_LIST_BATCH, KV_MAX_VALUE_BYTES, type DenoKvLike } from "./deno-kv.js";
import { applyMutations, busyPause, commitRetryingBusy, deleteMutation, fitsOneCommit, isBusy, setMutation, type KvMutation } from "./kv-commits.js";
import type { KvLayout, RecordIndex, StoredLooseWrite } from "./kv-layout.js";

const LIST_BATCH = 500;

const toIndex = (record: RecordIndex): PartedIndex => ({ meta: record.meta, generation: record.writeId, byteLength: record.byteLength, partCount: record.chunkCount });
const toStored = (loose: LooseWrite): StoredLooseWrite => ({ key: loose.key, chunkCount: loose.partCount, state: loose.state, sinceMs: loose.sinceMs });

function toMutations(layout: KvLayout, write: PartedWrite): KvMutation[] {
  const mutations = [
    ...write.loose.map(({ generation, loose }) => setMutation(layout.loose(generation), toStored(loose))),
    ...write.parts.map(({ slot, bytes }) => setMutation(layout.chunk(slot.key, slot.generation, slot.n), bytes)),
  ];
  const index = write.index;
  if (index?.index) {
    const { meta, generation, byteLength, partCount } = index.index;
    mutations.push(setMutation(layout.index(index.key), { meta, writeId: generation, chunkCount: partCount, byteLength } satisfies RecordIndex));
  } else if (index) mutations.push(deleteMutation(layout.index(index.key)));
  mutations.push(...write.deleteParts.map((slot) => deleteMutation(layout.chunk(slot.key, slot.generation, slot.n))));
  mutations.push(...write.deleteLoose.map((generation) => deleteMutation(layout.loose(generation))));
  return mutations;
}

export function denoKvBackend(kv: DenoKvLike, layout: KvLayout): SmallValueBackend<string | null> & { atomic: true } {
  return {
    maxPartBytes: KV_MAX_VALUE_BYTES,
    maxInlineBytes: 0,
    atomic: true,
    fits: (write) => fitsOneCommit(toMutations(layout, write)),
    async readIndex(key) {
      const entry = await kv.get<RecordIndex>(layout.index(key));
      return entry.value ? { index: toIndex(entry.value), version: entry.versionstamp } : undefined;
    },
    async readParts(key, index) {
      const parts: Uint8Array[] = [];
      const batchSize = Math.min(index.partCount, KV_MAX_LIST_BATCH);
      for await (const entry of kv.list<unknown>({ prefix: layout.chunks(key, index.generation) }, { batchSize })) {
        if (entry.key[entry.key.length - 1] !== parts.length || !(entry.value instanceof Uint8Array)) return undefined;
        parts.push(entry.value);
      }
      return parts.length === index.partCount ? parts : undefined;
    },
    async write(write, check) {
      const mutations = toMutations(layout, write);
      if (!check) {
        if (await commitRetryingBusy(() => applyMutations(kv.atomic(), mutations))) return true;
        throw new QuickboxError("STORE_FAILED", "denoKvStore: Deno KV refused an unconditional commit");
      }
      try {
        return (await applyMutations(kv.atomic().check({ key: layout.index(check.key), versionstamp: check.version }), mutations).commit()).ok;
      } catch (error) {
        // Deno's local SQLite KV refuses a checked commit while another process writes: nothing
        // was written; the layer reads again and retries, as for a moved index.
        if (!isBusy(error)) throw error;
        await busyPause(Math.floor(Math.random() * 8));
        return false;
      }
    },
    async *listIndexes(prefix) {
      const selector = prefix ? { prefix: layout.indexes(), start: layout.index(prefix) } : { prefix: layout.indexes() };
      for await (const entry of kv.list<RecordIndex>(selector, { batchSize: LIST_BATCH })) {
        const key = layout.storeKeyOf(entry.key);
        // Keys are ordered by their UTF-8 bytes: those starting with `prefix` are contiguous.
        if (!key.startsWith(prefix)) return;
        yield { key, index: toIndex(entry.value) };
      }
    },
    async *listLoose() {
      for await (const entry of kv.list<StoredLooseWrite>({ prefix: layout.looseWrites() })) {
        const { key, chunkCount, state, sinceMs } = entry.value;
        yield { generation: String(entry.key[entry.key.length - 1]), loose: { key, partCount: chunkCount, state, sinceMs } };
      }
    },
  };
}
