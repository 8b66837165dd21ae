/** Runs tasks for one key strictly one at a time, in call order; different keys run concurrently. */

const settled = (): undefined => undefined;

/** One key's queue. */
interface Lane {
  /** Tasks queued or running. */
  depth: number;
  /**
   * Settles once every task queued so far has finished. Null while the only task is one that
   * `runAtOnce` started and that has not returned yet (its promise does not exist yet).
   */
  tail: Promise<void> | null;
  /** While `tail` is null: what a task queued meanwhile waits on (opened when that task is done). */
  gate: { opened: Promise<void>; open(): void } | null;
}

/**
 * Idle lanes are kept for reuse (adding and deleting a map entry per request was a measurable part
 * of a small eval) until there are more than this many lanes; then the idle ones are dropped.
 */
const IDLE_LANES_KEPT = 256;

export class SerialQueues {
  readonly #lanes = new Map<string, Lane>();

  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    return this.runOnAll([key], task);
  }

  /**
   * Like `run`, but when nothing is queued on `key` the task starts now, within this call, and
   * what it returns is returned as it is: a value when it finished synchronously (no promise is
   * made), else its promise. A task it throws synchronously is thrown here. Tasks queued while it
   * runs wait for it as for any other. (`run` starts a task a microtask later even when idle.)
   */
  runAtOnce<T>(key: string, task: () => T | Promise<T>): T | Promise<T> {
    let lane = this.#lanes.get(key);
    if (lane && lane.depth > 0) return this.runOnAll([key], task);
    if (lane) lane.depth = 1;
    else lane = this.#newLane(key, 1);
    let result: T | Promise<T>;
    try {
      result = task();
    } catch (error) {
      this.#doneAtOnce(lane);
      throw error;
    }
    if (!(result instanceof Promise)) {
      this.#doneAtOnce(lane);
      return result;
    }
    const tail = result.then(settled, settled);
    // A task queued while this one ran synchronously already made itself the tail (it waits on the gate).
    lane.tail ??= tail;
    const started = lane;
    void tail.then(() => this.#doneAtOnce(started));
    return result;
  }

  /**
   * Runs `task` once every task queued earlier on any of `keys` has finished, and before any task
   * queued on them later: its place in each key's order is taken now, at the call (fork needs its
   * source and its target in the order the caller issued the requests).
   */
  runOnAll<T>(keys: readonly string[], task: () => T | Promise<T>): Promise<T> {
    const unique = keys.length === 1 ? keys : [...new Set(keys)];
    const previous: Promise<void>[] = [];
    for (const key of unique) {
      const lane = this.#lanes.get(key);
      if (lane && lane.depth > 0) previous.push(lane.tail ?? SerialQueues.#gate(lane));
    }
    const ready = previous.length === 0 ? Promise.resolve() : previous.length === 1 ? previous[0]! : Promise.all(previous);
    const result = ready.then(task, task);
    const tail = result.then(settled, settled);
    const lanes = unique.map((key) => {
      const lane = this.#lanes.get(key) ?? this.#newLane(key, 0);
      lane.depth++;
      lane.tail = tail;
      return lane;
    });
    void tail.then(() => lanes.forEach((lane) => this.#leave(lane)));
    return result;
  }

  /** True while a task for `key` is running or queued. */
  busy(key: string): boolean {
    return (this.#lanes.get(key)?.depth ?? 0) > 0;
  }

  static #gate(lane: Lane): Promise<void> {
    if (!lane.gate) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      lane.gate = { opened, open };
    }
    return lane.gate.opened;
  }

  #newLane(key: string, depth: number): Lane {
    if (this.#lanes.size >= IDLE_LANES_KEPT) {
      for (const [idleKey, lane] of this.#lanes) if (lane.depth === 0) this.#lanes.delete(idleKey);
    }
    const lane: Lane = { depth, tail: null, gate: null };
    this.#lanes.set(key, lane);
    return lane;
  }

  /** A task `runAtOnce` started is done: the tasks queued behind it while it ran synchronously may go. */
  #doneAtOnce(lane: Lane): void {
    lane.gate?.open();
    lane.gate = null;
    this.#leave(lane);
  }

  /** A task is done: a lane with none left is idle (no tail). */
  #leave(lane: Lane): void {
    if (--lane.depth === 0) lane.tail = null;
  }
}
