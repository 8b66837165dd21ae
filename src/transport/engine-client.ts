/** What the Interpreter façade talks to: the engine inline, or a pool of engine workers. */
import type { SkillFiles } from "../engine/module-loader.js";
import type { CallExecutor } from "../host/call-executor.js";
import type { EngineReply, PersistRequest } from "../core/interpreter-core.js";
import type { InterruptDecision } from "../engine/quickjs-thread.js";
import type { EncodedSnapshot } from "../snapshot/thread-snapshots.js";
import type { ThreadInfo } from "../types.js";

interface ThreadCall {
  threadId: string;
  signal?: AbortSignal;
  /** The thread's stored snapshot chain, for when it is not live in the engine. */
  restore?: Uint8Array[];
  persist?: PersistRequest;
}

export interface EvalCall extends ThreadCall {
  code: string;
  /** Skill files the cell imports, preloaded by the host. */
  skills?: Record<string, SkillFiles>;
}

export interface ResumeCall extends ThreadCall {
  decisions: InterruptDecision[];
}

export interface EngineClient {
  eval(call: EvalCall, executor: CallExecutor): Promise<EngineReply>;
  resume(call: ResumeCall, executor: CallExecutor): Promise<EngineReply>;
  snapshot(threadId: string, options: { storedHead: string | null; restore?: Uint8Array[]; full?: boolean }): Promise<EncodedSnapshot>;
  fork(from: string, to: string, options: { restore?: Uint8Array[]; storedHead?: string | null }): Promise<EncodedSnapshot>;
  /** Forgets the live thread (it hibernates, or is reset). */
  drop(threadId: string): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  dispose(): Promise<void>;
  /** Called when threads lose their live state outside a request (their worker was restarted). */
  onThreadsLost?: (threadIds: string[], reason: string) => void;
}
