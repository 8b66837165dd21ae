import { describe } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { defineInterpreterApiSuite } from "../shared/interpreter-api-suite.js";

describe("interpreter API (Node)", () => {
  defineInterpreterApiSuite(createInterpreter);
});
