/** The host-loop watcher (test/shared/loop-watch.ts) as a worker_thread, for Node tests. */
import { Worker } from "node:worker_threads";
import type { WatcherStarter } from "../shared/loop-watch.js";

export const startNodeWatcher: WatcherStarter = (source) => {
  const worker = new Worker(source, { eval: true });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => void worker.on("message", listener),
    terminate: () => void worker.terminate(),
  };
};
