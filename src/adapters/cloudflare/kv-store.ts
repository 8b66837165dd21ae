/**
 * kvStore(namespace): a SnapshotStore in Workers KV (`env.MY_KV`), on the parted-record layer
 * (src/stores/parted/), whose writes Workers KV cannot make atomic: no compareAndSet.
 *
 *   <prefix>r:<key>               the record: its value (when it fits one part) + metadata
 *                                 { sizeBytes, createdAt, threadId?, kind?, valueBytes, parts, generation? }
 *   <prefix>p:<generation>:<n>    part n, for values above maxPartBytes (KV allows 25 MiB per value)
 *   <prefix>w:<generation>        a loose write (metadata { key, partCount, state, sinceMs }): parts no record names
 *
 * `list` reads only keys and metadata. A value in parts is written parts first (behind a loose
 * marker), record last, and the old generation's parts are deleted after, so a cut write leaves
 * the previous record whole; prune() removes what the markers name once no record does.
 *
 * KV is eventually consistent: another location can see a new head before the snapshot it names
 * (the restore then fails as "truncated" until KV catches up, up to ~60 s), and one key takes about
 * one write per second. Use durableObjectStore for threads that are evaluated or resumed often.
 */
import { type PrunableSnapshotStore, type StoreRecordMeta } from "../../index.js";
import { bytesOption, partedStore, type LooseWrite, type PartedIndex, type PartedWrite, type SmallValueBackend } from "../../adapter-support.js";
import type { KvNamespaceLike } from "./bindings.js";

export interface KvStoreOptions {
  /** Prefix of every key this store writes, so several stores can share a namespace. Default "quickbox:". */
  keyPrefix?: string;
  /** Largest value written in one piece. Default 24 MiB (KV allows 25 MiB). */
  maxPartBytes?: number;
  /** prune() also removes parts of writes that never finished once they started this long ago. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

export const DEFAULT_KV_PART_BYTES = 24 * 2 ** 20;
const MAX_KV_PART_BYTES = 25 * 2 ** 20;

/** The record's metadata as stored (the format earlier versions wrote too). */
interface KvRecordMetadata extends StoreRecordMeta {
  valueBytes: number;
  /** 1: the value is the record's own; more: in parts under `generation`. */
  parts: number;
  generation?: string;
}

function isRecordMetadata(value: unknown): value is KvRecordMetadata {
  if (typeof value !== "object" || value === null) return false;
  const metadata = value as Partial<KvRecordMetadata>;
  return typeof metadata.sizeBytes === "number" && typeof metadata.createdAt === "number" && typeof metadata.valueBytes === "number" && typeof metadata.parts === "number";
}

function toIndex(metadata: KvRecordMetadata, value?: ArrayBuffer): PartedIndex {
  const { valueBytes, parts, generation, ...meta } = metadata;
  const inParts = parts >= 2 && generation !== undefined;
  return { meta, generation: generation ?? "", byteLength: valueBytes, partCount: inParts ? parts : 0, ...(!inParts && value ? { inline: new Uint8Array(value) } : {}) };
}

export function kvStore(namespace: KvNamespaceLike, options: KvStoreOptions = {}): PrunableSnapshotStore {
  const prefix = options.keyPrefix ?? "quickbox:";
  const maxPartBytes = bytesOption(options.maxPartBytes, DEFAULT_KV_PART_BYTES, MAX_KV_PART_BYTES, "maxPartBytes");
  const recordKey = (key: string) => `${prefix}r:${key}`;
  const partKey = (generation: string, n: number) => `${prefix}p:${generation}:${n}`;
  const looseKey = (generation: string) => `${prefix}w:${generation}`;

  /** Every key (with its metadata) under `listPrefix`, page by page; KV lists no values. */
  async function* keysUnder(listPrefix: string): AsyncGenerator<{ name: string; metadata?: unknown }> {
    for (let cursor: string | undefined; ; ) {
      const page = await namespace.list<unknown>({ prefix: listPrefix, ...(cursor === undefined ? {} : { cursor }) });
      yield* page.keys;
      if (page.list_complete || !page.cursor) return;
      cursor = page.cursor;
    }
  }

  /** KV writes nothing atomically: each step of a write is its own, in the layer's order. */
  async function apply(write: PartedWrite): Promise<void> {
    await Promise.all(write.loose.map(({ generation, loose }) => namespace.put(looseKey(generation), "", { metadata: loose })));
    await Promise.all(write.parts.map(({ slot, bytes }) => namespace.put(partKey(slot.generation, slot.n), bytes)));
    const index = write.index?.index;
    if (index) {
      const metadata: KvRecordMetadata = { ...index.meta, valueBytes: index.byteLength, parts: index.inline ? 1 : index.partCount, generation: index.generation };
      await namespace.put(recordKey(write.index!.key), index.inline ?? new Uint8Array(0), { metadata });
    } else if (write.index) await namespace.delete(recordKey(write.index.key));
    await Promise.all(write.deleteParts.map((slot) => namespace.delete(partKey(slot.generation, slot.n))));
    await Promise.all(write.deleteLoose.map((generation) => namespace.delete(looseKey(generation))));
  }

  const backend: SmallValueBackend<null> = {
    maxPartBytes,
    maxInlineBytes: maxPartBytes,
    atomic: false,
    fits: (write) => write.loose.length + write.parts.length + (write.index ? 1 : 0) + write.deleteParts.length + write.deleteLoose.length <= 1,
    async readIndex(key) {
      const { value, metadata } = await namespace.getWithMetadata<unknown>(recordKey(key), "arrayBuffer");
      if (value === null || !isRecordMetadata(metadata)) return undefined;
      return { index: toIndex(metadata, value), version: null };
    },
    async readParts(_key, index) {
      const parts = await Promise.all(Array.from({ length: index.partCount }, (_, n) => namespace.get(partKey(index.generation, n), "arrayBuffer")));
      return parts.every((part): part is ArrayBuffer => part !== null) ? parts.map((part) => new Uint8Array(part)) : undefined;
    },
    write: (write) => apply(write).then(() => true),
    async *listIndexes(keyPrefix) {
      const start = recordKey("").length;
      for await (const { name, metadata } of keysUnder(recordKey(keyPrefix))) if (isRecordMetadata(metadata)) yield { key: name.slice(start), index: toIndex(metadata) };
    },
    async *listLoose() {
      const start = looseKey("").length;
      for await (const { name, metadata } of keysUnder(looseKey(""))) yield { generation: name.slice(start), loose: metadata as LooseWrite };
    },
  };
  return partedStore(backend, { storeName: "kvStore", abandonedWriteAgeMs: options.abandonedWriteAgeMs });
}
