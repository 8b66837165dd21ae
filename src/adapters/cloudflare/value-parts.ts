/**
 * Splitting a store value into parts that fit a backend's value limit, and joining them back.
 * Each record's parts carry a fresh generation id, so a new value never overwrites the parts the
 * current index points at: the index is switched in one write, then the old parts are deleted.
 */
import { QuickboxError, type StoreRecordMeta } from "../../index.js";

/** Each part is its own copy: a view over a larger buffer would be stored with the whole buffer. */
export function splitValue(value: Uint8Array, maxPartBytes: number): Uint8Array[] {
  if (value.length === 0) return [new Uint8Array(0)];
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < value.length; offset += maxPartBytes) parts.push(value.slice(offset, offset + maxPartBytes));
  return parts;
}

export function joinParts(parts: readonly Uint8Array[], sizeBytes: number): Uint8Array {
  const joined = new Uint8Array(sizeBytes);
  let offset = 0;
  for (const part of parts) {
    if (offset + part.length > sizeBytes) throw incomplete("its parts are longer than recorded");
    joined.set(part, offset);
    offset += part.length;
  }
  if (offset !== sizeBytes) throw incomplete("its parts are shorter than recorded");
  return joined;
}

/**
 * Names one write of one record's parts: when it started (ms, base 36) and 16 random hex digits.
 * The time lets prune() tell parts of a write still in progress from those of a write that died.
 */
export function newGeneration(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${Date.now().toString(36)}-${random}`;
}

/** When the write named by `generation` started, or null for a name without a time. */
export function generationStartedAt(generation: string): number | null {
  const match = /^([0-9a-z]+)-[0-9a-f]{16}$/.exec(generation);
  return match ? parseInt(match[1]!, 36) : null;
}

/** prune() removes parts that no record names once their write started this long ago. */
export const DEFAULT_ABANDONED_WRITE_AGE_MS = 60 * 60 * 1000;

export function abandonedWriteAgeOption(value: number | undefined): number {
  if (value === undefined) return DEFAULT_ABANDONED_WRITE_AGE_MS;
  if (typeof value !== "number" || !(value >= 0)) throw new QuickboxError("INVALID_OPTIONS", "abandonedWriteAgeMs must be a number ≥ 0");
  return value;
}

/**
 * Part keys (`<partPrefix><generation>:<n>`) left by writes that died before their record was
 * written, or whose old parts were not deleted: no live generation, started long enough ago.
 */
export function abandonedPartKeys(partKeys: Iterable<string>, partPrefix: string, liveGenerations: ReadonlySet<string>, abandonedWriteAgeMs: number): string[] {
  const startedBefore = Date.now() - abandonedWriteAgeMs;
  const abandoned: string[] = [];
  for (const key of partKeys) {
    const generation = key.slice(partPrefix.length).split(":")[0]!;
    if (liveGenerations.has(generation)) continue;
    const startedAt = generationStartedAt(generation);
    if (startedAt !== null && startedAt <= startedBefore) abandoned.push(key);
  }
  return abandoned;
}

export function incomplete(why: string): QuickboxError {
  return new QuickboxError("STORE_FAILED", `a stored record is incomplete: ${why}`);
}

/** The metadata a store keeps with a record, without undefined fields. */
export function cleanMeta(meta: StoreRecordMeta): StoreRecordMeta {
  const clean: StoreRecordMeta = { sizeBytes: meta.sizeBytes, createdAt: meta.createdAt };
  if (meta.threadId !== undefined) clean.threadId = meta.threadId;
  if (meta.kind !== undefined) clean.kind = meta.kind;
  return clean;
}

/** Checks a number option: a positive integer at most `max`. */
export function partBytesOption(value: number | undefined, fallback: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new QuickboxError("INVALID_OPTIONS", `${name} must be an integer between 1 and ${max}`);
  return value;
}

/** Runs `work` on consecutive slices of at most `size` items. */
export async function inBatches<T>(items: readonly T[], size: number, work: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await work(items.slice(start, start + size));
}
