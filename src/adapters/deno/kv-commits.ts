/** Mutations grouped into atomic commits that stay inside Deno KV's per-commit limits. */
import { KV_MAX_COMMIT_BYTES, KV_MAX_MUTATIONS, type DenoKvAtomicOperation, type DenoKvKey } from "./deno-kv.js";
import { keyBytes } from "./kv-layout.js";

export interface KvMutation {
  key: DenoKvKey;
  /** undefined: delete the key. */
  value?: unknown;
  /** Upper bound of what the mutation counts towards a commit's size. */
  sizeBytes: number;
}

function valueBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.length;
  return JSON.stringify(value).length * 2 + 64;
}

export function setMutation(key: DenoKvKey, value: unknown): KvMutation {
  return { key, value, sizeBytes: keyBytes(key) + valueBytes(value) };
}

export function deleteMutation(key: DenoKvKey): KvMutation {
  return { key, sizeBytes: keyBytes(key) };
}

export function totalBytes(mutations: readonly KvMutation[]): number {
  return mutations.reduce((sum, mutation) => sum + mutation.sizeBytes, 0);
}

/** Whether the mutations fit one commit next to `reserved` (other mutations of that commit). */
export function fitsOneCommit(mutations: readonly KvMutation[], reserved: readonly KvMutation[] = []): boolean {
  return mutations.length + reserved.length <= KV_MAX_MUTATIONS && totalBytes(mutations) + totalBytes(reserved) <= KV_MAX_COMMIT_BYTES;
}

export function applyMutations(operation: DenoKvAtomicOperation, mutations: readonly KvMutation[]): DenoKvAtomicOperation {
  for (const mutation of mutations) {
    if (mutation.value === undefined) operation.delete(mutation.key);
    else operation.set(mutation.key, mutation.value);
  }
  return operation;
}

/** Attempts at one commit that a busy database refuses ("database is locked"). */
export const MAX_BUSY_ATTEMPTS = 40;

/**
 * A commit refused because another process holds the database (Deno's local SQLite KV throws
 * "database is locked" for a checked commit while another process writes). Nothing was written.
 */
export function isBusy(error: unknown): boolean {
  return error instanceof Error && /database is locked|SQLITE_BUSY/i.test(error.message);
}

/** A short, growing, jittered pause before retrying a busy commit. */
export function busyPause(attempt: number): Promise<void> {
  const ms = Math.min(50, 1 + attempt * 2) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Commits `build()` (a fresh operation each attempt), retrying while the database is busy.
 * Resolves with the commit's `ok`.
 */
export async function commitRetryingBusy(build: () => DenoKvAtomicOperation): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await build().commit()).ok;
    } catch (error) {
      if (!isBusy(error) || attempt + 1 >= MAX_BUSY_ATTEMPTS) throw error;
      await busyPause(attempt);
    }
  }
}
