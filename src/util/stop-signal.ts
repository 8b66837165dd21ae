/**
 * Signals that stop a run, for the engine's own use: they cost next to nothing to make — Node
 * builds an AbortController in ~9 µs (an EventTarget and its bookkeeping), about what a whole
 * warm eval may take, so the engine makes none per eval.
 */

/**
 * What the engine needs of a signal that stops a run: whether it fired, and a listener for when
 * it does. An AbortSignal is one; so are the classes below.
 */
export interface StopSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** A stop signal and its trigger, in one small object. Listeners are called once, at the first `abort()`. */
export class StopFlag implements StopSignal {
  #aborted = false;
  #listeners: (() => void)[] | null = null;

  get aborted(): boolean {
    return this.#aborted;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (!this.#aborted) (this.#listeners ??= []).push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const listeners = this.#listeners;
    const index = listeners ? listeners.indexOf(listener) : -1;
    if (index >= 0) listeners!.splice(index, 1);
  }

  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const listeners = this.#listeners;
    this.#listeners = null;
    for (const listener of listeners ?? []) listener();
  }
}

/**
 * Stopped when either signal is (a listener hears the first of them, once). Nothing to release:
 * it holds no listener of its own; a listener added here is removed from both with removeEventListener.
 */
export class EitherStop implements StopSignal {
  readonly #wrapped = new Map<() => void, () => void>();

  constructor(
    private readonly first: StopSignal,
    private readonly second: StopSignal,
  ) {}

  get aborted(): boolean {
    return this.first.aborted || this.second.aborted;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (this.#wrapped.has(listener)) return;
    const once = () => {
      this.removeEventListener("abort", listener);
      listener();
    };
    this.#wrapped.set(listener, once);
    this.first.addEventListener("abort", once, { once: true });
    this.second.addEventListener("abort", once, { once: true });
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const once = this.#wrapped.get(listener);
    if (!once) return;
    this.#wrapped.delete(listener);
    this.first.removeEventListener("abort", once);
    this.second.removeEventListener("abort", once);
  }
}
