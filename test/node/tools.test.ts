import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineToolsSuite } from "../shared/tools-suite.js";

describe("tools (Node, inline)", () => {
  defineToolsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("tools (Node, worker)", () => {
  defineToolsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
