/**
 * The engine's stop signals (src/util/stop-signal.ts), which replace an AbortController per eval:
 * they must behave as the engine uses AbortSignal — one call per listener, at the first stop,
 * none after removal — and EitherStop must follow both of its signals and leave neither a listener.
 */
import { describe, expect, it } from "vitest";
import { EitherStop, StopFlag } from "../../src/util/stop-signal.js";

describe("StopFlag", () => {
  it("calls each listener once, at the first abort", () => {
    const flag = new StopFlag();
    const heard: string[] = [];
    flag.addEventListener("abort", () => heard.push("one"));
    flag.addEventListener("abort", () => heard.push("two"));
    expect(flag.aborted).toBe(false);
    flag.abort();
    flag.abort();
    expect(flag.aborted).toBe(true);
    expect(heard).toEqual(["one", "two"]);
  });

  it("does not call a removed listener, nor one added after the abort", () => {
    const flag = new StopFlag();
    const heard: string[] = [];
    const removed = () => heard.push("removed");
    flag.addEventListener("abort", removed);
    flag.removeEventListener("abort", removed);
    flag.abort();
    flag.addEventListener("abort", () => heard.push("late"));
    expect(heard).toEqual([]);
  });
});

describe("EitherStop", () => {
  for (const which of ["first", "second"] as const) {
    it(`is stopped when its ${which} signal is, and calls a listener once even when both stop`, () => {
      const flag = new StopFlag();
      const controller = new AbortController();
      const either = new EitherStop(flag, controller.signal);
      let calls = 0;
      either.addEventListener("abort", () => calls++);
      if (which === "first") flag.abort();
      else controller.abort();
      expect(either.aborted).toBe(true);
      flag.abort();
      controller.abort();
      expect(calls).toBe(1);
    });
  }

  it("a removed listener is not called by either signal", () => {
    const first = new StopFlag();
    const second = new StopFlag();
    const either = new EitherStop(first, second);
    let calls = 0;
    const listener = () => calls++;
    either.addEventListener("abort", listener);
    either.removeEventListener("abort", listener);
    first.abort();
    second.abort();
    expect(calls).toBe(0);
  });

  it("leaves no listener on a long-lived signal: 100,000 runs add and remove one each", () => {
    const disposal = new AbortController();
    const added = { count: 0 };
    const original = disposal.signal.addEventListener.bind(disposal.signal);
    const originalRemove = disposal.signal.removeEventListener.bind(disposal.signal);
    // Counts what is left registered on the real signal (the wrapper is a counter, not a mock of behaviour).
    disposal.signal.addEventListener = ((type: string, listener: () => void, options?: AddEventListenerOptions) => (added.count++, original(type, listener, options))) as typeof disposal.signal.addEventListener;
    disposal.signal.removeEventListener = ((type: string, listener: () => void) => (added.count--, originalRemove(type, listener))) as typeof disposal.signal.removeEventListener;
    for (let run = 0; run < 100_000; run++) {
      const stop = new StopFlag();
      const either = new EitherStop(stop, disposal.signal);
      const listener = () => {};
      either.addEventListener("abort", listener);
      if (run % 2) stop.abort();
      else either.removeEventListener("abort", listener);
    }
    expect(added.count).toBe(0);
  });
});
