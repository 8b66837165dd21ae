import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineBoundaryProperties } from "../shared/boundary-property-suite.js";

const runs = { json: 200, rich: 150, render: 200 };

describe("boundary properties (Node, inline)", () => {
  defineBoundaryProperties((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), runs);
});

describe("boundary properties (Node, worker)", () => {
  defineBoundaryProperties((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), runs);
});
