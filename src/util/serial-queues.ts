/** Runs tasks for one key strictly one at a time, in call order; different keys run concurrently. */
export class SerialQueues {
  readonly #tails = new Map<string, Promise<unknown>>();
  readonly #depth = new Map<string, number>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    this.#depth.set(key, (this.#depth.get(key) ?? 0) + 1);
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    tail.then(() => {
      const depth = (this.#depth.get(key) ?? 1) - 1;
      if (depth === 0) {
        this.#depth.delete(key);
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      } else {
        this.#depth.set(key, depth);
      }
    });
    return result;
  }

  /** True while a task for `key` is running or queued. */
  busy(key: string): boolean {
    return (this.#depth.get(key) ?? 0) > 0;
  }
}
