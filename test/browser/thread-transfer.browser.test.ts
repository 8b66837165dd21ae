import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineThreadTransferSuite } from "../shared/thread-transfer-suite.js";

describe("thread transfer (Chromium, inline)", () => {
  defineThreadTransferSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("thread transfer (Chromium, worker)", () => {
  defineThreadTransferSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
