/**
 * The one place that decides which runtime this is and what follows from it: how engine workers
 * start, where the QuickJS .wasm comes from without `wasmModule`, the default isolation and the
 * engine's capabilities. Nothing else asks; the rest is handed a HostRuntime (resolveOptions →
 * the interpreter → the transport; the worker entry decides once for its own side).
 *
 * Two inputs: what the global scope shows (read here only), and whether this bundle has Node's
 * built-ins: package.json "imports" gives `#node-host` (./node-host.ts) to the `node`, `deno` and
 * `bun` conditions and a module without them to every other, so a browser or workerd bundle has
 * none even when it runs somewhere that would. Where the worker script and the .wasm are is said
 * by ./web-assets.ts (bundler-resolved URLs) and ./node-assets.ts (files on disk).
 */
import type { InstancePoolOptions } from "../engine/instance-pool.js";
import type { Isolation } from "../types.js";
import { NODE_BUILTINS } from "./node-host.js";

export type RuntimeKind = "node" | "deno" | "workerd" | "browser" | "other";

export interface HostRuntime {
  readonly kind: RuntimeKind;
  /** How an engine worker starts: a worker_thread (Node, Bun), a module Web Worker (browsers, Deno), or not at all. */
  readonly workers: "worker-thread" | "web-worker" | "none";
  readonly defaultIsolation: Isolation;
  /** Where the release .wasm comes from when `wasmModule` is not passed: the package's file, the URL the bundler gave it, or nowhere. */
  readonly wasm: "package-file" | "url" | "passed-only";
  /**
   * workerd: one isolate of 128 MB holds everything (JS heap and every wasm memory), and the
   * timers a request started are cancelled when it ends.
   */
  readonly requestScopedIsolate: boolean;
}

/** What the engine may rely on in this runtime (the engine itself never asks). */
export interface EngineCapabilities {
  instancePool: InstancePoolOptions;
}

function kindOf(scope: Record<string, unknown>): RuntimeKind {
  const navigator = scope.navigator as { userAgent?: string } | undefined;
  if (navigator?.userAgent === "Cloudflare-Workers") return "workerd";
  if (typeof scope.Deno === "object") return "deno";
  const process = scope.process as { versions?: { node?: string } } | undefined;
  // Bun has process.versions.node too: it is "node" here (worker_threads, files).
  if (process?.versions?.node && typeof scope.window === "undefined" && typeof scope.WorkerGlobalScope === "undefined") return "node";
  if (typeof scope.window === "object" || typeof scope.WorkerGlobalScope === "function") return "browser";
  return "other";
}

/** The decision, from a global scope and whether Node's built-ins are bundled (exported for tests). */
export function runtimeFrom(scope: Record<string, unknown>, nodeBuiltins: boolean): HostRuntime {
  const kind = kindOf(scope);
  const webWorkers = typeof scope.Worker === "function" ? "web-worker" : "none";
  const base = { kind, requestScopedIsolate: kind === "workerd" };
  switch (kind) {
    case "node":
      // A bundle made without the node condition has no worker_threads and no file reading.
      return nodeBuiltins
        ? { ...base, workers: "worker-thread", defaultIsolation: "worker", wasm: "package-file" }
        : { ...base, workers: webWorkers, defaultIsolation: webWorkers === "none" ? "inline" : "worker", wasm: "passed-only" };
    case "deno":
      return { ...base, workers: "web-worker", defaultIsolation: "worker", wasm: nodeBuiltins ? "package-file" : "url" };
    case "browser":
      return { ...base, workers: "web-worker", defaultIsolation: "worker", wasm: "url" };
    case "workerd":
      // workerd cannot compile WebAssembly from bytes: the imported module must be passed.
      return { ...base, workers: "none", defaultIsolation: "inline", wasm: "passed-only" };
    case "other":
      return { ...base, workers: webWorkers, defaultIsolation: "inline", wasm: "url" };
  }
}

let current: HostRuntime | undefined;

/** This process's runtime, decided once. */
export function hostRuntime(): HostRuntime {
  current ??= runtimeFrom(globalThis as unknown as Record<string, unknown>, NODE_BUILTINS);
  return current;
}

export function engineCapabilities(runtime: HostRuntime): EngineCapabilities {
  // A spare instance prepared in the background for the next request would never finish booting
  // where the request's end cancels its timers, and would cost memory the isolate does not have.
  return { instancePool: { keepSpare: !runtime.requestScopedIsolate } };
}
