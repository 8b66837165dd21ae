/** The hostile corpus in Node, in a worker (with the watchdog): the programs only a worker can stop run here too. */
import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostileCorpus } from "../shared/hostile-corpus.js";

describe("hostile corpus (Node, worker)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { watchdog: true });
});
