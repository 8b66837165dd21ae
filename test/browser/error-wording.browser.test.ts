import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineErrorWordingSuite } from "../shared/error-wording-suite.js";

describe("error wording (Chromium, inline)", () => {
  defineErrorWordingSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("error wording (Chromium, worker)", () => {
  defineErrorWordingSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
