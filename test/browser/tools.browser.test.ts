import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineToolsSuite } from "../shared/tools-suite.js";

describe("tools (Chromium, inline)", () => {
  defineToolsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("tools (Chromium, worker)", () => {
  defineToolsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
