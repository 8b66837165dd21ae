import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { nodeErrorMessages } from "../shared/node-error-oracle.js";
import { defineNodeErrorsSuite } from "../shared/node-errors-suite.js";

describe("errors read as Node's (Node, inline)", () => {
  defineNodeErrorsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), nodeErrorMessages, "Node, inline");
});

describe("errors read as Node's (Node, worker)", () => {
  defineNodeErrorsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), nodeErrorMessages, "Node, worker");
});
