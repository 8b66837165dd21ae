/**
 * One request's host calls, as both transports run them (inline, and from a worker's `calls`
 * messages): the tools' AbortSignal — made when a tool first reads `ctx.signal` (most never do: an
 * AbortController and its signal were ~5 % of the host's time in a warm eval with one tool call),
 * aborted when the caller's signal aborts or when the request ends with calls still running — and
 * the count of calls out. The next per-call feature (a per-call timeout, guest-side cancellation)
 * belongs here, once.
 */
import type { CallResult, CallRunner, CallScope, GuestCall } from "../engine-contract.js";

/**
 * A request's scope, given to every call the runner starts: the CallSession itself. `signal` is a
 * getter on the prototype (an object literal with a getter costs V8 ~2 µs to make, a class ~0.1 µs).
 */
export class CallSession implements CallScope {
  #controller: AbortController | null = null;
  /** The tools' signal is (or, once made, will be) aborted: the caller aborted, or the request ended with calls running. */
  #stopped = false;
  #running = 0;
  readonly #forwardAbort = () => this.#stop();

  constructor(
    private readonly calls: CallRunner,
    readonly threadId: string,
    private readonly callerSignal?: AbortSignal,
  ) {
    callerSignal?.addEventListener("abort", this.#forwardAbort, { once: true });
  }

  /** The tools' signal: made at the first read. */
  get signal(): AbortSignal {
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
    this.calls.run(guestCalls, this, (results) => {
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
