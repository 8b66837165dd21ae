import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineProgramShapesSuite } from "../shared/program-shapes-suite.js";

describe("program shapes (Node, inline)", () => {
  defineProgramShapesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("program shapes (Node, worker)", () => {
  defineProgramShapesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
