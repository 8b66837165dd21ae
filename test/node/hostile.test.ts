import { describe } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { defineHostileCorpus } from "../shared/hostile-corpus.js";

describe("hostile corpus (Node, inline)", () => {
  defineHostileCorpus(createInterpreter);
});
