/**
 * The eval fast path against the general path, property-based (test/shared/fast-path-differential-suite.ts).
 * CI: a fixed seed and budget. A larger budget: `npm run test:fast-path` (FAST_PATH_RUNS, FAST_PATH_SEED).
 */
import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineFastPathDifferential } from "../shared/fast-path-differential-suite.js";

/** CI: 150 values per configuration, seed fixed. With FAST_PATH_RUNS (npm run test:fast-path): a new seed each run unless FAST_PATH_SEED. */
const larger = process.env.FAST_PATH_RUNS !== undefined;
const budget = {
  runs: Number(process.env.FAST_PATH_RUNS ?? 150),
  seed: Number(process.env.FAST_PATH_SEED ?? (larger ? Math.floor(Math.random() * 2 ** 31) : 20261126)),
};

describe("eval fast path, differential (Node, inline)", () => {
  defineFastPathDifferential((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), budget);
});

describe("eval fast path, differential (Node, worker)", () => {
  defineFastPathDifferential((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), budget);
});
