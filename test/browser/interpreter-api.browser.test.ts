import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineInterpreterApiSuite } from "../shared/interpreter-api-suite.js";

describe("interpreter-api (Chromium, inline)", () => {
  defineInterpreterApiSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("interpreter-api (Chromium, worker)", () => {
  defineInterpreterApiSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
