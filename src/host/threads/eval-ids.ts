/**
 * Eval ids (`ctx.caller.evalId`): one per `eval()`. A pause keeps its eval's id with the held
 * interrupts (in the thread's head too), so every `resume()` of that program, in this process or
 * another, runs its calls under the same id.
 */
import type { CallRunner, CallScope, GuestCall, ResultSink } from "../../engine-contract.js";
import { newEvalId } from "../tool-callers.js";
import type { HeldCall } from "./thread-table.js";

/** A call scope that names the program run; `signal` stays the request's getter (read only when a call needs it). */
class EvalScope implements CallScope {
  constructor(
    private readonly scope: CallScope,
    readonly evalId: string,
  ) {}

  get threadId(): string {
    return this.scope.threadId;
  }

  get signal(): AbortSignal {
    return this.scope.signal;
  }
}

/** The calls of one program run: each call's scope names the run. */
class EvalCalls implements CallRunner {
  constructor(
    private readonly runner: CallRunner,
    private readonly evalId: string,
  ) {}

  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void {
    // Not a spread: it would read the scope's signal, which is made only when a tool reads it.
    this.runner.run(calls, new EvalScope(scope, this.evalId), sink);
  }
}

export function callsOfEval(runner: CallRunner, evalId: string): CallRunner {
  return new EvalCalls(runner, evalId);
}

/** The eval a paused program belongs to (a pause stored before eval ids were kept gets a new one). */
export function pausedEvalId(pending: HeldCall[]): string {
  return pending.find((interrupt) => interrupt.evalId !== undefined)?.evalId ?? newEvalId();
}

export { newEvalId };

/**
 * What the caller of an eval or resume is told while it goes on: a background cell names its run
 * in its "running" results, and once the program has ended waits for its result, which comes
 * after the thread's snapshot is stored.
 */
export interface RunNotes {
  /** The run's id, once known: an eval's at once, a resume's (the paused eval's) once the paused thread is read. */
  started?(evalId: string): void;
  /** The program has ended; its result follows once the reply is settled (the snapshot stored). */
  ended?(): void;
}

/** A run nobody is told about (an eval in the foreground). */
export const NO_NOTES: RunNotes = Object.freeze({});
