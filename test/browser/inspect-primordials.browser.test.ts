import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineInspectPrimordialsSuite } from "../shared/inspect-primordials-suite.js";

describe("inspector primordials (Chromium, inline)", () => {
  defineInspectPrimordialsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("inspector primordials (Chromium, worker)", () => {
  defineInspectPrimordialsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
