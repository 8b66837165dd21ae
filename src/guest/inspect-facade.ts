/**
 * Node's util.inspect, format and console.table for the core (console.ts, render.ts), from the
 * inspect chunk (inspect/chunk.ts), which is loaded into a thread the first time one of them is
 * called (chunk-bridge-protocol.ts): a thread whose results and console output are primitives
 * never holds it (they are rendered without it: result/primitive-results.ts, console.ts).
 */
import { loadChunk } from "./chunks.js";
import { objectFreeze, reflectApply } from "./intrinsics.js";
import { proxyDetails } from "./proxy-registry.js";
import type { InspectChunk, InspectChunkLink, InspectOptions } from "./inspect/chunk-link.js";

let chunk: InspectChunk | null = null;
const link: InspectChunkLink = objectFreeze({ reflectApply, proxyDetails });

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
