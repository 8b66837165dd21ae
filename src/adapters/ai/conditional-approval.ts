/**
 * `needsApproval` as a function: every call to such a tool pauses the program (quickbox decides
 * pauses before it could ask), and then the function is asked with the call's input. Calls it
 * clears are approved at once and the program continues; only calls that need approval (or whose
 * function threw: the safe side) reach the app. The function is asked once per call.
 */
import type { Decision, EvalResult, Interpreter } from "../../index.js";
import type { ApprovalPredicate } from "./convert-tools.js";
import type { ToolCallScope } from "./tool-scope.js";

/** After this many automatic rounds the pause is handed to the app as it is. */
const MAX_AUTOMATIC_APPROVAL_ROUNDS = 1000;

async function needsApproval(predicate: ApprovalPredicate, args: unknown, interruptId: string, scope: ToolCallScope): Promise<boolean> {
  try {
    return (await predicate(args, { toolCallId: interruptId, ...scope })) !== false;
  } catch {
    return true;
  }
}

export async function approveClearedCalls(
  interpreter: Interpreter,
  threadId: string,
  first: EvalResult,
  predicates: Map<string, ApprovalPredicate>,
  scope: ToolCallScope,
  signal: AbortSignal | undefined,
): Promise<EvalResult> {
  if (predicates.size === 0) return first;
  const asked = new Map<string, boolean>();
  let result = first;
  for (let round = 0; result.status === "paused" && round < MAX_AUTOMATIC_APPROVAL_ROUNDS; round++) {
    const cleared: Record<string, Decision> = {};
    for (const interrupt of result.interrupts ?? []) {
      const predicate = interrupt.kind === "tool" ? predicates.get(interrupt.name) : undefined;
      if (!predicate || !interrupt.allowedDecisions.includes("approve")) continue;
      if (!asked.has(interrupt.id)) asked.set(interrupt.id, await needsApproval(predicate, interrupt.args, interrupt.id, scope));
      if (asked.get(interrupt.id) === false) cleared[interrupt.id] = { type: "approve" };
    }
    if (Object.keys(cleared).length === 0) break;
    result = await interpreter.resume(threadId, cleared, signal ? { signal } : undefined);
  }
  return result;
}
