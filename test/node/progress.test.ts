import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineProgressSuite } from "../shared/progress-suite.js";

describe("progress (Node, inline)", () => {
  defineProgressSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), "inline");
});

describe("progress (Node, worker)", () => {
  defineProgressSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), "worker");
});
