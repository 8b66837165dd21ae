/** isolation "inline": the engine runs on this thread; host calls go straight to the call runner. */
import type { CallResult, EncodedSnapshot, EngineClient, EngineReply, EvalRequest, ForkRequest, GuestCall, HostCallChannel, RequestContext, ResumeRequest, SnapshotRequest, StreamedEvent } from "../engine-contract.js";
import type { InterpreterCore } from "../core/interpreter-core.js";
import { Inbox } from "../util/inbox.js";
import { CallSession } from "./call-session.js";
import type { ThreadInfo } from "../types.js";

/** One request's host-call channel: its CallSession and inbox are made at the first call (most evals make none). */
class InlineChannel implements HostCallChannel {
  #session: CallSession | null = null;
  #inbox: Inbox<CallResult> | null = null;
  /** Inline, events go out when the run polls the guest (never from inside QuickJS's interrupt handler: onEvent would run, and could re-enter the interpreter, mid-program). */
  readonly stream?: (events: StreamedEvent[]) => void;

  constructor(
    private readonly threadId: string,
    private readonly context: RequestContext,
  ) {
    if (context.stream) this.stream = context.stream;
  }

  get #results(): Inbox<CallResult> {
    return (this.#inbox ??= new Inbox<CallResult>());
  }

  send(guestCalls: GuestCall[]): void {
    this.#session ??= new CallSession(this.context.calls, this.threadId, this.context.signal);
    const inbox = this.#results;
    this.#session.send(guestCalls, (results) => inbox.push(results));
  }

  receive(): Promise<CallResult[]> {
    return this.#results.receive();
  }

  /** The request is over (see CallSession.end). */
  end(): void {
    this.#session?.end();
  }
}

export class InlineClient implements EngineClient {
  constructor(private readonly core: InterpreterCore) {}

  /** Runs a request on a channel of its own, ended with the request (a value when the engine replied at once). */
  #withChannel(threadId: string, context: RequestContext, run: (channel: HostCallChannel) => EngineReply | Promise<EngineReply>): EngineReply | Promise<EngineReply> {
    const channel = new InlineChannel(threadId, context);
    let reply: EngineReply | Promise<EngineReply>;
    try {
      reply = run(channel);
    } catch (error) {
      channel.end();
      return Promise.reject(error);
    }
    if (!(reply instanceof Promise)) {
      channel.end();
      return reply;
    }
    return reply.finally(() => channel.end());
  }

  eval(request: EvalRequest, context: RequestContext): EngineReply | Promise<EngineReply> {
    return this.#withChannel(request.threadId, context, (channel) => this.core.evalAtOnce(request, { channel, ...(context.signal ? { signal: context.signal } : {}) }));
  }

  resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply> {
    return Promise.resolve(this.#withChannel(request.threadId, context, (channel) => this.core.resume(request, { channel, ...(context.signal ? { signal: context.signal } : {}) })));
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
