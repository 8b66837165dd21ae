import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineSkillNamesSuite } from "../shared/skill-names-suite.js";

describe("skill-names (Node, inline)", () => {
  defineSkillNamesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("skill-names (Node, worker)", () => {
  defineSkillNamesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});
