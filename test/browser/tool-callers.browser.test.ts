import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineToolCallersSuite } from "../shared/tool-callers-suite.js";

describe("tool callers (Chromium, Web Worker)", () => {
  defineToolCallersSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
