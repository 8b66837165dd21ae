import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineBoundaryProperties } from "../shared/boundary-property-suite.js";

const runs = { json: 60, rich: 50, render: 60 };

describe("boundary properties (Chromium, inline)", () => {
  defineBoundaryProperties((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), runs);
});

describe("boundary properties (Chromium, worker)", () => {
  defineBoundaryProperties((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), runs);
});
