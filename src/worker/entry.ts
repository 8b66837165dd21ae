/**
 * The engine worker's entry (dist/worker.mjs; `quickbox/worker` for users who bundle it
 * themselves). It exposes the control API over comlink to its creator only: a dedicated Web
 * Worker's or worker_thread's parent is the one party that can message it.
 */
import * as Comlink from "comlink";
import { hostRuntime } from "../runtime/host-runtime.js";
import { nodeParentEndpoint } from "../runtime/node-host.js";
import { WorkerService } from "./worker-service.js";

const runtime = hostRuntime();
const parentEndpoint = async (): Promise<Comlink.Endpoint> =>
  runtime.workers === "worker-thread" ? nodeParentEndpoint() : (globalThis as unknown as Comlink.Endpoint);

// No top-level await: bundlers build workers as classic (iife) scripts by default. Messages the
// host sends before `expose` runs are queued by the worker's port.
void parentEndpoint().then((endpoint) => Comlink.expose(new WorkerService(runtime).api, endpoint));
