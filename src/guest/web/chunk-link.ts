/**
 * What the web platform chunk takes from the prelude's core (web-globals.ts passes it when the
 * chunk loads; it is `__qbCore` in the chunk's code): the core's captured built-ins and its
 * proxy registry, which a chunk compiled after the program ran must not take from the program's
 * globals, and the host's Intl bridge, which the core took off the global object.
 */
import type { RandomSource } from "../random.js";

export interface WebChunkLink {
  jsonParse: typeof JSON.parse;
  jsonStringify: typeof JSON.stringify;
  reflectApply: typeof Reflect.apply;
  isProxy: (value: unknown) => boolean;
  hostIntl: ((request: string) => unknown) | undefined;
  random: RandomSource;
}

/** The methods the core puts on the builtin prototypes call these (the names say which). */
export interface LocaleMethods {
  numberToLocaleString(this: unknown, ...args: unknown[]): string;
  bigintToLocaleString(this: unknown, ...args: unknown[]): string;
  dateToLocaleString(this: unknown, ...args: unknown[]): string;
  dateToLocaleDateString(this: unknown, ...args: unknown[]): string;
  dateToLocaleTimeString(this: unknown, ...args: unknown[]): string;
  localeCompare(this: unknown, that: unknown, ...rest: unknown[]): number;
}

/** The chunk's exports (chunk.ts): the globals it defines, and the locale methods. */
export interface WebPlatform {
  globals: Record<string, unknown>;
  locale: LocaleMethods;
}

declare const __qbCore: WebChunkLink;

export const { jsonParse, jsonStringify, reflectApply, isProxy, hostIntl, random } = __qbCore;
