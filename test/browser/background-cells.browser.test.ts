import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineBackgroundCellsSuite } from "../shared/background-cells-suite.js";

describe("background cells (Chromium, inline)", () => {
  defineBackgroundCellsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("background cells (Chromium, worker)", () => {
  defineBackgroundCellsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
