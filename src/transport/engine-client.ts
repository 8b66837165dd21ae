/** What the Interpreter façade talks to: the engine inline, or a pool of engine workers. */
import type { CallExecutor } from "../host/call-executor.js";
import type { EvalResult, ThreadInfo } from "../types.js";

export interface EvalCall {
  code: string;
  threadId: string;
  signal?: AbortSignal;
}

export interface EngineClient {
  eval(call: EvalCall, executor: CallExecutor): Promise<EvalResult>;
  reset(threadId: string): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  dispose(): Promise<void>;
}
