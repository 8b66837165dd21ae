/**
 * Starting an engine worker the way the runtime does (HostRuntime.workers, decided in
 * runtime/host-runtime.ts): a module Web Worker in browsers and Deno, a worker_thread in Node and
 * Bun (runtime/node-host.ts, with a stack big enough that QuickJS's own stack limit trips first).
 */
import type * as Comlink from "comlink";
import { QuickboxError } from "../errors.js";
import type { HostRuntime } from "../runtime/host-runtime.js";
import { spawnNodeWorker } from "../runtime/node-host.js";
import { createModuleWorker } from "../runtime/web-assets.js";

export interface SpawnedWorker {
  /** The worker script's URL (as far as it is known), for error messages. */
  url: string;
  endpoint: Comlink.Endpoint;
  /**
   * Node: lets the process exit while the worker idles. Called once the endpoint has its message
   * listener (adding one refs a Node worker's port again). Work in flight is kept alive by the pool.
   */
  unref(): void;
  terminate(): void;
  /** Called if the worker dies on its own (uncaught error, out of memory). */
  onExit(listener: (reason: string) => void): void;
}

/**
 * Browser and Deno workers have a smaller native stack than their main thread, and no knob to
 * enlarge it. Measured in Chromium 156: with QuickJS's limit at 128 KiB, deep recursion ends as a
 * clean StackOverflow (at 192 KiB the native stack overflows first); deeply nested JSON.parse
 * input still overflows it above 64 KiB (the thread then restarts).
 */
export const WEB_WORKER_MAX_STACK_BYTES = 128 * 1024;

/** The QuickJS stack limit a worker on this runtime can honour. */
export function workerStackLimitBytes(runtime: HostRuntime, requested: number): number {
  return runtime.workers === "worker-thread" ? requested : Math.min(requested, WEB_WORKER_MAX_STACK_BYTES);
}

export async function spawnWorker(runtime: HostRuntime, options: { maxStackSizeBytes: number }): Promise<SpawnedWorker> {
  if (runtime.workers === "worker-thread") return spawnNodeWorker(options);
  if (runtime.workers === "none") {
    throw new QuickboxError("WORKER_FAILED", `this runtime (${runtime.kind}) cannot start workers: use isolation "inline"`);
  }
  const { worker, url } = createModuleWorker();
  // Listen at once: an error before anyone subscribed (the script cannot load) must not be lost,
  // and an unhandled worker error ends the whole process in Deno.
  const listeners: ((reason: string) => void)[] = [];
  let failure: string | null = null;
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    failure ??= `worker error: ${(event as ErrorEvent).message ?? "unknown"}`;
    for (const listener of listeners) listener(failure);
  });
  return {
    url,
    endpoint: worker,
    unref: () => {},
    terminate: () => worker.terminate(),
    onExit: (listener) => {
      listeners.push(listener);
      if (failure !== null) listener(failure);
    },
  };
}
