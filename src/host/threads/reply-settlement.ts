/**
 * Where an eval or resume settles: the engine's reply is applied to the host's view of the
 * thread (live, paused, lost), its snapshot is stored, and the EvalResult is rendered — once,
 * here, with every warning the host has to add.
 */
import type { EngineOutcome, EngineReply, PendingInterrupt } from "../../engine-contract.js";
import { QuickboxError } from "../../errors.js";
import { parseArgs, toEvalResult } from "../../result/eval-result.js";
import type { EvalResult } from "../../types.js";
import { dropStaleCopy, emitWarning, storeSnapshot, type DirectoryContext } from "./directory-context.js";
import { lostWarning, publicInterrupt, type HeldInterrupt } from "./thread-table.js";

function heldInterrupts(pending: PendingInterrupt[] | undefined, evalId: string): HeldInterrupt[] {
  return (pending ?? []).map((interrupt) => ({
    id: interrupt.id,
    callId: interrupt.callId,
    evalId,
    kind: interrupt.kind,
    name: interrupt.name,
    args: parseArgs(interrupt.args),
    allowedDecisions: [...interrupt.allowedDecisions],
  }));
}

/** Renders an outcome as the EvalResult the caller gets. */
export function renderResult(context: DirectoryContext, outcome: EngineOutcome, durationMs: number, warnings: string[] = []): EvalResult {
  return toEvalResult(outcome, { captureConsole: context.options.engine.captureConsole, durationMs, toolCalls: outcome.toolCalls ?? 0, warnings, maxValueChars: context.options.engine.maxToolPayloadBytes });
}

/** The program ran, but another interpreter moved the thread's head meanwhile: its end is not stored. */
function lostRace(threadId: string, kind: "eval" | "resume"): QuickboxError {
  return new QuickboxError(
    "CONFLICT",
    `thread "${threadId}" was changed by another interpreter while this ${kind} ran: its result was not stored, and the thread keeps the other interpreter's state`,
  );
}

/**
 * Applies a reply to the thread and renders its result. `restored`: the request carried the
 * thread's stored chain (it was not live), which the restart note of a lost thread says.
 * `evalId`: the program run (kept with a pause). `resume`: the reply ends a resume, whose claim the head write clears.
 */
export async function settleReply(context: DirectoryContext, threadId: string, reply: EngineReply, restored: boolean, evalId: string, resume = false): Promise<EvalResult> {
  const { table, options, persistence } = context;
  const { outcome } = reply;
  const paused = outcome.status === "paused";
  const warnings: string[] = [];
  /** Warnings about storing the thread also go to onEvent. */
  const storageWarnings: string[] = [];
  if (reply.lost) {
    if (table.markLost(threadId, reply.lost)) options.emit({ type: "restart", threadId, reason: reply.lost });
    warnings.push(lostWarning(reply.lost));
  } else {
    const note = table.takeRestartNote(threadId, restored);
    if (note) warnings.push(note);
  }
  // Mode "call": a finished program leaves nothing behind, also one that paused and resumed
  // (its paused state was stored; the resumed one must not be).
  const callFinished = options.engine.mode === "call" && !paused;
  if (callFinished) table.markNotLive(threadId);
  else if (!reply.lost) table.markUsed(threadId, true);
  const held = paused ? heldInterrupts(outcome.interrupts, evalId) : undefined;
  table.setPaused(threadId, held);
  if (reply.snapshotError && !callFinished) storageWarnings.push(`snapshot not taken: ${reply.snapshotError}`);
  if (callFinished) {
    if (await persistence.head(threadId)) await persistence.forget(threadId);
  } else if (reply.snapshot) {
    const written = await storeSnapshot(context, threadId, reply.snapshot, held ?? [], resume ? "clear" : "keep");
    if (written.conflict) {
      await dropStaleCopy(context, threadId);
      throw lostRace(threadId, resume ? "resume" : "eval");
    }
    if (written.warning) storageWarnings.push(written.warning);
  }
  const result = { ...renderResult(context, outcome, reply.durationMs, [...warnings, ...storageWarnings]), evalId };
  if (held) options.emit({ type: "pause", threadId, interrupts: held.map(publicInterrupt) });
  for (const warning of storageWarnings) emitWarning(context, threadId, warning);
  return result;
}
