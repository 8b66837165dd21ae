/** The hostile corpus in Node, inline (the worker half is hostile-worker.test.ts: two files, so that they can run side by side). */
import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostileCorpus } from "../shared/hostile-corpus.js";

describe("hostile corpus (Node, inline)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});
