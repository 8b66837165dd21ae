/**
 * The engine worker's entry (dist/worker.mjs; `quickbox/worker` for users who bundle it
 * themselves). It exposes the control API over comlink to its creator only: a dedicated Web
 * Worker's or worker_thread's parent is the one party that can message it.
 */
import * as Comlink from "comlink";
import { detectRuntime } from "../runtime/detect.js";
import { WorkerService } from "./worker-service.js";

async function parentEndpoint(): Promise<Comlink.Endpoint> {
  if (detectRuntime() === "node") {
    const { parentPort } = await import(/* @vite-ignore */ /* webpackIgnore: true */ "node:worker_threads");
    const { default: nodeEndpoint } = await import("comlink/dist/esm/node-adapter.mjs");
    if (!parentPort) throw new Error("quickbox worker: not started as a worker thread");
    return nodeEndpoint(parentPort as never);
  }
  return globalThis as unknown as Comlink.Endpoint;
}

// No top-level await: bundlers build workers as classic (iife) scripts by default. Messages the
// host sends before `expose` runs are queued by the worker's port.
void parentEndpoint().then((endpoint) => Comlink.expose(new WorkerService().api, endpoint));
