import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineWebPlatformSuite } from "../shared/web-platform-suite.js";

describe("web platform (Chromium, inline)", () => {
  defineWebPlatformSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("web platform (Chromium, worker)", () => {
  defineWebPlatformSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
