/**
 * Time limits for one eval, enforced from the interrupt handler QuickJS polls while guest code
 * runs. `timeoutMs` counts the eval's time minus the time spent awaiting the host (tool calls,
 * real-clock timers); `wallTimeoutMs` counts everything. Once expired, the budget stays expired:
 * the interrupt keeps firing so the guest cannot catch it and carry on.
 */
export type TimeoutKind = "cpu" | "wall";

export class RunBudget {
  readonly #startedAt: number;
  #awaitingSince: number | null = null;
  #awaitedMs = 0;
  #expired: TimeoutKind | null = null;
  /** Interrupt polls seen; deployed Workers freeze the clock during CPU work (see README). */
  polls = 0;

  constructor(
    readonly timeoutMs: number,
    readonly wallTimeoutMs: number,
    private readonly now: () => number = () => performance.now(),
    readonly maxPolls: number = Number.POSITIVE_INFINITY,
  ) {
    this.#startedAt = now();
  }

  get expired(): TimeoutKind | null {
    return this.#expired;
  }

  /** Called by the interrupt handler: true interrupts the guest. */
  shouldInterrupt(): boolean {
    if (this.#expired) return true;
    this.polls++;
    this.check();
    if (!this.#expired && this.polls > this.maxPolls) this.#expired = "cpu";
    return this.#expired !== null;
  }

  /** Re-evaluates the limits; returns the kind if expired. */
  check(): TimeoutKind | null {
    if (this.#expired) return this.#expired;
    const now = this.now();
    if (now - this.#startedAt > this.wallTimeoutMs) this.#expired = "wall";
    else if (this.#awaitingSince === null && now - this.#startedAt - this.#awaitedMs > this.timeoutMs) this.#expired = "cpu";
    return this.#expired;
  }

  expire(kind: TimeoutKind): void {
    this.#expired ??= kind;
  }

  /** Milliseconds left before the wall limit. */
  wallRemainingMs(): number {
    return Math.max(0, this.wallTimeoutMs - (this.now() - this.#startedAt));
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
