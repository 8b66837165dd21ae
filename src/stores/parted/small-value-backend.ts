/**
 * "Parted records over a small-value store with compare-and-swap": what a backend gives
 * partedStore() (parted-store.ts) so that records of any size live in a store whose values are
 * small (Workers KV, Durable Object storage, Deno KV, Redis). A backend only maps the slots below
 * to its own keys and applies writes; the order of writes, the comparison and the sweeping of
 * abandoned parts are the layer's, written once.
 *
 * A record is an index (metadata, length, and the generation its parts were written under) plus
 * its parts, each at most maxPartBytes. Every write of a record gets a fresh generation, so a new
 * value never overwrites the parts the current index names: the parts are written first, then the
 * index is switched in one (conditional) write, then the old generation's parts are deleted.
 * Parts that are written in writes of their own first get a "loose" marker, and so do a replaced
 * record's parts that are not deleted in the switch itself: prune() finds abandoned parts through
 * the markers alone, never by listing parts.
 */
import type { StoreRecordMeta } from "../../types.js";

export interface PartedIndex {
  meta: StoreRecordMeta;
  /** Names the write that made this index and its parts (newGeneration()). */
  generation: string;
  byteLength: number;
  /** Parts under `generation`; 0 when the value is inline (or empty). */
  partCount: number;
  /** The whole value, for backends that keep small values in the index (maxInlineBytes). */
  inline?: Uint8Array;
}

/** Part `n` of the write `generation` of the record `key`. */
export interface PartSlot {
  key: string;
  generation: string;
  n: number;
}

/**
 * Parts no index names: those of a write still in progress (or one that died: "writing"), or
 * those of a record that was overwritten or deleted and are not deleted yet ("replaced").
 */
export interface LooseWrite {
  key: string;
  partCount: number;
  state: "writing" | "replaced";
  sinceMs: number;
}

/**
 * One write. An atomic backend applies it all or nothing; one that is not (Workers KV) applies it
 * in this order: loose markers, parts, the index, then the deletes.
 */
export interface PartedWrite {
  loose: { generation: string; loose: LooseWrite }[];
  parts: { slot: PartSlot; bytes: Uint8Array }[];
  /** Sets the record's index, or deletes it (null). */
  index?: { key: string; index: PartedIndex | null };
  deleteParts: PartSlot[];
  deleteLoose: string[];
}

/** Apply the write only if the index of `key` still has `version` (null: still absent). */
export interface IndexCheck<Version> {
  key: string;
  version: Version | null;
}

export interface SmallValueBackend<Version = unknown> {
  /** Largest part, in bytes. */
  readonly maxPartBytes: number;
  /** Values up to this many bytes are kept in the index itself (0: never). */
  readonly maxInlineBytes: number;
  /** Whether write() is all-or-nothing and honours its check: only then does the store have compareAndSet. */
  readonly atomic: boolean;
  /** Whether `write` can be applied as one write (for atomic backends: one atomic write). */
  fits(write: PartedWrite): boolean;
  /** The record's index and the version a checked write compares; undefined when absent. */
  readIndex(key: string): Promise<{ index: PartedIndex; version: Version } | undefined>;
  /** The parts an index names, in order; undefined when one is missing. */
  readParts(key: string, index: PartedIndex): Promise<Uint8Array[] | undefined>;
  /** Applies `write`; with a check, resolves false (and writes nothing) when the index moved. */
  write(write: PartedWrite, check?: IndexCheck<Version>): Promise<boolean>;
  /** The indexes of records whose key starts with `keyPrefix` (inline values may be left out). */
  listIndexes(keyPrefix: string): AsyncIterable<{ key: string; index: PartedIndex }>;
  listLoose(): AsyncIterable<{ generation: string; loose: LooseWrite }>;
}

export function emptyWrite(): PartedWrite {
  return { loose: [], parts: [], deleteParts: [], deleteLoose: [] };
}

export function partSlots(key: string, generation: string, partCount: number): PartSlot[] {
  return Array.from({ length: partCount }, (_, n) => ({ key, generation, n }));
}

/**
 * Names one write of one record: when it started (ms, base 36) and 16 random hex digits, so it is
 * never reused and tells how old a write is.
 */
export function newGeneration(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${Date.now().toString(36)}-${random}`;
}

/** Only the fields StoreRecordMeta defines, without undefined ones. */
export function cleanMeta(meta: StoreRecordMeta): StoreRecordMeta {
  const clean: StoreRecordMeta = { sizeBytes: meta.sizeBytes, createdAt: meta.createdAt };
  if (meta.threadId !== undefined) clean.threadId = meta.threadId;
  if (meta.kind !== undefined) clean.kind = meta.kind;
  return clean;
}
