/**
 * Starting an engine worker on each runtime: a module Web Worker in browsers and Deno, a
 * worker_thread in Node and Bun (runtime/node-host.ts, with a stack big enough that QuickJS's own
 * stack limit trips first).
 */
import type * as Comlink from "comlink";
import { detectRuntime } from "../runtime/detect.js";
import { spawnNodeWorker } from "../runtime/node-host.js";
import { createModuleWorker } from "./worker-url.js";

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
export function workerStackLimitBytes(requested: number): number {
  return detectRuntime() === "node" ? requested : Math.min(requested, WEB_WORKER_MAX_STACK_BYTES);
}

export async function spawnWorker(options: { maxStackSizeBytes: number }): Promise<SpawnedWorker> {
  if (detectRuntime() === "node") return spawnNodeWorker(options);
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
