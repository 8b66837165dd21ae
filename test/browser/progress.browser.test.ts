import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineProgressSuite } from "../shared/progress-suite.js";

describe("progress (Chromium, inline)", () => {
  defineProgressSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), "inline");
});

describe("progress (Chromium, worker)", () => {
  defineProgressSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), "worker");
});
