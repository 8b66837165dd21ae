import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineCallIdentitySuite } from "../shared/call-identity-suite.js";

describe("call identity and host-decided holds (Chromium, inline)", () => {
  defineCallIdentitySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("call identity and host-decided holds (Chromium, worker)", () => {
  defineCallIdentitySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
