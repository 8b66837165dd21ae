/**
 * An eval's waits for the host (tool results, a real-clock timer), cut short when the wall budget
 * runs out or the eval's signal aborts. One timer and one listener per run, made at its first
 * wait (a timer per wait was a measurable part of a tool call).
 */
import type { StopSignal } from "../util/stop-signal.js";
import type { StopReason } from "../result/outcomes.js";
import type { RunBudget } from "./run-budget.js";

export class HostWaits {
  /** Where the current wait goes when the wall budget runs out or the signal aborts. */
  #onInterrupt: ((reason: StopReason) => void) | null = null;
  #interruption: { disarm(): void } | null = null;

  constructor(
    private readonly budget: RunBudget,
    private readonly signal: StopSignal | undefined,
  ) {}

  #arm(): void {
    if (this.#interruption) return;
    const signal = this.signal;
    const interrupt = (reason: StopReason) => this.#onInterrupt?.(reason);
    // Timers may fire a little early (ms rounding): the deadline is checked, and the timer re-armed.
    const fire = () => {
      const remainingMs = this.budget.wallRemainingMs();
      if (remainingMs > 0) timer = setTimeout(fire, remainingMs);
      else interrupt("wall");
    };
    let timer = setTimeout(fire, this.budget.wallRemainingMs());
    const onAbort = () => interrupt("cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#interruption = {
      disarm: () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      },
    };
  }

  /** Waits for `work` within the wall budget and the abort signal. */
  async wait<T>(work: Promise<T>): Promise<T | StopReason> {
    const budget = this.budget;
    if (this.signal?.aborted) return "cancelled";
    if (budget.wallRemainingMs() <= 0) {
      budget.expire("wall");
      return "wall";
    }
    this.#arm();
    try {
      const outcome = await budget.awaitHost(
        new Promise<T | StopReason>((resolve, reject) => {
          this.#onInterrupt = resolve;
          work.then(resolve, reject);
        }),
      );
      if (outcome === "wall") budget.expire("wall");
      return outcome;
    } finally {
      this.#onInterrupt = null;
    }
  }

  /** The run is over: the timer and the listener go. */
  disarm(): void {
    this.#interruption?.disarm();
  }
}
