import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineFixtureStoresSuite } from "../shared/fixture-stores-suite.js";

describe("stores written by earlier builds (Chromium, inline)", () => {
  defineFixtureStoresSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("stores written by earlier builds (Chromium, worker)", () => {
  defineFixtureStoresSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
