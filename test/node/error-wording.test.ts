import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineErrorWordingSuite } from "../shared/error-wording-suite.js";

describe("error wording (Node, inline)", () => {
  defineErrorWordingSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("error wording (Node, worker)", () => {
  defineErrorWordingSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
