/**
 * The chunk bridge (chunk-bridge-protocol.ts) as the core uses it: taken off the global object
 * when the prelude runs, so a program can neither call nor replace it.
 */
import { CHUNK_BRIDGE_GLOBAL, type GuestChunkName } from "../chunk-bridge-protocol.js";
import { reflectApply } from "./intrinsics.js";

const globalRecord = globalThis as unknown as Record<string, unknown>;
const bridge = globalRecord[CHUNK_BRIDGE_GLOBAL] as ((name: string, link: unknown) => unknown) | undefined;
delete globalRecord[CHUNK_BRIDGE_GLOBAL];

/** A chunk's exports (the object its entry module exports), or undefined: interrupted, out of memory (a later use tries again). */
export function loadChunk(name: GuestChunkName, link: unknown): Record<string, unknown> | undefined {
  const exports = typeof bridge === "function" ? reflectApply(bridge, undefined, [name, link]) : undefined;
  return typeof exports === "object" && exports !== null ? (exports as Record<string, unknown>) : undefined;
}
