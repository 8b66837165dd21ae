import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineInterpreterApiSuite } from "../shared/interpreter-api-suite.js";

describe("interpreter API (Node, inline)", () => {
  defineInterpreterApiSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("interpreter API (Node, worker)", () => {
  defineInterpreterApiSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
