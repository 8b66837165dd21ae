/** What the Interpreter façade talks to: the engine inline, or a pool of engine workers. */
import type { SkillFiles } from "../engine/module-loader.js";
import type { CallExecutor } from "../host/call-executor.js";
import type { EvalResult, ThreadInfo } from "../types.js";

export interface EvalCall {
  code: string;
  threadId: string;
  signal?: AbortSignal;
  /** Skill files the cell imports, preloaded by the host. */
  skills?: Record<string, SkillFiles>;
}

export interface EngineClient {
  eval(call: EvalCall, executor: CallExecutor): Promise<EvalResult>;
  reset(threadId: string): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  dispose(): Promise<void>;
}
