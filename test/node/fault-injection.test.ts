import { Worker } from "node:worker_threads";
import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineFaultInjectionSuite } from "../shared/fault-injection-suite.js";

// Every engine worker quickbox starts calls unref() right away: that is where we find it, to
// terminate it later from outside (as a crash, an OOM kill or the platform would).
const started = new Set<Worker>();
const unref = Worker.prototype.unref;
Worker.prototype.unref = function (this: Worker) {
  started.add(this);
  return unref.call(this);
};

const hooks = {
  terminateWorkers: async () => {
    const workers = [...started];
    started.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  },
  workerExitIsObserved: true,
  workerLossNoticedWithinMs: () => 500,
};

describe("fault injection (Node, inline)", () => {
  defineFaultInjectionSuite((options?: InterpreterOptions) => createInterpreter({ isolation: "inline", ...options }), { ...hooks, terminateWorkers: undefined });
});

describe("fault injection (Node, worker)", () => {
  defineFaultInjectionSuite((options?: InterpreterOptions) => createInterpreter({ isolation: "worker", ...options }), hooks);
});
