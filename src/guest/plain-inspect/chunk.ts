/**
 * The plain-inspect chunk's entry (scripts/build-prelude.mjs bundles it apart from the core): the
 * renderer for plain objects and arrays (fast-inspect.ts), loaded into a thread the first time a
 * result or console argument is not a primitive (inspect-facade.ts), before and instead of the far
 * larger inspect chunk whenever it renders the value.
 */
import { fastInspect } from "../fast-inspect.js";
import type { PlainInspectChunk, PlainInspectChunkLink } from "./chunk-link.js";

declare const __qbCore: PlainInspectChunkLink;
const { isProxy } = __qbCore;

export const exports: PlainInspectChunk = { inspect: (value: unknown) => fastInspect(value, isProxy) };
