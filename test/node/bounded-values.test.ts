import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineBoundedValuesSuite } from "../shared/bounded-values-suite.js";
import { startNodeWatcher } from "./loop-watcher.js";

describe("bounded values (Node, inline)", () => {
  defineBoundedValuesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), { startWatcher: startNodeWatcher, isolation: "inline" });
});

describe("bounded values (Node, worker)", () => {
  defineBoundedValuesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { startWatcher: startNodeWatcher, isolation: "worker" });
});
