/**
 * One request's host calls, as both transports run them (inline, and from a worker's `calls`
 * messages): the tools' AbortSignal — made when a tool first reads `ctx.signal` (most never do: an
 * AbortController and its signal were ~5 % of the host's time in a warm eval with one tool call),
 * aborted when the caller's signal aborts or when the request ends with calls still running — and
 * the count of calls out. The next per-call feature (a per-call timeout, guest-side cancellation)
 * belongs here, once.
 */
import type { CallResult, CallRunner, CallScope, GuestCall } from "../engine-contract.js";

export class CallSession {
  #controller: AbortController | null = null;
  /** The tools' signal is (or, once made, will be) aborted: the caller aborted, or the request ended with calls running. */
  #stopped = false;
  #running = 0;
  readonly #forwardAbort = () => this.#stop();
  /** What every call of this request runs with: `signal` is read lazily (see above). */
  readonly #scope: CallScope;

  constructor(
    private readonly calls: CallRunner,
    threadId: string,
    private readonly callerSignal?: AbortSignal,
  ) {
    callerSignal?.addEventListener("abort", this.#forwardAbort, { once: true });
    const session = this;
    this.#scope = {
      threadId,
      get signal() {
        return session.#signal();
      },
    };
  }

  #signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#stopped || this.callerSignal?.aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  #stop(): void {
    this.#stopped = true;
    this.#controller?.abort();
  }

  /** Runs `guestCalls` on the host; their results reach `deliver` in batches. */
  send(guestCalls: GuestCall[], deliver: (results: CallResult[]) => void): void {
    if (this.callerSignal?.aborted) this.#stop();
    this.#running += guestCalls.length;
    this.calls.run(guestCalls, this.#scope, (results) => {
      this.#running -= results.length;
      deliver(results);
    });
  }

  /** The request is over: tools still running are told (aborting costs a DOMException, ~10 µs: only then). */
  end(): void {
    this.callerSignal?.removeEventListener("abort", this.#forwardAbort);
    if (this.#running > 0) this.#stop();
  }
}
