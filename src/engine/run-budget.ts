/**
 * Time limits for one eval, enforced from the interrupt handler QuickJS polls while guest code
 * runs. `timeoutMs` counts the eval's time minus the time spent awaiting the host (tool calls,
 * real-clock timers); `wallTimeoutMs` counts everything. Once expired, the budget stays expired:
 * the interrupt keeps firing so the guest cannot catch it and carry on.
 *
 * The poll budget: deployed Cloudflare Workers do not advance `performance.now()`/`Date.now()`
 * while code computes (only across I/O), so there a time limit alone never fires. QuickJS calls
 * the interrupt handler about every 10,000 interpreter ticks (function calls and backward
 * jumps), so the number of polls measures guest work without a clock. An eval stops as a CPU
 * timeout once it has polled `timeoutMs × POLLS_PER_CPU_MS` times while the clock stands still,
 * i.e. shows less time than even the fastest loop needs for the polls seen (MAX_POLLS_PER_CPU_MS).
 * Where the clock works (Node, browsers, Deno, local workerd) that never holds, and the limits are
 * time-based exactly as before.
 */
export type TimeoutKind = "cpu" | "wall";

/**
 * Polls per millisecond of guest CPU that the poll budget assumes: the median of the loop shapes
 * measured in workerd 2026-07-30 (miniflare 4.20260730.0) on a 2-core x86-64 VM, 1 s each:
 * counter loop 4.9, regex 4.6, recursion 3.9, function calls 3.4, array building 1.9, string
 * building 0.8 polls/ms. With a frozen clock, code like that stops after about timeoutMs of CPU;
 * `while (true) {}` (19 polls/ms there) after about a quarter of it, string building after ~5×.
 * A single long builtin call (JSON.parse of a huge string, BigInt arithmetic) polls once at most.
 */
export const POLLS_PER_CPU_MS = 4;

/**
 * More polls per millisecond than any loop makes: the fastest measured on that VM is
 * `while (true) {}` at 27.6 (Chromium 156; workerd 19.0, Node 20 8.7). A clock that shows less than
 * polls / MAX_POLLS_PER_CPU_MS ms (plus 1 ms of clock granularity) of CPU is standing still.
 */
export const MAX_POLLS_PER_CPU_MS = 100;

/** The poll budget for a CPU limit (see POLLS_PER_CPU_MS). */
export function pollBudget(timeoutMs: number): number {
  return Math.ceil(timeoutMs * POLLS_PER_CPU_MS);
}

export class RunBudget {
  readonly #startedAt: number;
  #awaitingSince: number | null = null;
  #awaitedMs = 0;
  #expired: TimeoutKind | null = null;
  /** Interrupt polls seen; deployed Workers freeze the clock during CPU work (see the top). */
  polls = 0;

  constructor(
    readonly timeoutMs: number,
    readonly wallTimeoutMs: number,
    private readonly now: () => number = () => performance.now(),
    readonly maxPolls: number = pollBudget(timeoutMs),
    /** Time the eval already spent before this budget started (counted as CPU and wall time). */
    spentMs = 0,
  ) {
    this.#startedAt = now() - spentMs;
  }

  get expired(): TimeoutKind | null {
    return this.#expired;
  }

  /** Called by the interrupt handler: true interrupts the guest. */
  shouldInterrupt(): boolean {
    if (this.#expired) return true;
    this.polls++;
    this.check();
    if (!this.#expired && this.polls > this.maxPolls && this.#clockStandsStill()) this.#expired = "cpu";
    return this.#expired !== null;
  }

  /** The clock shows less CPU time than the polls seen need, even at the fastest rate. */
  #clockStandsStill(): boolean {
    return (this.#cpuMs(this.now()) + 1) * MAX_POLLS_PER_CPU_MS < this.polls;
  }

  /** Guest CPU time by the clock: the eval's time minus the time spent awaiting the host. */
  #cpuMs(now: number): number {
    return now - this.#startedAt - this.#awaitedMs;
  }

  /** Re-evaluates the limits; returns the kind if expired. */
  check(): TimeoutKind | null {
    if (this.#expired) return this.#expired;
    const now = this.now();
    if (now - this.#startedAt > this.wallTimeoutMs) this.#expired = "wall";
    else if (this.#awaitingSince === null && this.#cpuMs(now) > this.timeoutMs) this.#expired = "cpu";
    return this.#expired;
  }

  expire(kind: TimeoutKind): void {
    this.#expired ??= kind;
  }

  /** Milliseconds left before the wall limit. */
  wallRemainingMs(): number {
    return Math.max(0, this.wallTimeoutMs - (this.now() - this.#startedAt));
  }

  /**
   * Work quickbox does inside a guest call on its own behalf (compiling a chunk of the prelude on
   * first use, guest-chunks.ts): its time and polls do not count against `timeoutMs`, so a program's
   * budget is the program's, however long a first use takes on a loaded machine. The wall limit
   * still counts it.
   */
  outside<T>(work: () => T): T {
    const startedAt = this.now();
    const polls = this.polls;
    try {
      return work();
    } finally {
      if (this.#awaitingSince === null) this.#awaitedMs += this.now() - startedAt;
      this.polls = polls;
    }
  }

  /** Bracket host waits (tool calls, real timers): they do not count against `timeoutMs`. */
  async awaitHost<T>(work: Promise<T>): Promise<T> {
    this.#awaitingSince = this.now();
    try {
      return await work;
    } finally {
      this.#awaitedMs += this.now() - this.#awaitingSince;
      this.#awaitingSince = null;
    }
  }

  get elapsedMs(): number {
    return this.now() - this.#startedAt;
  }
}
