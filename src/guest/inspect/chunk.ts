/**
 * The inspect chunk's entry (scripts/build-prelude.mjs bundles it apart from the core): Node's
 * util.inspect (node-inspect-extracted) and console.table, which render results and console
 * output. The core calls them through inspect-facade.ts, which loads the chunk into a thread the
 * first time something there is rendered (a result or console argument that is not a primitive).
 */
import { formatWithOptions, inspect } from "node-inspect-extracted";
import { consoleTable } from "./console-table.js";
import type { InspectChunk } from "./chunk-link.js";

export const exports: InspectChunk = { inspect, formatWithOptions, consoleTable };
