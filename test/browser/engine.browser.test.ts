import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineEngineSuite } from "../shared/engine-suite.js";

describe("engine (Chromium, inline)", () => {
  defineEngineSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("engine (Chromium, worker)", () => {
  defineEngineSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
