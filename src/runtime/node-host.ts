/**
 * What quickbox does through Node's built-in modules (on Node, Deno and Bun): reading a QuickJS
 * .wasm file, starting the engine worker as a worker_thread, and that worker's side of the
 * channel. The published package reaches this module only through `#node-host` (package.json
 * "imports": its "node", "deno" and "bun" conditions are this file, the default is
 * node-host-unavailable.ts), so browser and edge bundles never contain a `node:` import and need
 * no Node compatibility flag. Whether to use it is decided in host-runtime.ts.
 */
import type { Endpoint } from "comlink";
import type { SpawnedWorker } from "../transport/spawn-worker.js";
import { nodeAssetPath } from "./node-assets.js";

/** This bundle has Node's built-ins (host-runtime.ts reads it). */
export const NODE_BUILTINS: boolean = true;

/** The bytes of a build's .wasm: the release build's shipped file, or another build's by package path. */
export async function readWasmBytes(specifier: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:fs/promises");
  if (specifier === null) return readFile(await nodeAssetPath("wasm"));
  const { createRequire } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:module");
  return readFile(createRequire(import.meta.url).resolve(specifier));
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
 * quickbox's own built script. V8 flags (`--expose-gc`, `--max-old-space-size`,
 * `--stack-trace-limit`…) are the process's and already apply to the worker; Node refuses them
 * in a worker's execArgv ("invalid execArgv flags"), which failed every worker interpreter of a
 * process started with one.
 */
const KEPT_WORKER_FLAGS = ["--enable-source-maps", "--no-warnings", "--trace-warnings", "--no-deprecation", "--trace-deprecation"];

export function workerExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => KEPT_WORKER_FLAGS.some((kept) => flag === kept || flag.startsWith(`${kept}=`)));
}

/** The engine worker as a worker_thread running the package's self-contained worker script. */
export async function spawnNodeWorker(options: { maxStackSizeBytes: number }): Promise<SpawnedWorker> {
  const { Worker } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:worker_threads");
  const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
  const script = await nodeAssetPath("worker");
  const worker = new Worker(script, {
    resourceLimits: { stackSizeMb: nodeStackSizeMb(options.maxStackSizeBytes) },
    execArgv: workerExecArgv(process.execArgv),
  });
  worker.unref();
  return {
    url: script,
    endpoint: nodeEndpoint(worker as never),
    unref: () => worker.unref(),
    terminate: () => void worker.terminate(),
    onExit: (listener) => {
      worker.on("error", (error: Error) => listener(`worker error: ${error.message}`));
      worker.on("exit", (code: number) => listener(`worker exited with code ${code}`));
    },
  };
}

/** Inside the engine worker: the channel to the thread that started it. */
export async function nodeParentEndpoint(): Promise<Endpoint> {
  const { parentPort } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:worker_threads");
  const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
  if (!parentPort) throw new Error("quickbox worker: not started as a worker thread");
  return nodeEndpoint(parentPort as never);
}
