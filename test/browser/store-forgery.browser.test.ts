import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineStoreForgerySuite } from "../shared/store-forgery-suite.js";

describe("store-forgery (Chromium, inline)", () => {
  defineStoreForgerySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("store-forgery (Chromium, worker)", () => {
  defineStoreForgerySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
