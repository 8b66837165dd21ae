/**
 * Turns an engine outcome into the public EvalResult: wire text, structured value, error. The one
 * place an EvalResult is made: the host calls it where a request settles.
 */
import type { EngineOutcome } from "../engine-contract.js";
import type { EvalResult } from "../types.js";
import { jsonNestsDeeperThan, MAX_ARGUMENT_NESTING } from "./json-nesting.js";
import { readValueCopy } from "./value-copy.js";
import { renderWire, truncationSuffix } from "./wire-format.js";
import { MAX_PROGRESS_EVENTS } from "../stream-protocol.js";

/** Console text as the model sees it: the final newline dropped, the cut marked. */
function stdoutBody(outcome: EngineOutcome): string | null {
  if (!outcome.stdout && !outcome.stdoutDroppedChars) return null;
  if (outcome.stdoutDroppedChars === 0) return outcome.stdout.replace(/\n$/, "");
  // Every console line ends with a newline; the last one is not part of the body.
  return outcome.stdout + truncationSuffix(outcome.stdoutDroppedChars - 1);
}

/** A held call's arguments (JSON text the host checked; anything else is shown as the text). */
export function parseArgs(text: string): unknown {
  if (jsonNestsDeeperThan(text, MAX_ARGUMENT_NESTING)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function toEvalResult(
  outcome: EngineOutcome,
  context: { captureConsole: boolean; durationMs: number; toolCalls: number; warnings: string[]; maxValueChars: number },
): EvalResult {
  const stdout = context.captureConsole ? stdoutBody(outcome) : null;
  const text = renderWire(
    stdout,
    outcome.status === "ok"
      ? { kind: "result", body: outcome.body, droppedChars: outcome.droppedChars, handle: outcome.handle }
      : outcome.status === "paused"
        ? { kind: "paused", body: outcome.body }
        : { kind: "error", type: outcome.errorType ?? "Error", body: outcome.body, droppedChars: outcome.droppedChars },
  );
  const warnings = [...context.warnings];
  const result: EvalResult = {
    status: outcome.status,
    text,
    stdout: stdout ?? "",
    toolCalls: context.toolCalls,
    durationMs: context.durationMs,
  };
  // A pause's interrupts are the host's records of the held calls: the thread directory adds them.
  if (outcome.status === "ok") {
    if (outcome.value !== undefined) {
      // The copy is the guest's text: a program can forge it, so a copy that does not parse is
      // noted, never thrown.
      try {
        const copy = readValueCopy(outcome.value, context.maxValueChars);
        if (copy.copied) result.value = copy.value;
        if (copy.note) warnings.push(copy.note);
      } catch (error) {
        warnings.push(`value not copied: the copy is not readable (${error instanceof Error ? error.message : String(error)})`.slice(0, 300));
      }
    }
    if (outcome.valueNote) warnings.push(outcome.valueNote);
  } else {
    result.error = {
      type: outcome.errorType ?? "Error",
      message: outcome.errorMessage ?? outcome.body,
      ...(outcome.errorStack ? { stack: outcome.errorStack } : {}),
      ...(outcome.errorDetails ? { details: outcome.errorDetails } : {}),
    };
  }
  if (outcome.progressDropped) {
    warnings.push(`progress(): ${outcome.progressDropped} call${outcome.progressDropped === 1 ? "" : "s"} dropped (at most ${MAX_PROGRESS_EVENTS} are sent per eval)`);
  }
  if (warnings.length) result.warnings = warnings;
  return result;
}
