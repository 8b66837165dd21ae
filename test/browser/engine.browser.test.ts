import { describe } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { defineEngineSuite } from "../shared/engine-suite.js";

describe("engine (Chromium)", () => {
  defineEngineSuite(createInterpreter);
});
