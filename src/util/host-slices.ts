/**
 * Host work a program can multiply — a batch of up to maxToolCalls calls, each with arguments of up
 * to maxToolPayloadBytes to check and parse, each result to encode — is done in slices: once the
 * current slice has held the host's event loop for SLICE_MS, the next piece of work waits for a new
 * macrotask, so timers, I/O and a page's rendering run in between (DESIGN §8: nothing a program does
 * may hold the host's loop for more than ~50 ms at a time). Microtasks alone would never yield: a
 * batch of promise continuations runs to the end before the loop moves on.
 *
 * One slice for the whole process (all interpreters share the loop). Waiters resume in the order
 * they waited, so work keeps the order the program made it in.
 */
export const SLICE_MS = 10;

let sliceStartedAt = 0;
let sliceEnds: Promise<void> | null = null;

/**
 * True when the current slice has used its time (a new one starts when none is running): then wait
 * for `nextHostSlice()` and ask again, right before the work —
 *
 *   while (hostSliceIsFull()) await nextHostSlice();
 *   work();
 *
 * so work that waited is measured as it runs, and work that did not wait runs without a microtask's
 * delay (the order of events and calls stays the program's).
 */
export function hostSliceIsFull(): boolean {
  if (sliceEnds === null) {
    sliceStartedAt = performance.now();
    sliceEnds = new Promise((resolve) =>
      setTimeout(() => {
        sliceEnds = null;
        resolve();
      }, 0),
    );
    return false;
  }
  return performance.now() - sliceStartedAt >= SLICE_MS;
}

/** Resolves when the current slice ends (a new macrotask). */
export function nextHostSlice(): Promise<void> {
  return sliceEnds ?? Promise.resolve();
}
