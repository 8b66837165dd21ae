import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostileCorpus } from "../shared/hostile-corpus.js";

describe("hostile corpus (Node, inline)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("hostile corpus (Node, worker)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { watchdog: true });
});
