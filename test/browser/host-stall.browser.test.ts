import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostStallSuite } from "../shared/host-stall-suite.js";

describe("host-stall (Chromium, inline)", () => {
  defineHostStallSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), { isolation: "inline" });
});

describe("host-stall (Chromium, worker)", () => {
  defineHostStallSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { isolation: "worker" });
});
