/**
 * What a failure of the engine itself (not of the program) means: a guest exception from an
 * interrupt or out of memory, a guest report the program forged, a host allocation that did not
 * fit, the host's own stack overflowing, or a wasm trap. Pure classification; the run acts on it.
 */
import type { EngineOutcome } from "../engine-contract.js";
import { internalErrorOutcome, outOfMemoryOutcome, stackOverflowOutcome, type StopReason } from "../result/outcomes.js";
import { HostAllocationError } from "./guest-calls.js";
import { GuestException } from "./guest-port.js";
import { GuestProtocolError } from "./guest-reports.js";
import type { TimeoutKind } from "./run-budget.js";

export interface FailureContext {
  /** The eval's signal was aborted. */
  cancelled: boolean;
  /** The run's budget expired (the guest exception is the interrupt). */
  expired: TimeoutKind | null;
  /** The allocator found the fixed-size memory full during the run. */
  heapExhausted: boolean;
}

export type FailureVerdict =
  /** End the run as stopped for this reason (keeps what the program printed). */
  | { stop: StopReason }
  | {
      outcome: EngineOutcome;
      /** Probe for free memory; the instance is discarded if there is none. */
      checkHeadroom?: boolean;
      /** The instance cannot be trusted any more: why. */
      discard?: string;
    };

export function classifyFailure(error: unknown, context: FailureContext): FailureVerdict {
  if (error instanceof GuestException) {
    if (context.cancelled) return { stop: "cancelled" };
    if (context.expired) return { stop: context.expired };
    if (/out of memory/.test(error.message) || context.heapExhausted) return { outcome: outOfMemoryOutcome(), checkHeadroom: true };
    return { outcome: internalErrorOutcome(`the interpreter failed: ${error.message}`), discard: `the guest prelude failed: ${error.message}` };
  }
  if (error instanceof GuestProtocolError) {
    return {
      outcome: internalErrorOutcome(`the program modified the interpreter's own runtime (${error.message}); the thread will restart`),
      discard: `the program modified quickbox's guest runtime (${error.message})`,
    };
  }
  if (error instanceof HostAllocationError) return { outcome: outOfMemoryOutcome(error.message), checkHeadroom: true };
  if (error instanceof RangeError) {
    // The wasm frames overflowed the host's own stack: the shadow stack pointer is left
    // displaced and the instance cannot be trusted (ENGINE-NOTES.md Q3).
    return { outcome: stackOverflowOutcome(), discard: "the host stack overflowed" };
  }
  const message = error instanceof Error ? error.message : String(error);
  // A wasm trap right after an allocation failed: QuickJS ran on with a failed allocation
  // (seen as "memory access out of bounds" when a Map or the heap is full). The instance is
  // gone either way, but what the program did was run out of memory.
  return {
    outcome: context.heapExhausted ? outOfMemoryOutcome() : internalErrorOutcome(`the interpreter crashed: ${message}`),
    discard: `the interpreter crashed: ${message}`,
  };
}

/**
 * After an allocation failed, QuickJS may have had no memory left to build its own "out of
 * memory" error: it throws null, or an InternalError without a message. Reported as what it is.
 */
export function outOfMemoryFromBareError(outcome: EngineOutcome, heapExhausted: boolean): EngineOutcome {
  const bareEngineError = outcome.errorMessage === "null" || (outcome.errorType === "InternalError" && !outcome.errorMessage);
  if (outcome.status === "error" && heapExhausted && bareEngineError) {
    return { ...outcome, errorType: "OutOfMemory", errorMessage: "out of memory", body: "out of memory" };
  }
  return outcome;
}
