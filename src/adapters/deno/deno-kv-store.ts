/**
 * denoKvStore(kv): a SnapshotStore on Deno KV (`await Deno.openKv()`, run with `--unstable-kv`),
 * on the parted-record layer (src/stores/parted/). Records of any size: values are cut into
 * 64 KiB chunks and written in commits of at most 800 KiB, and a record's index entry is
 * committed last (see kv-layout.ts), so a put that fails or is cut short leaves the previous value
 * readable. compareAndSet checks the index's versionstamp in the commit that replaces it (atomic
 * across processes sharing the KV).
 */
import { QuickboxError, type AtomicSnapshotStore } from "../../index.js";
import { partedStore } from "../../adapter-support.js";
import type { DenoKvKey, DenoKvLike } from "./deno-kv.js";
import { denoKvBackend } from "./kv-backend.js";
import { KvLayout } from "./kv-layout.js";

export interface DenoKvStoreOptions {
  /** Key prefix of everything the store writes, so several stores can share one KV. Default ["quickbox"]. */
  prefix?: DenoKvKey;
  /** prune() also removes the chunks of puts that started longer ago than this and never finished. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

function isKv(value: unknown): value is DenoKvLike {
  if (typeof value !== "object" || value === null) return false;
  const kv = value as Record<string, unknown>;
  return typeof kv.get === "function" && typeof kv.list === "function" && typeof kv.atomic === "function";
}

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", `denoKvStore: ${message}`);
}

export function denoKvStore(kv: DenoKvLike, options: DenoKvStoreOptions = {}): AtomicSnapshotStore {
  if (!isKv(kv)) invalid("kv must be a Deno.Kv (from `await Deno.openKv()`, with --unstable-kv)");
  const prefix = options.prefix ?? ["quickbox"];
  if (!Array.isArray(prefix)) invalid("prefix must be an array of Deno KV key parts");
  return partedStore(denoKvBackend(kv, new KvLayout([...prefix])), { storeName: "denoKvStore", abandonedWriteAgeMs: options.abandonedWriteAgeMs });
}
