/**
 * The sanctioned internal utility module for the framework adapters (src/adapters/**).
 *
 * Adapters import nothing from quickbox but the public API (`src/index.ts`) and this module
 * (test/node/adapter-imports.test.ts checks it). What an adapter needs that is not public is
 * re-exported here, so the internals can move without touching the adapters: only this file
 * follows them. Keep it small and re-exports only; no logic lives here.
 */
import { KNOWN_OPTIONS } from "./options.js";

/** Runs tasks for one key strictly one at a time, in call order; different keys run concurrently. */
export { SerialQueues } from "./util/serial-queues.js";

/** Whether two store values are byte-equal (undefined: absent), for stores' compareAndSet. */
export { sameBytes } from "./stores/same-bytes.js";

/** JSON records an adapter writes into the store and later trusts, signed with the snapshotSigningKey. */
export { openJson, sealJson } from "./host/sealed-json.js";

/**
 * The wire text an adapter hands its model (DESIGN §5), from the one renderer: an error the adapter
 * reports itself, and a still-running cell named by what that model can call (its own tools).
 */
export { renderError, renderRunning, type CellCalls } from "./result/wire-format.js";

/** A tool name as the program sees it under `tools.` (`get-weather` → `getWeather`). */
export { camelCase } from "./host/tool-names.js";

/** What is wrong with a per-call wait in ms (`yieldAfterMs`), as the core words it; undefined if nothing. */
export { timerMsProblem } from "./options.js";

/** The option names createInterpreter accepts (anything else is INVALID_OPTIONS). */
export const INTERPRETER_OPTION_NAMES: ReadonlySet<string> = KNOWN_OPTIONS;

/** quickbox ToolDefinitions an adapter offers the model directly (allowedCallers with "direct"), run with ctx.caller direct. */
export { directTools, type DirectTool, type DirectCallContext } from "./host/direct-tools.js";

/** Whether a tool's allowedCallers (undefined: both) allow a caller; why a value is not valid. */
export { allowedCallersProblem, allowsCaller } from "./host/tool-callers.js";

/** Parted records over a small-value store with compare-and-swap: the layer under kvStore, durableObjectStore, denoKvStore and redisStore. */
export { partedStore, bytesOption, type PartedStoreOptions } from "./stores/parted/parted-store.js";
export type { LooseWrite, PartedIndex, PartedWrite, SmallValueBackend } from "./stores/parted/small-value-backend.js";

/** Keys as UTF-8 (Redis, PostgreSQL): a key with a lone surrogate is refused rather than merged with another. */
export { withWellFormedKeys, isWellFormed } from "./stores/well-formed-keys.js";

/** An adapter's interpreter: created on first use (a failed creation is retried), disposable once (then DISPOSED). */
export { lazyInterpreter, type LazyInterpreter } from "./util/lazy-interpreter.js";
