/**
 * One call of the eval tool (or the wait tool) as LangGraph runs it: a new program, or — when
 * LangGraph re-runs an interrupted call after `Command({ resume })` — the paused program going on.
 *
 * A program that pauses raises LangGraph's `interrupt()` with the held calls. `interrupt()` either
 * throws (the run stops until a `Command({ resume })`) or returns the resume value LangGraph has for
 * it; that value is applied to the pause, and a value that cannot be applied (its shape, an unknown
 * id, a decision not allowed: nothing ran) raises the interrupt again, saying why. So a resume value
 * always ends up applied or asked again, also when LangGraph hands it to a program run again from
 * an old checkpoint (time travel to a pause decided before): the program pauses anew, with new
 * interrupt ids, and the value goes to that pause.
 */
import { getConfig, interrupt, isGraphInterrupt } from "@langchain/langgraph";
import { isQuickboxError, QuickboxError, type EvalResult, type Interpreter, type Interrupt } from "../../index.js";
import type { AgentInterpreters, PauseMarker } from "./agent-interpreters.js";
import { decisionsFromResume, interruptPayload } from "./interrupt-payload.js";
import type { CheckpointFollower, CheckpointPlace } from "./time-travel.js";

export interface RunOptions {
  signal?: AbortSignal;
  yieldAfterMs?: number;
}

/** Errors of a resume value that was refused before anything ran. */
const RESUME_VALUE_ERRORS = new Set(["INVALID_OPTIONS", "UNKNOWN_INTERRUPT", "DECISION_NOT_ALLOWED"]);

/**
 * A new program of the eval tool. A pause left behind by an earlier model message (a new message
 * instead of `Command({ resume })`) is dropped: the thread goes back to the call's checkpoint.
 * A pause of another call of the same model message (parallel tool calls) stays: this eval is
 * refused (THREAD_PAUSED).
 */
export async function startEval(
  agent: AgentInterpreters,
  follower: CheckpointFollower,
  interpreter: Interpreter,
  code: string,
  place: CheckpointPlace,
  marker: PauseMarker | undefined,
  runOptions: RunOptions,
): Promise<EvalResult> {
  const pausedSibling = marker !== undefined && place.messageCalls.includes(marker.toolCallId);
  if (!pausedSibling) {
    await follower.follow(interpreter, place);
    // A pause left behind: the thread moved to the call's checkpoint, away from it.
    if (marker) await agent.clearPauseMarker(place.threadId);
  }
  return interpreter.eval(code, { threadId: place.threadId, ...runOptions });
}

/**
 * Runs `start(marker)` (a new program, or a wait for a background cell), or — when LangGraph
 * re-runs an interrupted call — continues the paused program. A pause raises the interrupt.
 */
export async function runOrResume(
  agent: AgentInterpreters,
  interpreter: Interpreter,
  threadId: string,
  toolCallId: string,
  runOptions: RunOptions,
  start: (marker: PauseMarker | undefined) => Promise<EvalResult>,
): Promise<EvalResult> {
  const marker = await agent.pauseMarker(threadId);
  let resumesApplied = 0;
  let pending: Interrupt[];
  if (marker && marker.toolCallId === toolCallId) {
    // Resume values of this tool call are matched to interrupt() calls by order: skip those applied.
    for (let applied = 0; applied < marker.resumesApplied; applied++) interrupt(null);
    resumesApplied = marker.resumesApplied;
    pending = (await interpreter.threads()).find((info) => info.threadId === threadId)?.interrupts ?? [];
  } else {
    const result = await start(marker);
    if (result.status !== "paused") return result;
    pending = result.interrupts ?? [];
    // Decisions this call was given in an earlier run of it (time travel to an old pause): they
    // decided a pause of a run that is gone; the newest resume value is for this one.
    resumesApplied = earlierResumeValues();
    for (let skipped = 0; skipped < resumesApplied; skipped++) interrupt(null);
    await agent.setPauseMarker(threadId, { toolCallId, resumesApplied });
  }
  let refused: string | undefined;
  for (;;) {
    let resumeValue: unknown;
    try {
      // The first time, this throws LangGraph's interrupt: the run stops here until Command({ resume }).
      resumeValue = interrupt({ ...interruptPayload(threadId, pending), ...(refused ? { error: refused } : {}) });
    } catch (error) {
      if (isGraphInterrupt(error)) throw error;
      return noCheckpointer(agent, interpreter, threadId, error);
    }
    resumesApplied++;
    await agent.setPauseMarker(threadId, { toolCallId, resumesApplied });
    let result: EvalResult;
    try {
      result = await interpreter.resume(threadId, decisionsFromResume(resumeValue, pending), runOptions);
    } catch (error) {
      if (!isQuickboxError(error) || !RESUME_VALUE_ERRORS.has(error.code)) throw error;
      refused = `the previous resume value was not applied: ${error.message}`;
      continue;
    }
    refused = undefined;
    if (result.status !== "paused") {
      await agent.clearPauseMarker(threadId);
      return result;
    }
    pending = result.interrupts ?? [];
  }
}

/**
 * How many of the resume values LangGraph holds for this tool call belong to earlier runs of it.
 * LangGraph hands a task's resume values to its interrupt() calls in order: when the call runs
 * again from an old checkpoint, the values its earlier run was given come first and a new
 * `Command({ resume })` value after them. (LangGraph keeps them in the task's scratchpad: `resume`,
 * the values recorded — a value for LangGraph's own interrupt id last among them — and
 * `nullResume`, a new value not yet given to any interrupt(). Unreadable: 0, every value applies
 * in order.)
 */
function earlierResumeValues(): number {
  const scratchpad = getConfig()?.configurable?.__pregel_scratchpad as { resume?: unknown; nullResume?: unknown } | undefined;
  if (!scratchpad || !Array.isArray(scratchpad.resume)) return 0;
  const recorded = scratchpad.resume.length;
  return scratchpad.nullResume !== undefined ? recorded : Math.max(0, recorded - 1);
}

/** No interrupt is possible (no checkpointer): the thread is not left paused for good. */
async function noCheckpointer(agent: AgentInterpreters, interpreter: Interpreter, threadId: string, error: unknown): Promise<never> {
  await interpreter.reset(threadId);
  agent.forgetSnapshot(threadId);
  await agent.clearPauseMarker(threadId);
  throw new QuickboxError("INVALID_OPTIONS", `interruptOn needs the agent to have a checkpointer (createAgent({ checkpointer })): ${error instanceof Error ? error.message : String(error)}`);
}
