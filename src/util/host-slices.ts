/**
 * Host work a program can multiply — a batch of up to maxToolCalls calls, each with arguments of up
 * to maxToolPayloadBytes to check and parse, each result to encode — is done in slices: once the
 * current slice has held the host's event loop for SLICE_MS, the next piece of work waits for the
 * loop to turn, so timers, I/O and a page's rendering run in between (DESIGN §8: nothing a program
 * does may hold the host's loop for more than ~50 ms at a time). Microtasks alone would never yield:
 * a batch of promise continuations runs to the end before the loop moves on.
 *
 * One slice for the whole process (all interpreters share the loop). Waiters resume in the order
 * they waited, so work keeps the order the program made it in.
 */
export const SLICE_MS = 10;

let inSlice = false;
let sliceStartedAt = 0;
let nextTurn: Promise<void> | null = null;

function endSlice(): void {
  inSlice = false;
}

/**
 * Runs `callback` once the loop has turned. A MessageChannel message, where there is one: it comes
 * within ~0.1 ms (Node's setTimeout(0) waits 1 ms) and a hidden browser tab does not throttle it
 * (timers there wait up to a second).
 */
function afterTheLoopTurns(callback: () => void): void {
  if (typeof MessageChannel !== "function") {
    setTimeout(callback, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/**
 * Ends the current slice once the loop has turned. setImmediate where the runtime has one (Node,
 * Bun, Deno): it runs at the end of this turn of the loop, costs about a third of a timer's
 * scheduling and no timer-list work, and a host call starts a slice per message; else a timer.
 */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
const endSliceAfterThisTurn: () => void = typeof immediate === "function" ? () => void immediate(endSlice) : () => void setTimeout(endSlice, 0);

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
  if (!inSlice) {
    inSlice = true;
    sliceStartedAt = performance.now();
    // Any task that runs after this one means the loop has turned: the slice is over. An immediate
    // (or a timer) is the cheapest way to hear of it when nobody is waiting (work that waits asks for its own turn).
    endSliceAfterThisTurn();
    return false;
  }
  return performance.now() - sliceStartedAt >= SLICE_MS;
}

/** Resolves once the loop has turned (the current slice is then over). */
export function nextHostSlice(): Promise<void> {
  nextTurn ??= new Promise((resolve) =>
    afterTheLoopTurns(() => {
      nextTurn = null;
      endSlice();
      resolve();
    }),
  );
  return nextTurn;
}
