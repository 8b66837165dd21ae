/**
 * Node's util.inspect, format and console.table for the core (console.ts, render.ts), from the
 * inspect chunk (inspect/chunk.ts), which is loaded into a thread the first time one of them is
 * called (chunk-bridge-protocol.ts): a thread whose results and console output are primitives
 * never holds it (they are rendered without it: result/primitive-results.ts, console.ts). Plain
 * objects and arrays are rendered first by the plain-inspect chunk (fast-inspect.ts), ~15× cheaper
 * to load: a thread whose values are all such never loads the inspect chunk.
 */
import { loadChunk } from "./chunks.js";
import { objectFreeze, reflectApply } from "./intrinsics.js";
import { isProxy, proxyDetails } from "./proxy-registry.js";
import type { InspectChunk, InspectChunkLink, InspectOptions } from "./inspect/chunk-link.js";
import type { PlainInspectChunk, PlainInspectChunkLink } from "./plain-inspect/chunk-link.js";

let chunk: InspectChunk | null = null;
const link: InspectChunkLink = objectFreeze({ reflectApply, proxyDetails });
let plainChunk: PlainInspectChunk | null = null;
const plainLink: PlainInspectChunkLink = objectFreeze({ isProxy });

/**
 * `inspect(value)` (default options) for a plain object or array, from the plain-inspect chunk; null
 * for anything else, and when that chunk could not be loaded (the host found no room): the inspect
 * chunk renders it (and says why it could not, if it cannot either). What stopped a load (the run's
 * budget, the heap) is thrown, as for the inspect chunk.
 */
export function inspectPlain(value: unknown): string | null {
  if (!plainChunk) plainChunk = (loadChunk("plain-inspect", plainLink)?.exports as PlainInspectChunk | undefined) ?? null;
  return plainChunk ? plainChunk.inspect(value) : null;
}

function inspectChunk(): InspectChunk {
  if (chunk) return chunk;
  const exports = loadChunk("inspect", link)?.exports as InspectChunk | undefined;
  if (!exports) {
    throw new Error("quickbox: the inspector could not be loaded into this thread (its run was interrupted, or its memory is full)");
  }
  return (chunk = exports);
}

export const inspect = (value: unknown, options?: InspectOptions): string => inspectChunk().inspect(value, options);
/** Node's util.formatWithOptions(options, ...args); the arguments are copied by index (a program may have replaced the array iterator a spread would use). */
export const formatWithOptions = (options: InspectOptions, args: readonly unknown[]): string => {
  const callArgs: unknown[] = [options];
  for (let index = 0; index < args.length; index++) callArgs[index + 1] = args[index];
  return reflectApply(inspectChunk().formatWithOptions, undefined, callArgs) as string;
};
export const consoleTable: InspectChunk["consoleTable"] = (data, properties, budgetChars) => inspectChunk().consoleTable(data, properties, budgetChars);
