/** isolation "inline": the engine runs on this thread; host calls go straight to the executor. */
import type { InterpreterCore } from "../core/interpreter-core.js";
import { Inbox } from "../core/inbox.js";
import type { CallResult } from "../guest/host-calls.js";
import type { CallExecutor } from "../host/call-executor.js";
import type { EvalResult, ThreadInfo } from "../types.js";
import type { EngineClient, EvalCall } from "./engine-client.js";

export class InlineClient implements EngineClient {
  constructor(private readonly core: InterpreterCore) {}

  async eval(call: EvalCall, executor: CallExecutor): Promise<EvalResult> {
    // Aborted when the eval ends, so tools still running see their ctx.signal fire.
    const scope = new AbortController();
    const forwardAbort = () => scope.abort();
    call.signal?.addEventListener("abort", forwardAbort, { once: true });
    const inbox = new Inbox<CallResult>();
    let scopeUsed = false;
    try {
      return await this.core.eval(
        { code: call.code, threadId: call.threadId, ...(call.signal ? { signal: call.signal } : {}), ...(call.skills ? { skills: call.skills } : {}) },
        {
          send: (calls) => {
            scopeUsed = true;
            executor.run(calls, { threadId: call.threadId, signal: scope.signal }, (results) => inbox.push(results));
          },
          receive: () => inbox.receive(),
        },
      );
    } finally {
      call.signal?.removeEventListener("abort", forwardAbort);
      // Aborting costs a DOMException: only when tools may still be running with this signal.
      if (scopeUsed) scope.abort();
    }
  }

  reset(threadId: string): Promise<void> {
    return this.core.reset(threadId);
  }

  threads(): Promise<ThreadInfo[]> {
    return this.core.threads();
  }

  async dispose(): Promise<void> {
    this.core.dispose();
  }
}
