import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineSkillNamesSuite } from "../shared/skill-names-suite.js";

describe("skill-names (Chromium, inline)", () => {
  defineSkillNamesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("skill-names (Chromium, worker)", () => {
  defineSkillNamesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
