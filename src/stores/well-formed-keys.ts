/**
 * Stores that keep keys as UTF-8 bytes (Redis, PostgreSQL) would merge two keys that differ only
 * in a lone surrogate (both encode as U+FFFD): such keys are refused instead (STORE_FAILED).
 */
import { QuickboxError } from "../errors.js";
import type { SnapshotStore } from "../types.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

export function checkWellFormedKey(storeName: string, key: string): void {
  if (!isWellFormed(key)) throw new QuickboxError("STORE_FAILED", `${storeName}: key ${JSON.stringify(key.slice(0, 80))} is not well-formed Unicode (it has a lone surrogate), which a UTF-8 key cannot hold`);
}

/** `store` with every key checked before it reaches the backend. */
export function withWellFormedKeys<T extends SnapshotStore>(store: T, storeName: string): T {
  const check = (key: string) => checkWellFormedKey(storeName, key);
  const checked: SnapshotStore = {
    ...store,
    get: async (key) => (check(key), store.get(key)),
    put: async (key, value, meta) => (check(key), store.put(key, value, meta)),
    delete: async (key) => (check(key), store.delete(key)),
    list: async (prefix) => (prefix === undefined || isWellFormed(prefix) ? store.list(prefix) : []),
  };
  if (store.compareAndSet) checked.compareAndSet = async (key, expected, next) => (check(key), store.compareAndSet!(key, expected, next));
  if (store.prune) checked.prune = (options) => store.prune!(options);
  return checked as T;
}
