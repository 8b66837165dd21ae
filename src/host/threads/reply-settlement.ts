/**
 * Where an eval or resume settles: the engine's reply is applied to the host's view of the
 * thread (live, paused, lost), its snapshot is stored, and the EvalResult is rendered — once,
 * here, with every warning the host has to add. A pause is reported only once it is stored: a
 * pause the store did not take is an error result, and the thread goes back to its stored state.
 */
import type { EngineOutcome, EngineReply, HeldCallReport } from "../../engine-contract.js";
import { QuickboxError } from "../../errors.js";
import { parseArgs, toEvalResult } from "../../result/eval-result.js";
import { errorOutcome, pausedBody } from "../../result/outcomes.js";
import type { EvalResult } from "../../types.js";
import { dropStaleCopy, emitWarning, storeSnapshot, type DirectoryContext } from "./directory-context.js";
import { lostWarning, publicInterrupt, type HeldCall } from "./thread-table.js";

/** The engine's reports of newly held calls → the host's records (the one copy, stored in the head). */
function heldCalls(reports: HeldCallReport[] | undefined, evalId: string): HeldCall[] {
  return (reports ?? []).map((report) => ({
    id: report.callId,
    guestKey: report.guestKey,
    evalId,
    kind: report.kind,
    name: report.name,
    args: parseArgs(report.args),
    allowedDecisions: [...report.allowedDecisions],
    ...(report.description !== undefined ? { description: report.description } : {}),
  }));
}

/** Renders an outcome as the EvalResult the caller gets (`evalId`: the run it names, when it ran). */
export function renderResult(context: DirectoryContext, outcome: EngineOutcome, durationMs: number, warnings: string[] = [], evalId?: string): EvalResult {
  const result = toEvalResult(outcome, { captureConsole: context.options.engine.captureConsole, durationMs, toolCalls: outcome.toolCalls ?? 0, warnings, maxValueChars: context.options.engine.maxToolPayloadBytes });
  if (evalId !== undefined) result.evalId = evalId;
  return result;
}

/** The program ran, but another interpreter moved the thread's head meanwhile: its end is not stored. */
function lostRace(threadId: string, kind: "eval" | "resume"): QuickboxError {
  return new QuickboxError(
    "CONFLICT",
    `thread "${threadId}" was changed by another interpreter while this ${kind} ran: its result was not stored, and the thread keeps the other interpreter's state`,
  );
}

/** A pause the store did not take: not offered for decisions (it would not outlive the process). */
function pauseNotStored(outcome: EngineOutcome, held: HeldCall[], why: string): EngineOutcome {
  return {
    ...errorOutcome("SnapshotError", `the program ${pausedBody(held)}, but the pause could not be stored (${why}); nothing waits for a decision, and the thread is back at its last stored state`, {
      pauseNotStored: true,
    }),
    stdout: outcome.stdout,
    stdoutDroppedChars: outcome.stdoutDroppedChars,
    ...(outcome.toolCalls ? { toolCalls: outcome.toolCalls } : {}),
  };
}

export interface Settlement {
  /** The eval (program run) the reply belongs to; a pause keeps it with its held calls. */
  evalId: string;
  /** The request carried the thread's stored chain (it was not live): the restart note says so. */
  restored: boolean;
  /** A resume: the held calls it left undecided (they stay held), and its claim is cleared by the head write. */
  resume?: { undecided: HeldCall[] };
}

/**
 * Applies a reply to the thread and renders its result: a value when nothing is to be stored
 * (no snapshot, no pause, not mode "call"), else a promise.
 */
export function settleReply(context: DirectoryContext, threadId: string, reply: EngineReply, settlement: Settlement): EvalResult | Promise<EvalResult> {
  const { table, options } = context;
  const { evalId, restored, resume } = settlement;
  const { outcome } = reply;
  const paused = outcome.status === "paused";
  const warnings: string[] = [];
  /** Warnings about storing the thread also go to onEvent. */
  const storageWarnings: string[] = [];
  if (reply.rebuilt) {
    options.emit({ type: "replay", threadId, ...reply.rebuilt });
    warnings.push(`thread was rebuilt on this build from its journal (${reply.rebuilt.cells} cell${reply.rebuilt.cells === 1 ? "" : "s"}, ${reply.rebuilt.calls} call${reply.rebuilt.calls === 1 ? "" : "s"} answered from it; nothing ran again): its snapshot was another build's`);
  }
  if (reply.journalStopped) storageWarnings.push(`thread is no longer replayable on another build: ${reply.journalStopped}`);
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
  const held = paused ? [...(resume?.undecided ?? []), ...heldCalls(outcome.interrupts, evalId)] : undefined;
  table.setPaused(threadId, held);
  if (reply.snapshotError && !callFinished) storageWarnings.push(`snapshot not taken: ${reply.snapshotError}`);
  const settled: Settled = { threadId, reply, evalId, held, warnings, storageWarnings };
  if (callFinished || reply.snapshot || held) return storeAndRender(context, settled, callFinished, resume !== undefined);
  return rendered(context, settled, outcome);
}

/** What settleReply knows before anything is stored. */
interface Settled {
  threadId: string;
  reply: EngineReply;
  evalId: string;
  /** The held calls of a pause (undefined: not paused). */
  held: HeldCall[] | undefined;
  warnings: string[];
  storageWarnings: string[];
}

/** The snapshot (or, mode "call", the thread's removal) is stored before the result is rendered. */
async function storeAndRender(context: DirectoryContext, settled: Settled, callFinished: boolean, resume: boolean): Promise<EvalResult> {
  const { persistence } = context;
  const { threadId, reply, evalId, held, warnings, storageWarnings } = settled;
  let pauseStored = false;
  if (callFinished) {
    if (await persistence.head(threadId)) await persistence.forget(threadId);
  } else if (reply.snapshot) {
    const written = await storeSnapshot(context, threadId, reply.snapshot, held ?? [], resume ? "clear" : "keep");
    if (written.conflict) {
      await dropStaleCopy(context, threadId);
      throw lostRace(threadId, resume ? "resume" : "eval");
    }
    if (written.warning) storageWarnings.push(written.warning);
    pauseStored = written.info !== undefined;
  }
  if (held && !pauseStored) {
    await dropStaleCopy(context, threadId);
    const outcome = pauseNotStored(reply.outcome, held, [...storageWarnings].pop() ?? "no snapshot was taken");
    const result = renderResult(context, outcome, reply.durationMs, [...warnings, ...storageWarnings], evalId);
    for (const warning of storageWarnings) emitWarning(context, threadId, warning);
    return result;
  }
  return rendered(context, settled, held ? { ...reply.outcome, body: pausedBody(held) } : reply.outcome);
}

/** The result of a settled reply, its pause (stored) announced, its storage warnings emitted. */
function rendered(context: DirectoryContext, settled: Settled, outcome: EngineOutcome): EvalResult {
  const { threadId, reply, evalId, held, warnings, storageWarnings } = settled;
  const result = renderResult(context, outcome, reply.durationMs, storageWarnings.length ? [...warnings, ...storageWarnings] : warnings, evalId);
  if (held) {
    result.interrupts = held.map(publicInterrupt);
    context.options.emit({ type: "pause", threadId, interrupts: held.map(publicInterrupt) });
  }
  for (const warning of storageWarnings) emitWarning(context, threadId, warning);
  return result;
}
