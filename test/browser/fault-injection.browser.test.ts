import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { WATCHDOG_GRACE_MS } from "../../src/transport/engine-worker.js";
import { defineFaultInjectionSuite } from "../shared/fault-injection-suite.js";

// quickbox starts its engine workers with `new Worker(…)`: record them, to terminate them later
// from outside (as the browser would, for a crash or to reclaim memory).
const started: Worker[] = [];
const NativeWorker = globalThis.Worker;
globalThis.Worker = class RecordedWorker extends NativeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    started.push(this);
  }
};

const hooks = {
  terminateWorkers: async () => {
    for (const worker of started.splice(0)) worker.terminate();
  },
  // A terminated Web Worker sends no event: the watchdog notices its silence.
  workerExitIsObserved: false,
  workerLossNoticedWithinMs: (timeoutMs: number) => 2 * timeoutMs + WATCHDOG_GRACE_MS + 200,
};

describe("fault injection (Chromium, inline)", () => {
  defineFaultInjectionSuite((options?: InterpreterOptions) => createInterpreter({ isolation: "inline", ...options }), { ...hooks, terminateWorkers: undefined });
});

describe("fault injection (Chromium, worker)", () => {
  defineFaultInjectionSuite((options?: InterpreterOptions) => createInterpreter({ isolation: "worker", ...options }), hooks);
});
