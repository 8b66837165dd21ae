/**
 * A run's waits for the host (results, a real timer), bounded by its wall budget and its abort
 * signal. One timer and one listener per run, made at its first wait (a timer per wait was a
 * measurable part of a tool call); `disarm` when the run ends.
 */
import type { StopReason } from "../result/outcomes.js";
import type { RunBudget } from "./run-budget.js";

export class HostWait {
  #onInterrupt: ((reason: StopReason) => void) | null = null;
  #interruption: { disarm(): void } | null = null;

  constructor(
    private readonly budget: () => RunBudget,
    private readonly signal: AbortSignal | undefined,
  ) {}

  #arm(): void {
    if (this.#interruption) return;
    const signal = this.signal;
    const interrupt = (reason: StopReason) => this.#onInterrupt?.(reason);
    // Timers may fire a little early (ms rounding): the deadline is checked, and the timer re-armed.
    const fire = () => {
      const remainingMs = this.budget().wallRemainingMs();
      if (remainingMs > 0) timer = setTimeout(fire, remainingMs);
      else interrupt("wall");
    };
    let timer = setTimeout(fire, this.budget().wallRemainingMs());
    const onAbort = () => interrupt("cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#interruption = {
      disarm: () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      },
    };
  }

  /** `work`'s value, or why the run must stop instead ("wall", "cancelled"). */
  async wait<T>(work: Promise<T>): Promise<T | StopReason> {
    const budget = this.budget();
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

  disarm(): void {
    this.#interruption?.disarm();
  }
}
