import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineThreadTransferSuite } from "../shared/thread-transfer-suite.js";

describe("thread transfer (Node, inline)", () => {
  defineThreadTransferSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("thread transfer (Node, worker)", () => {
  defineThreadTransferSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
