/**
 * Turns an engine outcome into the public EvalResult: wire text, structured value, error. The one
 * place an EvalResult is made: the host calls it where a request settles.
 */
import { parse } from "devalue";
import type { EngineOutcome } from "../engine-contract.js";
import type { EvalResult } from "../types.js";
import { boundAsTree, boundedValueNote } from "./bounded-value.js";
import { jsonNestsDeeperThan, MAX_ARGUMENT_NESTING } from "./json-nesting.js";
import { renderWire, truncationSuffix } from "./wire-format.js";
import { MAX_PROGRESS_EVENTS } from "../stream-protocol.js";

/**
 * A BigInt with more digits arrives as a handle: V8 parses decimal digits in quadratic time
 * (300,000 digits ~50 ms), and no reader gets more than maxResultChars of it in the text anyway.
 */
export const MAX_BIGINT_DIGITS = 4096;
/** devalue text nests two levels (the list of values, each one's own array or object): deeper is forged. */
const MAX_COPY_NESTING = 4;
/** JSON text this short parses in ~3 ms however it nests (~8,000 levels). */
const FREE_PARSE_CHARS = 16384;

function decodeBase64(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

const VALUE_REVIVERS = {
  Handle: (text: string) => ({ $handle: text }),
  Err: (error: { name: string; message: string; stack: string }) => error,
  Obj: (object: Record<string, unknown>) => object,
  // The guest encodes binary data itself (it has no btoa for devalue's own encoding).
  ArrayBuffer: (data: { base64: string }) => decodeBase64(data.base64),
  BigInt: (digits: unknown) => (typeof digits === "string" && digits.length > MAX_BIGINT_DIGITS ? { $handle: `[BigInt: ${digits.length} digits]` } : BigInt(digits as string)),
};

/** A copy the guest made of a value, with what EvalResult.warnings should say about it. */
export interface ValueCopy {
  value: unknown;
  note: string | null;
}

/**
 * A copy the guest made of a value (devalue text: a result, a progress() value), bounded as a
 * tree at twice the copy's own limit (src/result/bounded-value.ts); throws if unreadable. The
 * text is the guest's, so a program can forge it: nothing here trusts its shape.
 */
export function readValueCopy(text: string, limitChars: number): ValueCopy {
  // Short texts cannot nest deep enough to cost JSON.parse anything (devalue refuses them anyway).
  if (text.length > FREE_PARSE_CHARS && jsonNestsDeeperThan(text, MAX_COPY_NESTING)) throw new Error("the copy nests deeper than a copy can");
  const budgetChars = 2 * limitChars;
  // A walk that remembers each object's size takes a step per reference: each costs the text at
  // least a character, so more steps than that mean cycles and shared references together.
  const bounded = boundAsTree(parse(text, VALUE_REVIVERS), budgetChars, 2 * text.length + 16);
  return { value: bounded.value, note: boundedValueNote(bounded, budgetChars) };
}

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
  if (outcome.status === "paused") {
    result.interrupts = (outcome.interrupts ?? []).map((interrupt) => ({
      id: interrupt.id,
      kind: interrupt.kind,
      name: interrupt.name,
      args: parseArgs(interrupt.args),
      allowedDecisions: [...interrupt.allowedDecisions],
    }));
  } else if (outcome.status === "ok") {
    if (outcome.value !== undefined) {
      // The copy is the guest's text: a program can forge it, so a copy that does not parse is
      // noted, never thrown.
      try {
        const copy = readValueCopy(outcome.value, context.maxValueChars);
        result.value = copy.value;
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
