/**
 * What the engine asks of the guest once a program is done with: what it printed (`close`, or
 * `takeOutput` when it pauses) and a fresh session for the next eval (`endSession`). These calls
 * run after the program's own budget is spent, so each gets a small budget of its own instead:
 * their work is bounded by the output limits (microseconds), and a program that replaced what the
 * prelude relies on (prototype methods, an inherited toJSON) or left no memory cannot make them
 * run long. None of them throws: when the guest cannot answer, what it printed is lost, and when it
 * cannot even end the session, the instance is discarded (the thread restarts, and says so). A
 * guest failure is always a result (issue 24 §3).
 */
import { HostAllocationError } from "./guest-calls.js";
import { GuestException, type GuestPort } from "./guest-port.js";
import { GuestProtocolError, parseOutput } from "./guest-reports.js";
import { RunBudget } from "./run-budget.js";

/** CPU and wall time one closing call may take (see above). */
export const CLOSING_CALL_BUDGET_MS = 500;

/** What the program printed, as the outcome carries it. */
export interface PrintedOutput {
  stdout: string;
  stdoutDroppedChars: number;
  progressDropped?: number;
}

/** What the closing calls need of the thread and its run. */
export interface ClosingThread {
  readonly port: GuestPort;
  readonly lost: string | null;
  /** Set when an allocation found the fixed-size memory full during the run. */
  readonly heapExhausted: boolean;
  discard(reason: string): void;
}

/** Runs `call` while the interrupt handler consults `budget` alone (EvalRun provides it). */
export type UnderBudget = <T>(budget: RunBudget, call: () => T) => T;

/** The guest answered with an exception or a malformed report, or had no memory: it can still be called. */
function isGuestFailure(error: unknown): error is Error {
  return error instanceof GuestException || error instanceof GuestProtocolError || error instanceof HostAllocationError;
}

/** What went wrong, in a few words, for the reason an instance was discarded. */
function describeFailure(error: unknown): string {
  if (isGuestFailure(error)) return error.message;
  return `the interpreter crashed: ${error instanceof Error ? error.message : String(error)}`;
}

export class ClosingCalls {
  constructor(
    private readonly thread: ClosingThread,
    private readonly maxResultChars: number,
    private readonly underBudget: UnderBudget,
  ) {}

  #call(name: "close" | "takeOutput" | "endSession"): string {
    const budget = new RunBudget(CLOSING_CALL_BUDGET_MS, CLOSING_CALL_BUDGET_MS);
    return this.underBudget(budget, () => {
      if (name === "endSession") {
        this.thread.port.callVoid(name);
        return "";
      }
      return this.thread.port.callString(name);
    });
  }

  #printed(text: string): PrintedOutput {
    const printed = parseOutput(text, this.maxResultChars);
    return { stdout: printed.text, stdoutDroppedChars: printed.droppedChars, ...(printed.progressDropped ? { progressDropped: printed.progressDropped } : {}) };
  }

  /** Ends the eval's session with what it printed; null when that could not be had (the session is then ended without it). */
  close(): PrintedOutput | null {
    if (this.thread.lost) return null;
    try {
      return this.#printed(this.#call("close"));
    } catch (error) {
      // A trap or the host's own stack overflowing leaves an instance nothing may call again.
      if (isGuestFailure(error)) this.end(describeFailure(error));
      else this.thread.discard(describeFailure(error));
      return null;
    }
  }

  /** What a pausing eval printed so far (its session stays open); null when that could not be had. */
  takeOutput(): PrintedOutput | null {
    if (this.thread.lost) return null;
    try {
      return this.#printed(this.#call("takeOutput"));
    } catch {
      // The pause itself is intact (its calls live in the guest): only the output is missing.
      return null;
    }
  }

  /** Ends the session without its output; if even that fails, the instance cannot be trusted. */
  end(why: string): void {
    if (this.thread.lost) return;
    try {
      this.#call("endSession");
    } catch (error) {
      // Whatever the program left in the guest's state, the next eval must not inherit it.
      const cause = this.thread.heapExhausted ? "memory stayed exhausted" : `${why}; then ${describeFailure(error)}`;
      this.thread.discard(`the eval could not be closed (${cause})`);
    }
  }
}
