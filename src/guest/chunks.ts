/**
 * The chunk bridge (chunk-bridge-protocol.ts) as the core uses it: taken off the global object
 * when the prelude runs, so a program can neither call nor replace it.
 */
import { CHUNK_BRIDGE_GLOBAL, type GuestChunkName } from "../chunk-bridge-protocol.js";
import { objectGetOwnPropertyDescriptor, objectGetPrototypeOf, reflectApply } from "./intrinsics.js";

const globalRecord = globalThis as unknown as Record<string, unknown>;
const bridge = globalRecord[CHUNK_BRIDGE_GLOBAL] as ((name: string, link: unknown) => unknown) | undefined;
delete globalRecord[CHUNK_BRIDGE_GLOBAL];
const internalErrorPrototype = (globalRecord.InternalError as { prototype: object } | undefined)?.prototype;
/**
 * What a load that ran out of memory throws when QuickJS had no room left even for its error (it
 * then throws null): made now, while there is room.
 */
const outOfMemory = new Error("quickbox: out of memory while loading a part of the prelude into this thread");

/** QuickJS's interrupt (the run's budget is spent), as the load's pieces met it. */
function isInterrupt(error: unknown): boolean {
  if (typeof error !== "object" || error === null || objectGetPrototypeOf(error) !== internalErrorPrototype) return false;
  return objectGetOwnPropertyDescriptor(error, "message")?.value === "interrupted";
}

/**
 * A chunk's exports (the object its entry module exports), or undefined when the host could not
 * allocate (a later use tries again). What stopped the load is thrown: out of memory as it is; an
 * interrupt, which the host's call turned into an ordinary exception, becomes QuickJS's own again
 * (uncatchable, so the eval ends as Timeout): the run's budget is spent and stays spent, so the next
 * interrupt check, within this loop's first few thousand iterations, stops it.
 */
export function loadChunk(name: GuestChunkName, link: unknown): Record<string, unknown> | undefined {
  let exports: unknown;
  try {
    exports = typeof bridge === "function" ? reflectApply(bridge, undefined, [name, link]) : undefined;
  } catch (error) {
    if (isInterrupt(error)) for (;;);
    throw error === null ? outOfMemory : error;
  }
  return typeof exports === "object" && exports !== null ? (exports as Record<string, unknown>) : undefined;
}
