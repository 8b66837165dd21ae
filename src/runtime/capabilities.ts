/**
 * What the engine may rely on in this runtime, decided here once and passed in: the engine
 * itself never asks which runtime it runs in.
 */
import type { InstancePoolOptions } from "../engine/instance-pool.js";
import { detectRuntime } from "./detect.js";

export interface EngineCapabilities {
  instancePool: InstancePoolOptions;
}

export function engineCapabilities(): EngineCapabilities {
  // workerd cancels a request's timers when the request ends, so a spare instance prepared in the
  // background for the next request would never finish booting; and its isolate has 128 MB.
  return { instancePool: { keepSpare: detectRuntime() !== "workerd" } };
}
