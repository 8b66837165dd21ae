/**
 * Where denoKvStore keeps a record in Deno KV. A record's bytes are cut into 64 KiB chunks under a
 * write id no reader knows yet; its index entry, written last, names that write id. So a reader
 * only ever follows an index to chunks that were complete before the index was committed.
 *
 *   [...root, "index", key]                  RecordIndex: metadata, write id, chunk count, length
 *   [...root, "chunk", key, writeId, n]      Uint8Array, chunk n (at most 64 KiB)
 *   [...root, "loose", writeId]              StoredLooseWrite: chunks no index names (yet, or any more)
 */
import type { StoreRecordMeta } from "../../index.js";
import type { DenoKvKey } from "./deno-kv.js";

export interface RecordIndex {
  meta: StoreRecordMeta;
  writeId: string;
  chunkCount: number;
  byteLength: number;
}

/**
 * A loose write as stored (the layer's LooseWrite, with the field name earlier versions wrote):
 * chunks written in several commits are "writing" until their index commits; chunks an index no
 * longer names are "replaced" until they are deleted. prune() removes replaced ones, and writing
 * ones older than `abandonedWriteAgeMs` (a put that was cut short).
 */
export interface StoredLooseWrite {
  key: string;
  chunkCount: number;
  state: "writing" | "replaced";
  sinceMs: number;
}

export class KvLayout {
  constructor(readonly root: DenoKvKey) {}

  index(key: string): DenoKvKey {
    return [...this.root, "index", key];
  }

  indexes(): DenoKvKey {
    return [...this.root, "index"];
  }

  chunks(key: string, writeId: string): DenoKvKey {
    return [...this.root, "chunk", key, writeId];
  }

  chunk(key: string, writeId: string, n: number): DenoKvKey {
    return [...this.root, "chunk", key, writeId, n];
  }

  loose(writeId: string): DenoKvKey {
    return [...this.root, "loose", writeId];
  }

  looseWrites(): DenoKvKey {
    return [...this.root, "loose"];
  }

  /** The store key of an index entry's KV key. */
  storeKeyOf(indexKey: DenoKvKey): string {
    return String(indexKey[this.root.length + 1]);
  }
}

const utf8 = new TextEncoder();

/** An upper bound of a key's encoded size (Deno KV counts keys towards a commit's 800 KiB). */
export function keyBytes(key: DenoKvKey): number {
  let total = 0;
  for (const part of key) {
    if (typeof part === "string") total += utf8.encode(part).length * 2 + 2;
    else if (part instanceof Uint8Array) total += part.length * 2 + 2;
    else total += 24;
  }
  return total;
}
