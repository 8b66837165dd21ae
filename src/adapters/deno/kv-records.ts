/**
 * Reading and writing one record of any size in Deno KV (64 KiB per value, 800 KiB per atomic
 * commit). A put writes its chunks first, under a fresh write id, then commits the index entry
 * that names them, checked against the index it replaces. Until that last commit the previous
 * value stays readable; a cut put leaves only loose chunks that prune() removes.
 */
import { QuickboxError, type StoreRecord, type StoreRecordMeta } from "../../index.js";
import { sameBytes } from "../../adapter-support.js";
import { KV_MAX_LIST_BATCH, KV_MAX_VALUE_BYTES, type DenoKvAtomicOperation, type DenoKvLike } from "./deno-kv.js";
import { applyMutations, busyPause, commitGroups, deleteMutation, fitsOneCommit, groupCommits, isBusy, setMutation, type KvMutation } from "./kv-commits.js";
import { cleanMeta, type KvLayout, type LooseWrite, type RecordIndex } from "./kv-layout.js";
import { chunkDeletes, deleteLooseWrite, looseMarker } from "./loose-writes.js";

/** Index commits retried when another writer changed the same key in between (or held the database). */
const MAX_INDEX_ATTEMPTS = 40;

/**
 * One checked commit. A database busy with another process's write refuses it without writing
 * ("database is locked"): that counts as a failed check, after a short pause, so the caller reads
 * again and retries — the key may have changed meanwhile.
 */
async function commitOrBusy(build: () => DenoKvAtomicOperation): Promise<boolean> {
  try {
    return (await build().commit()).ok;
  } catch (error) {
    if (!isBusy(error)) throw error;
    await busyPause(Math.floor(Math.random() * 8));
    return false;
  }
}
/** Reads retried when the record was replaced while its chunks were being read. */
const MAX_READ_ATTEMPTS = 4;
const LIST_BATCH = 500;

interface IndexChange {
  mutations: KvMutation[];
  /** Chunks of the replaced record left for after the commit (too many to delete in it). */
  replaced?: { writeId: string; key: string; chunkCount: number };
}

function storeFailed(message: string): QuickboxError {
  return new QuickboxError("STORE_FAILED", `denoKvStore: ${message}`);
}

function splitChunks(value: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < value.length; offset += KV_MAX_VALUE_BYTES) chunks.push(value.subarray(offset, offset + KV_MAX_VALUE_BYTES));
  return chunks;
}

/**
 * The mutations that retire `replaced`'s chunks within the commit that replaces its index: the
 * deletes themselves when they fit next to `others`, otherwise a "replaced" marker.
 */
function retire(layout: KvLayout, key: string, replaced: RecordIndex | null, others: KvMutation[]): IndexChange {
  if (!replaced?.chunkCount) return { mutations: others };
  const deletes = chunkDeletes(layout, key, replaced.writeId, replaced.chunkCount);
  if (fitsOneCommit(deletes, others)) return { mutations: [...others, ...deletes] };
  const loose: LooseWrite = { key, chunkCount: replaced.chunkCount, state: "replaced", sinceMs: Date.now() };
  return { mutations: [...others, looseMarker(layout, replaced.writeId, loose)], replaced: { writeId: replaced.writeId, key, chunkCount: replaced.chunkCount } };
}

/**
 * Commits a change of `key`'s index, checked against the index it read (null = nothing to do).
 * Returns the replaced chunks still to delete.
 */
async function changeIndex(kv: DenoKvLike, layout: KvLayout, key: string, build: (current: RecordIndex | null) => IndexChange | null): Promise<IndexChange["replaced"]> {
  for (let attempt = 0; attempt < MAX_INDEX_ATTEMPTS; attempt++) {
    const current = await kv.get<RecordIndex>(layout.index(key));
    const change = build(current.value);
    if (!change) return undefined;
    const operation = () => applyMutations(kv.atomic().check({ key: layout.index(key), versionstamp: current.versionstamp }), change.mutations);
    if (await commitOrBusy(operation)) return change.replaced;
  }
  throw storeFailed(`"${key}" kept changing under concurrent writers; gave up after ${MAX_INDEX_ATTEMPTS} attempts`);
}

