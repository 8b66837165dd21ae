/**
 * Time travel in quickbox/langchain. The graph state records, in `_quickboxSnapshotId`, the id of
 * the interpreter snapshot its checkpoint had. Before a program runs, the thread is moved to the
 * state the call's checkpoint recorded, so a replayed or forked checkpoint sees the program state
 * it had then:
 *   - a snapshot id other than the thread's latest → `checkout` of that snapshot;
 *   - no snapshot id, in a run with a checkpointer (a checkpoint from before the conversation's
 *     first program) → the thread is reset: the state before the first program was empty;
 *   - no snapshot id and no checkpointer → nothing: the graph state does not outlive a run, the
 *     thread carries the conversation;
 *   - UNSTORED (programs ran on this branch, but no snapshot of the thread could be stored: too
 *     large, a failing store) → nothing: the thread's state lives only where it is.
 * The calls of one model message (parallel tool calls) all read the state from before the message:
 * only the first of them moves the thread; the others run after it, on what it left (a call that
 * already ran from that state and comes again is a replay, and moves the thread once more).
 */
import type { Interpreter } from "../../index.js";
import type { AgentInterpreters } from "./agent-interpreters.js";
import type { ToolRuntimeLike } from "./tool-runtime.js";

/** What the graph state records when programs ran but the thread has no stored snapshot (never a snapshot id: those are 64 hex digits). */
export const UNSTORED = "unstored";

/** Where a tool call sits in the graph: what its checkpoint recorded, and its model message. */
export interface CheckpointPlace {
  threadId: string;
  toolCallId: string;
  /** The snapshot id the graph state recorded (or UNSTORED); undefined: no program ran on this branch yet. */
  recorded: string | undefined;
  /** The tool call ids of the model message that made this call (this one included). */
  messageCalls: readonly string[];
  /** The run has a checkpointer (LangGraph keeps the graph state between runs). */
  checkpointed: boolean;
}

/** The tool call ids of the model message in `state` that holds `toolCallId` (just it, when none does). */
export function messageCallIds(state: unknown, toolCallId: string): string[] {
  const messages = (state as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return [toolCallId];
  for (const message of messages) {
    const calls = (message as { tool_calls?: unknown } | null)?.tool_calls;
    if (!Array.isArray(calls)) continue;
    const ids = calls.map((call) => (call as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string");
    if (ids.includes(toolCallId)) return ids;
  }
  return [toolCallId];
}

/** Whether LangGraph runs this tool call with a checkpointer. */
export function hasCheckpointer(runtime: ToolRuntimeLike): boolean {
  const configurable = runtime.configurable ?? runtime.config?.configurable;
  return configurable?.__pregel_checkpointer !== undefined && configurable?.__pregel_checkpointer !== null;
}

/** The place of a tool call, from its runtime. */
export function checkpointPlace(runtime: ToolRuntimeLike, threadId: string, toolCallId: string): CheckpointPlace {
  const recorded = (runtime.state as { _quickboxSnapshotId?: unknown } | undefined)?._quickboxSnapshotId;
  return {
    threadId,
    toolCallId,
    // "" is what a turn's end records in mode "turn": the thread starts fresh.
    recorded: typeof recorded === "string" && recorded !== "" ? recorded : undefined,
    messageCalls: messageCallIds(runtime.state, toolCallId),
    checkpointed: hasCheckpointer(runtime),
  };
}

/** The calls that ran on a thread since it last moved to a checkpoint's state. */
interface Step {
  recorded: string | undefined;
  ran: Set<string>;
}

/** At most this many threads' steps are remembered (the oldest is forgotten: its next call just moves the thread again). */
const MAX_STEPS = 4096;

export class CheckpointFollower {
  readonly #steps = new Map<string, Step>();
  readonly #agent: AgentInterpreters;

  constructor(agent: AgentInterpreters) {
    this.#agent = agent;
  }

  /** Moves the thread to the state `place`'s checkpoint recorded, unless a call of the same message already ran from it. */
  async follow(interpreter: Interpreter, place: CheckpointPlace): Promise<void> {
    const { threadId, toolCallId, recorded } = place;
    const step = this.#steps.get(threadId);
    const sibling = step !== undefined && step.recorded === recorded && !step.ran.has(toolCallId) && place.messageCalls.some((id) => step.ran.has(id));
    if (sibling) {
      step.ran.add(toolCallId);
      return;
    }
    // Recorded once the thread is there: a move that failed (a pruned snapshot) is tried again by the next call.
    this.#steps.delete(threadId);
    await this.#moveTo(interpreter, place);
    this.#steps.set(threadId, { recorded, ran: new Set([toolCallId]) });
    if (this.#steps.size > MAX_STEPS) this.#steps.delete(this.#steps.keys().next().value!);
  }

  /** Forgets what ran on the thread (its state was moved by something else: the next call follows its checkpoint). */
  forget(threadId: string): void {
    this.#steps.delete(threadId);
  }

  async #moveTo(interpreter: Interpreter, { threadId, recorded, checkpointed }: CheckpointPlace): Promise<void> {
    const agent = this.#agent;
    if (recorded === undefined) {
      if (!checkpointed) return;
      await interpreter.reset(threadId);
      agent.forgetSnapshot(threadId);
      await agent.clearPauseMarker(threadId);
      return;
    }
    if (recorded === UNSTORED || recorded === agent.latestSnapshotId(threadId)) return;
    await interpreter.checkout(threadId, recorded);
    agent.noteSnapshot(threadId, recorded);
    await agent.clearPauseMarker(threadId);
  }
}
