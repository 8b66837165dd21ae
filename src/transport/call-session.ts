/**
 * One request's host calls, as both transports run them (inline, and from a worker's `calls`
 * messages): the tools' AbortSignal — made at the first call (most evals call no tool), aborted
 * when the caller's signal aborts or when the request ends with calls still running — and the
 * count of calls out. The next per-call feature (a per-call timeout, guest-side cancellation)
 * belongs here, once.
 */
import type { CallResult, CallRunner, GuestCall } from "../engine-contract.js";

export class CallSession {
  #scope: AbortController | null = null;
  #running = 0;
  readonly #forwardAbort = () => this.#scope?.abort();

  constructor(
    private readonly calls: CallRunner,
    private readonly threadId: string,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener("abort", this.#forwardAbort, { once: true });
  }

  /** Runs `guestCalls` on the host; their results reach `deliver` in batches. */
  send(guestCalls: GuestCall[], deliver: (results: CallResult[]) => void): void {
    this.#scope ??= new AbortController();
    if (this.signal?.aborted) this.#scope.abort();
    this.#running += guestCalls.length;
    this.calls.run(guestCalls, { threadId: this.threadId, signal: this.#scope.signal }, (results) => {
      this.#running -= results.length;
      deliver(results);
    });
  }

  /** The request is over: tools still running are told (aborting costs a DOMException, ~10 µs: only then). */
  end(): void {
    this.signal?.removeEventListener("abort", this.#forwardAbort);
    if (this.#running > 0) this.#scope?.abort();
  }
}
