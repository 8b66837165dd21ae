import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineGuestChunksSuite } from "../shared/guest-chunks-suite.js";

describe("guest chunks (Chromium, inline)", () => {
  defineGuestChunksSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("guest chunks (Chromium, worker)", () => {
  defineGuestChunksSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
