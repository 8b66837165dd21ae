/**
 * Starting an engine worker on each runtime: a module Web Worker in browsers and Deno, a
 * worker_thread in Node (with a stack big enough that QuickJS's own stack limit trips first).
 */
import * as Comlink from "comlink";
import { detectRuntime } from "../runtime/detect.js";
import { createModuleWorker, nodeWorkerUrl } from "./worker-url.js";

export interface SpawnedWorker {
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

/** Node worker stack: with QuickJS limited to maxStackSizeBytes, 4 MiB suffices (ENGINE-NOTES Q3). */
export function nodeStackSizeMb(maxStackSizeBytes: number): number {
  return Math.max(16, Math.ceil((maxStackSizeBytes * 16) / 2 ** 20));
}

/**
 * Node flags the engine worker keeps from the process's own (`process.execArgv`). Everything else
 * is left out: flags about how the main script is loaded or evaluated (`--input-type`, `--eval`,
 * `--import`, `--loader`, `--require`, `--experimental-*` loaders), inspectors (a second one
 * would fight over the port) and permission flags would break or change the worker, which runs
 * quickbox's own built script.
 */
const KEPT_WORKER_FLAGS = ["--enable-source-maps", "--no-warnings", "--trace-warnings", "--no-deprecation", "--trace-deprecation", "--stack-trace-limit", "--expose-gc", "--max-old-space-size", "--max-semi-space-size"];

export function workerExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => KEPT_WORKER_FLAGS.some((kept) => flag === kept || flag.startsWith(`${kept}=`)));
}

export async function spawnWorker(options: { maxStackSizeBytes: number }): Promise<SpawnedWorker> {
  if (detectRuntime() === "node") {
    const { Worker } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:worker_threads");
    const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
    const worker = new Worker(nodeWorkerUrl(), {
      resourceLimits: { stackSizeMb: nodeStackSizeMb(options.maxStackSizeBytes) },
      execArgv: workerExecArgv(process.execArgv),
    });
    worker.unref();
    return {
      endpoint: nodeEndpoint(worker as never),
      unref: () => worker.unref(),
      terminate: () => void worker.terminate(),
      onExit: (listener) => {
        worker.on("error", (error: Error) => listener(`worker error: ${error.message}`));
        worker.on("exit", (code: number) => listener(`worker exited with code ${code}`));
      },
    };
  }
  const worker = createModuleWorker();
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
    endpoint: worker,
    unref: () => {},
    terminate: () => worker.terminate(),
    onExit: (listener) => {
      listeners.push(listener);
      if (failure !== null) listener(failure);
    },
  };
}
