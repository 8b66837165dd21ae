/**
 * setTimeout / setInterval / clearTimeout / clearInterval for the guest.
 * Timers live on the guest heap. The host owns the clock: it asks when the next timer is due
 * (`nextDueAt`), moves the clock there (virtual time) or waits (real time), then calls `fireNext`.
 * Timers still pending when an eval ends are cancelled (`cancelAll`).
 */
import { clearMap } from "./intrinsics.js";
import { noteActivity } from "./activity.js";

interface Timer {
  id: number;
  dueAt: number;
  seq: number;
  intervalMs: number | null;
  callback: (...args: unknown[]) => unknown;
  args: unknown[];
}

export interface TimerQueue {
  install(target: Record<string, unknown>): void;
  nextDueAt(): number | null;
  fireNext(): void;
  cancelAll(): void;
  readonly size: number;
}

export function createTimerQueue(now: () => number, reportError: (error: unknown) => void): TimerQueue {
  const timers = new Map<number, Timer>();
  let nextId = 1;
  let seq = 0;

  function schedule(callback: unknown, delay: unknown, args: unknown[], repeat: boolean): number {
    if (typeof callback !== "function") {
      throw new TypeError('The "callback" argument must be of type function');
    }
    let delayMs = Number(delay);
    if (!(delayMs >= 1 && delayMs <= 2147483647)) delayMs = repeat ? 1 : 0;
    delayMs = Math.floor(delayMs);
    const id = nextId++;
    noteActivity();
    timers.set(id, {
      id,
      dueAt: now() + delayMs,
      seq: seq++,
      intervalMs: repeat ? Math.max(1, delayMs) : null,
      callback: callback as (...args: unknown[]) => unknown,
      args,
    });
    return id;
  }

  function earliest(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of timers.values()) {
      if (!best || timer.dueAt < best.dueAt || (timer.dueAt === best.dueAt && timer.seq < best.seq)) best = timer;
    }
    return best;
  }

  function clear(id: unknown): void {
    timers.delete(Number(id));
  }

  return {
    install(target) {
      target.setTimeout = function setTimeout(callback: unknown, delay?: unknown, ...args: unknown[]) {
        return schedule(callback, delay, args, false);
      };
      target.setInterval = function setInterval(callback: unknown, delay?: unknown, ...args: unknown[]) {
        return schedule(callback, delay, args, true);
      };
      target.clearTimeout = function clearTimeout(id?: unknown) {
        clear(id);
      };
      target.clearInterval = function clearInterval(id?: unknown) {
        clear(id);
      };
    },
    nextDueAt() {
      return earliest()?.dueAt ?? null;
    },
    fireNext() {
      const timer = earliest();
      if (!timer || timer.dueAt > now()) return;
      if (timer.intervalMs === null) {
        timers.delete(timer.id);
      } else {
        timer.dueAt = Math.max(timer.dueAt + timer.intervalMs, now());
        timer.seq = seq++;
      }
      try {
        timer.callback(...timer.args);
      } catch (error) {
        reportError(error);
      }
    },
    cancelAll() {
      // The original: the host calls this when the eval ends, whatever the program replaced.
      clearMap(timers);
    },
    get size() {
      return timers.size;
    },
  };
}
