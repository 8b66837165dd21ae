import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineSkillsSuite } from "../shared/skills-suite.js";

describe("skills (Node, inline)", () => {
  defineSkillsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("skills (Node, worker)", () => {
  defineSkillsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
