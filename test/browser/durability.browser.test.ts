import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineDurabilitySuite } from "../shared/durability-suite.js";

describe("durability (Chromium, inline)", () => {
  defineDurabilitySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("durability (Chromium, worker)", () => {
  defineDurabilitySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
