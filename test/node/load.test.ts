import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineLoadSuite } from "../shared/load-suite.js";

describe("load (Node, 2 workers)", () => {
  defineLoadSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker", workers: 2 }), {
    threads: 200,
    evalsPerThread: 5,
    concurrency: 16,
    maxLiveThreads: 32,
    residentBytes: () => process.memoryUsage().rss,
    maxResidentGrowthBytes: 512 * 2 ** 20,
  });
});
