/**
 * SnapshotStore calls as JSON, so a store living in workerd can be driven from Node: the harness
 * worker runs them (runStoreCall), Node's remoteStore sends them. Bytes travel as base64.
 */
import type { PruneOptions, SnapshotStore, StoreRecordMeta } from "quickbox";

export interface StoreCallOptions {
  maxPartBytes?: number;
  abandonedWriteAgeMs?: number;
  /** Fault injection: the binding's write calls after this many fail, as if the isolate died mid-put. */
  writesBeforeFailure?: number;
}

/**
 * Wraps a binding so that its write methods fail after `allowed` calls (see writesBeforeFailure).
 * Writes inside a `transaction(closure)` count too: the closure gets its transaction wrapped the
 * same way, on the same count (a failing write there rolls the transaction back).
 */
export function failingWrites<T extends object>(binding: T, writeMethods: readonly PropertyKey[], allowed: number | undefined): T {
  if (allowed === undefined) return binding;
  const count = { writes: 0 };
  const wrap = <B extends object>(target: B): B =>
    new Proxy(target, {
      get(inner, property) {
        const value: unknown = Reflect.get(inner, property);
        if (typeof value !== "function") return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === "transaction") return (closure: (txn: object) => unknown) => method.call(inner, (txn: object) => closure(wrap(txn)));
        if (!writeMethods.includes(property)) return method.bind(inner);
        return (...args: unknown[]) => {
          if (count.writes++ >= allowed) return Promise.reject(new Error("injected failure: the write was cut short"));
          return method.apply(inner, args);
        };
      },
    });
  return wrap(binding);
}

export type StoreCall = { options?: StoreCallOptions } & (
  | { method: "get"; key: string }
  | { method: "put"; key: string; value: string; meta: StoreRecordMeta }
  | { method: "delete"; key: string }
  | { method: "list"; prefix?: string }
  | { method: "prune"; prune?: PruneOptions }
  | { method: "compareAndSet"; key: string; expected: string | null; next: { value: string; meta: StoreRecordMeta } | null }
  /** Whether the store has compareAndSet (kvStore has not). */
  | { method: "hasCompareAndSet" }
  /** Every key the store's binding holds under the store's prefix (run by the harness, not the store). */
  | { method: "rawKeys" }
);

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Runs one call on a store; the result is JSON (bytes as base64, a missing value as null). */
export async function runStoreCall(store: SnapshotStore, call: StoreCall): Promise<unknown> {
  switch (call.method) {
    case "get": {
      const value = await store.get(call.key);
      return value === undefined ? null : toBase64(value);
    }
    case "put":
      return store.put(call.key, fromBase64(call.value), call.meta).then(() => null);
    case "delete":
      return store.delete(call.key).then(() => null);
    case "list":
      return store.list(call.prefix);
    case "prune":
      return store.prune!(call.prune);
    case "compareAndSet":
      return store.compareAndSet!(call.key, call.expected === null ? undefined : fromBase64(call.expected), call.next ? { value: fromBase64(call.next.value), meta: call.next.meta } : undefined);
    case "hasCompareAndSet":
      return typeof store.compareAndSet === "function";
    case "rawKeys":
      throw new Error("rawKeys is answered by the harness, which holds the binding");
  }
}

/**
 * A SnapshotStore whose every call is sent to `send` (e.g. a POST to the harness worker). It has
 * compareAndSet when `atomic` (the remote store has it; see hasCompareAndSet).
 */
export function remoteStore(send: (call: StoreCall) => Promise<unknown>, options: StoreCallOptions = {}, atomic = true): SnapshotStore {
  const compareAndSet: SnapshotStore["compareAndSet"] = async (key, expected, next) =>
    (await send({
      method: "compareAndSet",
      key,
      expected: expected === undefined ? null : toBase64(expected),
      next: next ? { value: toBase64(next.value), meta: next.meta } : null,
      options,
    })) as boolean;
  return {
    ...(atomic ? { compareAndSet } : {}),
    get: async (key) => {
      const value = await send({ method: "get", key, options });
      return typeof value === "string" ? fromBase64(value) : undefined;
    },
    put: async (key, value, meta) => void (await send({ method: "put", key, value: toBase64(value), meta, options })),
    delete: async (key) => void (await send({ method: "delete", key, options })),
    list: async (prefix) => (await send({ method: "list", ...(prefix === undefined ? {} : { prefix }), options })) as Awaited<ReturnType<SnapshotStore["list"]>>,
    prune: async (prune) => (await send({ method: "prune", ...(prune === undefined ? {} : { prune }), options })) as { removed: string[] },
  };
}
