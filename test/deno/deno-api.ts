/**
 * The Deno globals these tests use, typed here so that the repository's tsc run (which has no Deno
 * types) checks the tests too. At run time this is the real `Deno` namespace.
 */
import type { DenoKvLike } from "../../src/deno.js";

export interface DenoKv extends DenoKvLike {
  close(): void;
}

export interface DenoTestDefinition {
  name: string;
  fn: () => Promise<void> | void;
  /** Workers and timers outlive a test's body by a few ms while an interpreter shuts down. */
  sanitizeOps?: boolean;
  sanitizeResources?: boolean;
}

export interface DenoApi {
  test(definition: DenoTestDefinition): void;
  openKv(path?: string): Promise<DenoKv>;
  readFile(path: string | URL): Promise<Uint8Array<ArrayBuffer>>;
  writeTextFile(path: string | URL, data: string): Promise<void>;
  makeTempDir(options?: { prefix?: string }): Promise<string>;
  remove(path: string | URL, options?: { recursive?: boolean }): Promise<void>;
  exit(code?: number): never;
  readonly args: string[];
  readonly pid: number;
  readonly version: { deno: string };
}

export const deno: DenoApi = (globalThis as unknown as { Deno: DenoApi }).Deno;

/** Defines a Deno test whose interpreters may leave worker ops for a moment after dispose. */
export function denoTest(name: string, fn: () => Promise<void>): void {
  deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });
}
