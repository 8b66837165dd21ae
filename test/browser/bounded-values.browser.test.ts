import { describe } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineBoundedValuesSuite } from "../shared/bounded-values-suite.js";
import type { WatcherStarter } from "../shared/loop-watch.js";

/** The loop watcher as a Web Worker made from its source. */
const startBrowserWatcher: WatcherStarter = (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new Worker(url);
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener("message", (event) => listener(event.data)),
    terminate: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
};

describe("bounded values (Chromium, inline)", () => {
  defineBoundedValuesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), { startWatcher: startBrowserWatcher, isolation: "inline" });
});

describe("bounded values (Chromium, worker)", () => {
  defineBoundedValuesSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), { startWatcher: startBrowserWatcher, isolation: "worker" });
});
