import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostileCorpus } from "../shared/hostile-corpus.js";

describe("hostile (Chromium, inline)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("hostile (Chromium, worker)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { watchdog: true });
});
