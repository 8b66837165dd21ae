/** Runs tasks for one key strictly one at a time, in call order; different keys run concurrently. */
export class SerialQueues {
  readonly #tails = new Map<string, Promise<unknown>>();
  readonly #depth = new Map<string, number>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.runOnAll([key], task);
  }

  /**
   * Runs `task` once every task queued earlier on any of `keys` has finished, and before any task
   * queued on them later: its place in each key's order is taken now, at the call (fork needs its
   * source and its target in the order the caller issued the requests).
   */
  runOnAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    const previous = unique.map((key) => this.#tails.get(key)).filter((tail) => tail !== undefined);
    const ready = previous.length === 0 ? Promise.resolve() : previous.length === 1 ? previous[0]! : Promise.all(previous);
    const result = ready.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    for (const key of unique) {
      this.#depth.set(key, (this.#depth.get(key) ?? 0) + 1);
      this.#tails.set(key, tail);
    }
    tail.then(() => {
      for (const key of unique) {
        const depth = (this.#depth.get(key) ?? 1) - 1;
        if (depth === 0) {
          this.#depth.delete(key);
          if (this.#tails.get(key) === tail) this.#tails.delete(key);
        } else {
          this.#depth.set(key, depth);
        }
      }
    });
    return result;
  }

  /** True while a task for `key` is running or queued. */
  busy(key: string): boolean {
    return (this.#depth.get(key) ?? 0) > 0;
  }
}
