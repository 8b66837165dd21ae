/**
 * The BUILT package (dist/, what `npm:quickbox` installs), typed by its sources. Deno tests import
 * quickbox from here, so they run the same files a Deno user gets.
 */
import type * as Quickbox from "../../src/index.js";
import type * as QuickboxDeno from "../../src/deno.js";

export const DIST_URL = new URL("../../dist/", import.meta.url);

const quickbox = (await import(new URL("index.js", DIST_URL).href)) as typeof Quickbox;
const quickboxDeno = (await import(new URL("deno.js", DIST_URL).href)) as typeof QuickboxDeno;

export const { createInterpreter, memoryStore, isQuickboxError } = quickbox;
export const { denoKvStore } = quickboxDeno;
export type { EvalResult, Interpreter, InterpreterOptions, SnapshotStore, StoreRecord, ToolDefinition } from "../../src/index.js";
