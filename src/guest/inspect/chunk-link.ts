/**
 * What the inspect chunk takes from the prelude's core (inspect-facade.ts passes it when the chunk
 * loads; it is `__qbCore` in the chunk's code): a captured built-in, and the core's proxy registry
 * — proxies are made by the core from the first cell on, and Node's inspect shows a proxy's target
 * (never running a trap) from what the registry recorded (scripts/build-prelude.mjs points
 * node-inspect-extracted's own registry there).
 */
export interface InspectChunkLink {
  reflectApply: typeof Reflect.apply;
  /** A recorded proxy's [target, handler] ([null, null] once revoked), else undefined. */
  proxyDetails: (value: unknown) => [object | null, object | null] | undefined;
}

/** Options of Node's util.inspect that the prelude passes. */
export type InspectOptions = Record<string, unknown>;

/** The chunk's exports (chunk.ts). */
export interface InspectChunk {
  inspect(value: unknown, options?: InspectOptions): string;
  formatWithOptions(options: InspectOptions, ...args: unknown[]): string;
  consoleTable: typeof import("./console-table.js").consoleTable;
}

declare const __qbCore: InspectChunkLink;

export const { reflectApply } = __qbCore;
