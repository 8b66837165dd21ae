import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineReplaySuite } from "../shared/replay-suite.js";

describe("replay across builds (Node, inline)", () => {
  defineReplaySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("replay across builds (Node, worker)", () => {
  defineReplaySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
