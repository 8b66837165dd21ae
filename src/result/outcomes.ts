/**
 * Every outcome the engine or the transport makes itself (the guest renders the others): errors
 * of the engine's own types (DESIGN §5), pauses, and the results of requests that never reached
 * the guest. One constructor per kind, so each message is written once.
 */
import type { EngineOutcome, HeldCallReport } from "../engine-contract.js";

export type StopReason = "cpu" | "wall" | "deadlock" | "cancelled";

/** An error outcome with nothing printed. */
export function errorOutcome(type: string, message: string, details?: Record<string, unknown>): EngineOutcome {
  return {
    status: "error",
    body: message,
    droppedChars: 0,
    handle: false,
    errorType: type,
    errorMessage: message,
    ...(details ? { errorDetails: details } : {}),
    stdout: "",
    stdoutDroppedChars: 0,
  };
}

/** A TypeScript cell that does not parse: nothing ran; reported like QuickJS reports a SyntaxError. */
export function typeScriptSyntaxError(error: { message: string; line: number; column: number }, filename: string): EngineOutcome {
  const stack = `    at ${filename}:${error.line}:${error.column}`;
  return { ...errorOutcome("SyntaxError", error.message), body: `${error.message}\n${stack}`, errorStack: stack };
}

export function codeTooLarge(chars: number, maxChars: number): EngineOutcome {
  return errorOutcome("RangeError", `the code is too large (${chars} characters; at most ${maxChars})`);
}

/** Why an eval had to be stopped before it finished, with its limits for the message. */
export function stoppedOutcome(reason: StopReason, limits: { timeoutMs: number; wallTimeoutMs: number }): EngineOutcome {
  switch (reason) {
    case "deadlock":
      return errorOutcome("Deadlock", "the program is waiting for a promise that nothing can settle (no pending timers or host calls)");
    case "cancelled":
      return cancelledOutcome("the eval was cancelled");
    case "cpu":
      return errorOutcome("Timeout", `the program ran longer than timeoutMs (${limits.timeoutMs} ms)`, { kind: "cpu" });
    case "wall":
      return errorOutcome("Timeout", `the eval took longer than wallTimeoutMs (${limits.wallTimeoutMs} ms)`, { kind: "wall" });
  }
}

export function cancelledOutcome(message: string): EngineOutcome {
  return errorOutcome("Cancelled", message);
}

export const disposedOutcome = (): EngineOutcome => cancelledOutcome("the interpreter was disposed");

/** An eval or resume whose signal was aborted before it started runs nothing at all. */
export const abortedBeforeStart = (): EngineOutcome => cancelledOutcome("the signal was aborted before the program started; nothing ran");

export function outOfMemoryOutcome(detail?: string): EngineOutcome {
  return errorOutcome("OutOfMemory", detail ? `out of memory: ${detail}` : "out of memory");
}

export const stackOverflowOutcome = (): EngineOutcome => errorOutcome("StackOverflow", "Maximum call stack size exceeded");

export function internalErrorOutcome(message: string): EngineOutcome {
  return errorOutcome("InternalError", message);
}

export function skillNotAvailable(message: string): EngineOutcome {
  return errorOutcome("SkillNotAvailable", message);
}

/** A stored thread that cannot be restored: the eval reports it instead of running. */
export function snapshotErrorOutcome(message: string, reason: string | undefined, details?: Record<string, unknown>): EngineOutcome {
  return errorOutcome("SnapshotError", message, reason || details ? { ...(reason ? { reason } : {}), ...details } : undefined);
}

/**
 * An eval cut off because its worker was replaced: the watchdog stopped a worker stuck in a
 * builtin (Timeout), or a cancel could not reach a busy worker (Cancelled).
 */
export function workerRestartedOutcome(reason: string, errorType: "Timeout" | "Cancelled"): EngineOutcome {
  return errorOutcome(errorType, `the program did not finish: the engine worker was restarted: ${reason}`, {
    ...(errorType === "Timeout" ? { kind: "cpu" } : {}),
    workerRestarted: true,
  });
}

/** Tools named in a pause's text: the text stays short however many calls wait. */
const PAUSE_NAMES_SHOWN = 5;
const PAUSE_NAME_CHARS = 64;

/** `send_email ×3, pay_invoice and 2 more tools`: each tool once, with its count. */
function pausedToolNames(interrupts: readonly { name: string }[]): string {
  const counts = new Map<string, number>();
  for (const { name } of interrupts) counts.set(name, (counts.get(name) ?? 0) + 1);
  const shown = [...counts].slice(0, PAUSE_NAMES_SHOWN).map(([name, count]) => {
    const cut = name.length > PAUSE_NAME_CHARS ? `${name.slice(0, PAUSE_NAME_CHARS)}…` : name;
    return count > 1 ? `${cut} ×${count}` : cut;
  });
  const more = counts.size - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more tool${more === 1 ? "" : "s"}` : shown.join(", ");
}

/** The pause's text (the wire body): how many calls wait, and for which tools. */
export function pausedBody(interrupts: readonly { name: string }[]): string {
  return `paused: waiting for a decision on ${interrupts.length} call${interrupts.length === 1 ? "" : "s"} (${pausedToolNames(interrupts)})`;
}

/** A paused run: `interrupts` are the calls held in it (the host adds those still held from before, and renders the body). */
export function pausedOutcome(interrupts: HeldCallReport[], printed: { stdout: string; stdoutDroppedChars: number; progressDropped?: number }): EngineOutcome {
  return {
    status: "paused",
    body: pausedBody(interrupts),
    droppedChars: 0,
    handle: false,
    ...printed,
    interrupts,
  };
}
