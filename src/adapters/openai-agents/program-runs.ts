/**
 * Runs the program of one program-agent turn in quickbox: the first turn evaluates the code, a later
 * one resumes the paused thread with the user's decisions. Runs on one thread are serialized; the
 * thread's scope (the run's context) is set while its program runs.
 */
import { isQuickboxError, QuickboxError, type EvalResult } from "../../index.js";
import { SerialQueues, type LazyInterpreter } from "../../adapter-support.js";
import type { ProgramScopes } from "./program-scopes.js";
import { decisionsOf, type ProgramTurn } from "./program-turn.js";

/** What the program agent answers: the program's end (its wire text) or its pause (the held calls). */
export type ProgramStep = { kind: "done"; text: string } | { kind: "paused"; result: EvalResult };

export class ProgramRuns {
  readonly #queue = new SerialQueues();
  constructor(
    private readonly interpreter: LazyInterpreter,
    private readonly scopes: ProgramScopes,
  ) {}

  async step(turn: ProgramTurn, signal: AbortSignal | undefined): Promise<ProgramStep> {
    const { threadId, code, codeCallId } = turn.request;
    const scope = this.scopes.byCall.get(codeCallId);
    if (!scope) throw new QuickboxError("INVALID_OPTIONS", "quickbox/openai-agents: the program agent runs only through its code tool");
    const runOptions = signal ? { signal } : {};
    try {
      const result = await this.#queue.run(threadId, async () => {
        const qb = await this.interpreter.get();
        this.scopes.byThread.set(threadId, scope);
        try {
          if (!turn.answered.length) return await qb.eval(code, { threadId, ...runOptions });
          return await qb.resume(threadId, decisionsOf(turn.answered, scope.runContext), runOptions);
        } finally {
          this.scopes.byThread.delete(threadId);
        }
      });
      if (result.status === "paused") return { kind: "paused", result };
      return { kind: "done", text: result.text };
    } catch (error) {
      // A second program on a thread that waits for a decision: the model can act on that.
      if (isQuickboxError(error) && error.code === "THREAD_PAUSED" && !turn.answered.length) {
        return {
          kind: "done",
          text: `The previous program (thread "${threadId}") is still paused waiting for the user's decision; no new code can run in this thread until the user has decided.`,
        };
      }
      // Anything else (a store that failed, a decision another process already took: CONFLICT …) ends the run.
      if (!scope.failure) scope.failure = { error };
      return { kind: "done", text: "" };
    }
  }
}
