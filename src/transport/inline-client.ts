/** isolation "inline": the engine runs on this thread; host calls go straight to the executor. */
import type { EngineReply, InterpreterCore } from "../core/interpreter-core.js";
import { Inbox } from "../core/inbox.js";
import type { HostCallChannel } from "../engine/quickjs-thread.js";
import type { CallResult } from "../guest/host-calls.js";
import type { CallExecutor } from "../host/call-executor.js";
import type { EncodedSnapshot } from "../snapshot/thread-snapshots.js";
import type { ThreadInfo } from "../types.js";
import type { EngineClient, EvalCall, ResumeCall } from "./engine-client.js";

function optional<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export class InlineClient implements EngineClient {
  constructor(private readonly core: InterpreterCore) {}

  /** A host-call channel for one request; its scope aborts tools still running when it ends. */
  async #withChannel(threadId: string, signal: AbortSignal | undefined, executor: CallExecutor, run: (channel: HostCallChannel) => Promise<EngineReply>): Promise<EngineReply> {
    const scope = new AbortController();
    const forwardAbort = () => scope.abort();
    signal?.addEventListener("abort", forwardAbort, { once: true });
    const inbox = new Inbox<CallResult>();
    let scopeUsed = false;
    try {
      return await run({
        send: (calls) => {
          scopeUsed = true;
          executor.run(calls, { threadId, signal: scope.signal }, (results) => inbox.push(results));
        },
        receive: () => inbox.receive(),
      });
    } finally {
      signal?.removeEventListener("abort", forwardAbort);
      // Aborting costs a DOMException: only when tools may still be running with this signal.
      if (scopeUsed) scope.abort();
    }
  }

  eval(call: EvalCall, executor: CallExecutor): Promise<EngineReply> {
    return this.#withChannel(call.threadId, call.signal, executor, (channel) =>
      this.core.eval(
        { code: call.code, threadId: call.threadId, ...optional({ signal: call.signal, skills: call.skills, restore: call.restore, persist: call.persist }) },
        channel,
      ),
    );
  }

  resume(call: ResumeCall, executor: CallExecutor): Promise<EngineReply> {
    return this.#withChannel(call.threadId, call.signal, executor, (channel) =>
      this.core.resume({ threadId: call.threadId, decisions: call.decisions, ...optional({ signal: call.signal, restore: call.restore, persist: call.persist }) }, channel),
    );
  }

  snapshot(threadId: string, options: { storedHead: string | null; restore?: Uint8Array[]; full?: boolean }): Promise<EncodedSnapshot> {
    return this.core.snapshot(threadId, options);
  }

  fork(from: string, to: string, options: { restore?: Uint8Array[]; storedHead?: string | null }): Promise<EncodedSnapshot> {
    return this.core.fork(from, to, options);
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
