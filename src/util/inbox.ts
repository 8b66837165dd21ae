/** A queue one consumer awaits: `receive()` resolves with everything pushed since the last one. */
export class Inbox<T> {
  #items: T[] = [];
  #waiter: ((items: T[]) => void) | null = null;

  push(items: T[]): void {
    if (!items.length) return;
    if (this.#waiter) {
      const waiter = this.#waiter;
      this.#waiter = null;
      waiter(items);
      return;
    }
    this.#items.push(...items);
  }

  receive(): Promise<T[]> {
    if (this.#items.length) {
      const items = this.#items;
      this.#items = [];
      return Promise.resolve(items);
    }
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }
}
