import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineGuestForgerySuite } from "../shared/guest-forgery-suite.js";

describe("guest-forgery (Chromium, inline)", () => {
  defineGuestForgerySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("guest-forgery (Chromium, worker)", () => {
  defineGuestForgerySuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
