import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineHostileCorpus, type HostileCategory } from "../shared/hostile-corpus.js";

// The whole corpus runs in Chromium in a worker (the watchdog's host), and in Node both inline and in a
// worker. Inline in Chromium, the programs that meet the page's realm and the host's side of the
// boundary run; the bombs (CPU, memory, stack, output, growth, regex, promises, JSON, timers) meet the
// same engine and the same inline budgets as in Node inline, and are left to those three hosts (they
// were ~45 % of this file's time).
const MEETS_THE_PAGE: readonly HostileCategory[] = ["escape", "tampering", "forgery", "rendering", "reentrancy", "tool-arguments", "tool-host"];

describe("hostile (Chromium, inline)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), { categories: MEETS_THE_PAGE });
});

describe("hostile (Chromium, worker)", () => {
  defineHostileCorpus((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { watchdog: true });
});
