/** The eval fast path against the general path, property-based, in Chromium (fixed seed; see test/shared/fast-path-differential-suite.ts). */
import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineFastPathDifferential } from "../shared/fast-path-differential-suite.js";

const budget = { runs: 60, seed: 20261126 };

describe("eval fast path, differential (Chromium, inline)", () => {
  defineFastPathDifferential((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), budget);
});

describe("eval fast path, differential (Chromium, worker)", () => {
  defineFastPathDifferential((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), budget);
});