async function deleteReplaced(kv: DenoKvLike, layout: KvLayout, replaced: IndexChange["replaced"]): Promise<void> {
  if (replaced) await deleteLooseWrite(kv, layout, replaced.writeId, replaced);
}

/**
 * Best effort after a failed put: removes its chunks, unless its index did commit (a commit can
 * fail ambiguously on a remote KV). Without this, prune() removes them once the put is old enough.
 */
async function abandonWrite(kv: DenoKvLike, layout: KvLayout, key: string, writeId: string, writing: LooseWrite): Promise<void> {
  const current = await kv.get<RecordIndex>(layout.index(key));
  if (current.value?.writeId !== writeId) await deleteLooseWrite(kv, layout, writeId, writing);
}

export async function writeRecord(kv: DenoKvLike, layout: KvLayout, key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<void> {
  const prepared = await prepareValue(kv, layout, key, value, meta);
  let replaced: IndexChange["replaced"];
  try {
    replaced = await changeIndex(kv, layout, key, (current) => retire(layout, key, current, prepared.commit));
  } catch (error) {
    if (prepared.prewritten) await abandonWrite(kv, layout, key, prepared.writeId, prepared.writing).catch(() => undefined);
    throw error;
  }
  await deleteReplaced(kv, layout, replaced);
}

/**
 * A new value, ready for its index commit: a small one is all mutations of that commit; a large
 * one's chunks are written first, in commits of their own, marked "writing" until the index names
 * them (a put cut short leaves them to prune()).
 */
interface PreparedValue {
  /** Mutations for the index commit itself (small values: their chunks too). */
  commit: KvMutation[];
  writeId: string;
  writing: LooseWrite;
  /** Chunks were written before the index commit (large values): abandon them if it does not happen. */
  prewritten: boolean;
}

async function prepareValue(kv: DenoKvLike, layout: KvLayout, key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<PreparedValue> {
  const writeId = crypto.randomUUID();
  const chunks = splitChunks(value.slice()).map((bytes, n) => setMutation(layout.chunk(key, writeId, n), bytes));
  const index: RecordIndex = { meta: cleanMeta(meta), writeId, chunkCount: chunks.length, byteLength: value.length };
  const indexSet = setMutation(layout.index(key), index);
  const writing: LooseWrite = { key, chunkCount: chunks.length, state: "writing", sinceMs: Date.now() };
  const marker = looseMarker(layout, writeId, writing);
  if (fitsOneCommit(chunks, [indexSet, marker])) return { commit: [...chunks, indexSet], writeId, writing, prewritten: false };
  const groups = groupCommits(chunks, [marker]);
  groups[0]!.unshift(marker);
  try {
    await commitGroups(kv, groups);
  } catch (error) {
    await abandonWrite(kv, layout, key, writeId, writing).catch(() => undefined);
    throw error;
  }
  return { commit: [indexSet, deleteMutation(layout.loose(writeId))], writeId, writing, prewritten: true };
}

/**
 * Compare-and-swap: the current value is read (index and chunks) and compared; the index commit
 * is checked against the index's versionstamp, so no other write lands between the read and the
 * commit. A commit refused because the key changed is retried from the read: the new value may
 * still be the expected one (a rewrite of the same bytes), or not (then false).
 */
export async function compareAndSetRecord(
  kv: DenoKvLike,
  layout: KvLayout,
  key: string,
  expected: Uint8Array | undefined,
  next: { value: Uint8Array; meta: StoreRecordMeta } | undefined,
): Promise<boolean> {
  const prepared = next ? await prepareValue(kv, layout, key, next.value, next.meta) : null;
  try {
    for (let attempt = 0; attempt < MAX_INDEX_ATTEMPTS; attempt++) {
      const index = await kv.get<RecordIndex>(layout.index(key));
      const current = index.value ? await readChunks(kv, layout, key, index.value) : undefined;
      if (index.value && current === undefined) continue; // replaced while its chunks were read
      if (!sameBytes(current, expected)) {
        if (prepared?.prewritten) await abandonWrite(kv, layout, key, prepared.writeId, prepared.writing).catch(() => undefined);
        return false;
      }
      const change = retire(layout, key, index.value, prepared ? prepared.commit : [deleteMutation(layout.index(key))]);
      const operation = () => applyMutations(kv.atomic().check({ key: layout.index(key), versionstamp: index.versionstamp }), change.mutations);
      if (await commitOrBusy(operation)) {
        await deleteReplaced(kv, layout, change.replaced);
        return true;
      }
    }
  } catch (error) {
    if (prepared?.prewritten) await abandonWrite(kv, layout, key, prepared.writeId, prepared.writing).catch(() => undefined);
    throw error;
  }
  throw storeFailed(`"${key}" kept changing under concurrent writers; gave up after ${MAX_INDEX_ATTEMPTS} attempts`);
}

export async function deleteRecord(kv: DenoKvLike, layout: KvLayout, key: string): Promise<void> {
  const replaced = await changeIndex(kv, layout, key, (current) => (current ? retire(layout, key, current, [deleteMutation(layout.index(key))]) : null));
  await deleteReplaced(kv, layout, replaced);
}

/** The record's bytes, or undefined when its chunks are gone (it was replaced meanwhile). */
async function readChunks(kv: DenoKvLike, layout: KvLayout, key: string, index: RecordIndex): Promise<Uint8Array | undefined> {
  const out = new Uint8Array(index.byteLength);
  if (!index.chunkCount) return index.byteLength === 0 ? out : undefined;
  let offset = 0;
  let count = 0;
  const batchSize = Math.min(index.chunkCount, KV_MAX_LIST_BATCH);
  for await (const entry of kv.list<unknown>({ prefix: layout.chunks(key, index.writeId) }, { batchSize })) {
    const bytes = entry.value;
    if (entry.key[entry.key.length - 1] !== count || !(bytes instanceof Uint8Array) || offset + bytes.length > out.length) return undefined;
    out.set(bytes, offset);
    offset += bytes.length;
    count++;
  }
  return count === index.chunkCount && offset === index.byteLength ? out : undefined;
}

export async function readRecord(kv: DenoKvLike, layout: KvLayout, key: string): Promise<Uint8Array | undefined> {
  for (let attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
    const index = await kv.get<RecordIndex>(layout.index(key));
    if (!index.value) return undefined;
    const bytes = await readChunks(kv, layout, key, index.value);
    if (bytes) return bytes;
    const again = await kv.get<RecordIndex>(layout.index(key));
    if (again.versionstamp === index.versionstamp) throw storeFailed(`"${key}" names chunks that are missing or damaged`);
  }
  throw storeFailed(`"${key}" kept changing while it was read; gave up after ${MAX_READ_ATTEMPTS} attempts`);
}

export async function listRecords(kv: DenoKvLike, layout: KvLayout, prefix: string): Promise<StoreRecord[]> {
  const selector = prefix ? { prefix: layout.indexes(), start: layout.index(prefix) } : { prefix: layout.indexes() };
  const records: StoreRecord[] = [];
  for await (const entry of kv.list<RecordIndex>(selector, { batchSize: LIST_BATCH })) {
    const key = layout.storeKeyOf(entry.key);
    // Keys are ordered by their UTF-8 bytes: those starting with `prefix` are contiguous.
    if (!key.startsWith(prefix)) break;
    records.push({ key, ...cleanMeta(entry.value.meta) });
  }
  return records;
}
