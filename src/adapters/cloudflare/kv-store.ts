/**
 * kvStore(namespace): a SnapshotStore in Workers KV (`env.MY_KV`).
 *
 *   <prefix>r:<key>               the record: its value (or nothing, when in parts) + metadata
 *                                 { sizeBytes, createdAt, threadId?, kind?, valueBytes, parts, generation }
 *   <prefix>p:<generation>:<n>    part n, for values above maxPartBytes (KV allows 25 MiB per value)
 *
 * `list` reads only keys and metadata. A value in parts is written parts first, record last, and
 * the old generation's parts are deleted after (best effort), so a cut write leaves the previous
 * record whole; prune() removes parts no record names once their write is older than
 * abandonedWriteAgeMs.
 *
 * KV is eventually consistent: another location can see a new head before the snapshot it names
 * (the restore then fails as "truncated" until KV catches up, up to ~60 s), and one key takes about
 * one write per second. Use durableObjectStore for threads that are evaluated or resumed often.
 */
import { pruneSnapshots, type PruneOptions, type PrunableSnapshotStore, type StoreRecord, type StoreRecordMeta } from "../../index.js";
import type { KvNamespaceLike } from "./bindings.js";
import { abandonedPartKeys, abandonedWriteAgeOption, cleanMeta, incomplete, joinParts, newGeneration, partBytesOption, splitValue } from "./value-parts.js";

export interface KvStoreOptions {
  /** Prefix of every key this store writes, so several stores can share a namespace. Default "quickbox:". */
  keyPrefix?: string;
  /** Largest value written in one piece. Default 24 MiB (KV allows 25 MiB). */
  maxPartBytes?: number;
  /** prune() also removes parts no record names (a write that died, old parts not deleted) once their write started this long ago. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

export const DEFAULT_KV_PART_BYTES = 24 * 2 ** 20;
const MAX_KV_PART_BYTES = 25 * 2 ** 20;

interface KvRecordMetadata extends StoreRecordMeta {
  valueBytes: number;
  parts: number;
  generation?: string;
}

function isRecordMetadata(value: unknown): value is KvRecordMetadata {
  if (typeof value !== "object" || value === null) return false;
  const metadata = value as Partial<KvRecordMetadata>;
  return typeof metadata.sizeBytes === "number" && typeof metadata.createdAt === "number" && typeof metadata.valueBytes === "number" && typeof metadata.parts === "number";
}

export function kvStore(namespace: KvNamespaceLike, options: KvStoreOptions = {}): PrunableSnapshotStore {
  const prefix = options.keyPrefix ?? "quickbox:";
  const maxPartBytes = partBytesOption(options.maxPartBytes, DEFAULT_KV_PART_BYTES, MAX_KV_PART_BYTES, "maxPartBytes");
  const abandonedWriteAgeMs = abandonedWriteAgeOption(options.abandonedWriteAgeMs);
  const recordKey = (key: string) => `${prefix}r:${key}`;
  const partKeys = (metadata: KvRecordMetadata) =>
    metadata.generation === undefined || metadata.parts < 2 ? [] : Array.from({ length: metadata.parts }, (_, n) => `${prefix}p:${metadata.generation}:${n}`);

  async function read(key: string): Promise<{ value: ArrayBuffer; metadata: KvRecordMetadata } | undefined> {
    const { value, metadata } = await namespace.getWithMetadata<unknown>(recordKey(key), "arrayBuffer");
    if (value === null) return undefined;
    if (!isRecordMetadata(metadata)) throw incomplete(`${key}: its metadata is missing`);
    return { value, metadata };
  }

  /** Best effort: once no record names them, parts are never read again, only left over. */
  async function deleteParts(metadata: KvRecordMetadata): Promise<void> {
    await Promise.all(partKeys(metadata).map((partKey) => namespace.delete(partKey))).catch(() => {});
  }

  /** Every key (with its metadata) under `listPrefix`, page by page; KV lists no values. */
  async function* keysUnder(listPrefix: string): AsyncGenerator<{ name: string; metadata?: unknown }> {
    for (let cursor: string | undefined; ; ) {
      const page = await namespace.list<unknown>({ prefix: listPrefix, ...(cursor === undefined ? {} : { cursor }) });
      yield* page.keys;
      if (page.list_complete || !page.cursor) return;
      cursor = page.cursor;
    }
  }

  async function sweepAbandonedParts(): Promise<void> {
    const live = new Set<string>();
    for await (const { metadata } of keysUnder(recordKey(""))) {
      if (isRecordMetadata(metadata) && metadata.generation !== undefined) live.add(metadata.generation);
    }
    const partPrefix = `${prefix}p:`;
    const partKeyList: string[] = [];
    for await (const { name } of keysUnder(partPrefix)) partKeyList.push(name);
    await Promise.all(abandonedPartKeys(partKeyList, partPrefix, live, abandonedWriteAgeMs).map((key) => namespace.delete(key)));
  }

  const store: PrunableSnapshotStore = {
    async get(key) {
      const record = await read(key);
      if (!record) return undefined;
      const keys = partKeys(record.metadata);
      if (!keys.length) return joinParts([new Uint8Array(record.value)], record.metadata.valueBytes);
      const parts = await Promise.all(
        keys.map(async (partKey) => {
          const part = await namespace.get(partKey, "arrayBuffer");
          if (part === null) throw incomplete(`${key}: part ${partKey} is missing (KV may not have caught up yet)`);
          return new Uint8Array(part);
        }),
      );
      return joinParts(parts, record.metadata.valueBytes);
    },

    async put(key, value, meta) {
      const previous = await read(key);
      const parts = splitValue(value, maxPartBytes);
      const metadata: KvRecordMetadata = { ...cleanMeta(meta), valueBytes: value.length, parts: parts.length };
      if (parts.length === 1) {
        await namespace.put(recordKey(key), parts[0]!, { metadata });
      } else {
        metadata.generation = newGeneration();
        const keys = partKeys(metadata);
        await Promise.all(keys.map((partKey, n) => namespace.put(partKey, parts[n]!)));
        await namespace.put(recordKey(key), new Uint8Array(0), { metadata });
      }
      if (previous) await deleteParts(previous.metadata);
    },

    async delete(key) {
      const record = await read(key);
      if (!record) return;
      await namespace.delete(recordKey(key));
      await deleteParts(record.metadata);
    },

    async list(keyPrefix = "") {
      const records: StoreRecord[] = [];
      const start = recordKey("").length;
      for await (const { name, metadata } of keysUnder(recordKey(keyPrefix))) {
        if (isRecordMetadata(metadata)) records.push({ key: name.slice(start), ...cleanMeta(metadata) });
      }
      return records;
    },

    async prune(pruneOptions?: PruneOptions) {
      const pruned = await pruneSnapshots(store, pruneOptions);
      await sweepAbandonedParts();
      return pruned;
    },
  };
  return store;
}
