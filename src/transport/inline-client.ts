/** isolation "inline": the engine runs on this thread; host calls go straight to the call runner. */
import type { CallResult, EncodedSnapshot, EngineClient, EngineReply, EvalRequest, ForkRequest, HostCallChannel, RequestContext, ResumeRequest, SnapshotRequest } from "../engine-contract.js";
import type { InterpreterCore } from "../core/interpreter-core.js";
import { Inbox } from "../util/inbox.js";
import { CallSession } from "./call-session.js";
import type { ThreadInfo } from "../types.js";

export class InlineClient implements EngineClient {
  constructor(private readonly core: InterpreterCore) {}

  /** A host-call channel for one request (its calls run in a CallSession). */
  async #withChannel(threadId: string, context: RequestContext, run: (channel: HostCallChannel) => Promise<EngineReply>): Promise<EngineReply> {
    const session = new CallSession(context.calls, threadId, context.signal);
    const inbox = new Inbox<CallResult>();
    try {
      return await run({
        send: (guestCalls) => session.send(guestCalls, (results) => inbox.push(results)),
        receive: () => inbox.receive(),
        // Inline, events go out when the run polls the guest (never from inside QuickJS's
        // interrupt handler: onEvent would run, and could re-enter the interpreter, mid-program).
        ...(context.stream ? { stream: context.stream } : {}),
      });
    } finally {
      session.end();
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
