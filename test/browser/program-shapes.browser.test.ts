import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineProgramShapesSuite } from "../shared/program-shapes-suite.js";

describe("program shapes (Chromium, inline)", () => {
  defineProgramShapesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("program shapes (Chromium, worker)", () => {
  defineProgramShapesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
