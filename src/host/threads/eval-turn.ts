/**
 * An eval's turn on its thread (the directory runs it when the thread's earlier requests are
 * done): the thread's head is read or known, checked (not claimed elsewhere, not paused), the
 * engine is told what to restore, and its reply is settled. When nothing has to be read — no
 * store of the caller's (nobody else can move a head), the head already known, the thread live —
 * nothing is awaited before the engine's reply: the common warm eval takes the same checks with
 * no store access.
 */
import type { CallRunner, EngineReply, EvalRequest, RequestContext, SkillFiles, StoredThreadRef } from "../../engine-contract.js";
import { QuickboxError, isQuickboxError } from "../../errors.js";
import { snapshotErrorOutcome } from "../../result/outcomes.js";
import type { ThreadHead } from "../../stores/store-contract.js";
import type { EvalResult } from "../../types.js";
import { assertNotClaimed, persistEveryEval, releaseAfter, streamTo, type DirectoryContext } from "./directory-context.js";
import { callsOfEval, type RunNotes } from "./eval-ids.js";
import { renderResult, settleReply } from "./reply-settlement.js";
import { storedThreadFor, syncWithStore } from "./store-sync.js";

/** One eval() on its way to the engine. */
export interface EvalTurn {
  code: string;
  threadId: string;
  signal: AbortSignal | undefined;
  skills: Record<string, SkillFiles> | undefined;
  notes: RunNotes;
  evalId: string;
}

/** Runs the eval: its result as a value when nothing had to be awaited (a warm eval inline), else a promise. */
export function evalTurn(context: DirectoryContext, calls: CallRunner, turn: EvalTurn): EvalResult | Promise<EvalResult> {
  const known = context.options.storeConfigured ? undefined : context.persistence.knownHead(turn.threadId);
  if (known) return evalWithHead(context, calls, turn, known.head);
  return evalAfterRead(context, calls, turn);
}

async function evalAfterRead(context: DirectoryContext, calls: CallRunner, turn: EvalTurn): Promise<EvalResult> {
  let head: ThreadHead | null;
  try {
    await syncWithStore(context, turn.threadId);
    head = await context.persistence.head(turn.threadId);
  } catch (error) {
    return unusableStoredThread(context, error);
  }
  return evalWithHead(context, calls, turn, head);
}

function evalWithHead(context: DirectoryContext, calls: CallRunner, turn: EvalTurn, head: ThreadHead | null): EvalResult | Promise<EvalResult> {
  const { threadId } = turn;
  let stored: StoredThreadRef | Promise<StoredThreadRef>;
  try {
    assertNotClaimed(context, threadId, head);
    if (context.table.paused(threadId) || head?.paused) {
      throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
    }
    // Mode "call": every eval starts fresh, whatever an earlier mode left in the store.
    stored = context.options.engine.mode === "call" ? { storedHead: head?.chain[head.chain.length - 1] ?? null } : storedThreadFor(context, threadId, head);
  } catch (error) {
    return unusableStoredThread(context, error);
  }
  if (stored instanceof Promise) return stored.then((ref) => evalOn(context, calls, turn, ref), (error: unknown) => unusableStoredThread(context, error));
  return evalOn(context, calls, turn, stored);
}

/**
 * A stored thread this eval cannot use (a head or snapshot that fails its checks) is the eval's
 * result, as when the engine cannot restore it: nothing ran, nothing is written. Other errors are thrown.
 */
function unusableStoredThread(context: DirectoryContext, error: unknown): EvalResult {
  if (isQuickboxError(error) && error.code === "SNAPSHOT_REJECTED") return renderResult(context, snapshotErrorOutcome(error.message, error.reason), 0);
  throw error;
}

function evalOn(context: DirectoryContext, calls: CallRunner, turn: EvalTurn, stored: StoredThreadRef): EvalResult | Promise<EvalResult> {
  const { code, threadId, signal, skills, evalId } = turn;
  const { options } = context;
  const request: EvalRequest = { threadId, code, storedHead: stored.storedHead, persist: persistEveryEval(options), ...releaseAfter(options) };
  if (stored.restore) request.restore = stored.restore;
  if (skills) request.skills = skills;
  const requestContext: RequestContext = { calls: callsOfEval(calls, evalId), ...streamTo(options, threadId, evalId) };
  if (signal) requestContext.signal = signal;
  const replied = context.client.eval(request, requestContext);
  if (replied instanceof Promise) return replied.then((reply) => settleEval(context, turn, stored, reply));
  return settleEval(context, turn, stored, replied);
}

function settleEval(context: DirectoryContext, turn: EvalTurn, stored: StoredThreadRef, reply: EngineReply): EvalResult | Promise<EvalResult> {
  turn.notes.ended?.();
  // The stored thread could not be restored (the engine said SnapshotError and kept nothing):
  // it is not live now. Marking it live would make the next eval start a fresh thread and
  // store that over the head, silently abandoning the stored state.
  if (stored.restore && reply.outcome.errorType === "SnapshotError" && !reply.snapshot) return renderResult(context, reply.outcome, reply.durationMs);
  return settleReply(context, turn.threadId, reply, { evalId: turn.evalId, restored: stored.restore !== undefined });
}
