import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineQuickFinishSuite } from "../shared/quick-finish-suite.js";

describe("eval fast path (Node, inline)", () => {
  defineQuickFinishSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("eval fast path (Node, worker)", () => {
  defineQuickFinishSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
