/**
 * `#node-host` outside Node, Deno and Bun (browsers, workerd, other edge runtimes): the same
 * exports as node-host.ts, without any `node:` import. Nothing calls them there (host-runtime.ts
 * reads NODE_BUILTINS first); if something does, the error says what to pass instead.
 */
import type { Endpoint } from "comlink";
import type { SpawnedWorker } from "../transport/spawn-worker.js";

export const NODE_BUILTINS: boolean = false;

function unavailable(what: string): Error {
  return new Error(`quickbox: ${what} needs Node, Deno or Bun; this bundle was built for another runtime (pass wasmModule, or isolation "inline")`);
}

export async function readWasmBytes(_specifier: string | null): Promise<Uint8Array<ArrayBuffer>> {
  throw unavailable("reading the .wasm file");
}

export function nodeStackSizeMb(maxStackSizeBytes: number): number {
  return Math.max(16, Math.ceil((maxStackSizeBytes * 16) / 2 ** 20));
}

export function workerExecArgv(_execArgv: readonly string[]): string[] {
  return [];
}

export async function spawnNodeWorker(_options: { maxStackSizeBytes: number }): Promise<SpawnedWorker> {
  throw unavailable("a worker_thread");
}

export async function nodeParentEndpoint(): Promise<Endpoint> {
  throw unavailable("a worker_thread");
}
