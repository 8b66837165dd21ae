import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineClosingReportsSuite } from "../shared/closing-reports-suite.js";

describe("guest failures while the engine collects the report (Chromium, inline)", () => {
  defineClosingReportsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("guest failures while the engine collects the report (Chromium, worker)", () => {
  defineClosingReportsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
