import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineWatchdogSuite } from "../shared/watchdog-suite.js";

describe("watchdog (Node worker)", () => {
  defineWatchdogSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
