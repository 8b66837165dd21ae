import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineSkillsSuite } from "../shared/skills-suite.js";

describe("skills (Chromium, inline)", () => {
  defineSkillsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("skills (Chromium, worker)", () => {
  defineSkillsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
