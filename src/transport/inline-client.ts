/** isolation "inline": the engine runs on this thread; host calls go straight to the call runner. */
import type { CallResult, EncodedSnapshot, EngineClient, EngineReply, EvalRequest, ForkRequest, HostCallChannel, RequestContext, ResumeRequest, SnapshotRequest } from "../engine-contract.js";
import type { InterpreterCore } from "../core/interpreter-core.js";
import { Inbox } from "../util/inbox.js";
import type { ThreadInfo } from "../types.js";

export class InlineClient implements EngineClient {
  constructor(private readonly core: InterpreterCore) {}

  /** A host-call channel for one request; its scope aborts tools still running when it ends. */
  async #withChannel(threadId: string, context: RequestContext, run: (channel: HostCallChannel) => Promise<EngineReply>): Promise<EngineReply> {
    const { signal, calls, stream } = context;
    // Made at the first call (most evals call no tool); aborted when the request ends with calls still running.
    let scope = null as AbortController | null;
    let running = 0;
    const forwardAbort = () => scope?.abort();
    signal?.addEventListener("abort", forwardAbort, { once: true });
    const inbox = new Inbox<CallResult>();
    try {
      return await run({
        send: (guestCalls) => {
          scope ??= new AbortController();
          if (signal?.aborted) scope.abort();
          running += guestCalls.length;
          calls.run(guestCalls, { threadId, signal: scope.signal }, (results) => {
            running -= results.length;
            inbox.push(results);
          });
        },
        receive: () => inbox.receive(),
        // Inline, events go out when the run polls the guest (never from inside QuickJS's
        // interrupt handler: onEvent would run, and could re-enter the interpreter, mid-program).
        ...(stream ? { stream } : {}),
      });
    } finally {
      signal?.removeEventListener("abort", forwardAbort);
      // Aborting costs a DOMException (~10 µs): only when tools are still running with this signal.
      if (running > 0) (scope as AbortController | null)?.abort();
    }
  }

  eval(request: EvalRequest, context: RequestContext): Promise<EngineReply> {
    return this.#withChannel(request.threadId, context, (channel) => this.core.eval(request, { channel, ...(context.signal ? { signal: context.signal } : {}) }));
  }

  resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply> {
    return this.#withChannel(request.threadId, context, (channel) => this.core.resume(request, { channel, ...(context.signal ? { signal: context.signal } : {}) }));
  }

  snapshot(request: SnapshotRequest): Promise<EncodedSnapshot> {
    return this.core.snapshot(request);
  }

  fork(request: ForkRequest): Promise<EncodedSnapshot> {
    return this.core.fork(request);
  }

  drop(threadId: string): Promise<void> {
    return this.core.drop(threadId);
  }

  threads(): Promise<ThreadInfo[]> {
    return this.core.threads();
  }

  async dispose(): Promise<void> {
    this.core.dispose();
  }
}
