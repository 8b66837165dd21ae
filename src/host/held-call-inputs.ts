/**
 * A paused program may wait on calls whose arguments the tool's schema refuses: those fail at
 * once with ToolInputError (catchable, as for a call that runs), and the program goes on until it
 * finishes or waits only on calls a reviewer can approve. Output printed meanwhile is kept.
 */
import type { EngineReply } from "../core/interpreter-core.js";
import type { InterruptDecision } from "../engine/quickjs-thread.js";
import type { EngineClient } from "../transport/engine-client.js";
import { escapeBody } from "../wire-format.js";
import type { CallExecutor } from "./call-executor.js";

/** Bound on checking held calls' arguments and resuming with their failures, per eval or resume. */
const MAX_INPUT_CHECK_ROUNDS = 64;

export async function failInvalidHeldCalls(
  client: EngineClient,
  executor: CallExecutor,
  threadId: string,
  first: EngineReply,
  signal: AbortSignal | undefined,
  persist: { persist?: { storedHead: string | null } },
): Promise<EngineReply> {
  let reply = first;
  const earlierStdout: string[] = [];
  let earlierToolCalls = 0;
  for (let round = 0; round < MAX_INPUT_CHECK_ROUNDS && reply.result.status === "paused"; round++) {
    const failures: InterruptDecision[] = [];
    for (const interrupt of reply.result.interrupts ?? []) {
      if (interrupt.kind !== "tool") continue;
      const problem = await executor.inputProblem(interrupt.name, interrupt.args);
      if (problem) failures.push({ interruptId: interrupt.id, result: { ok: false, error: problem } });
    }
    if (!failures.length) break;
    if (reply.result.stdout) earlierStdout.push(reply.result.stdout);
    earlierToolCalls += reply.result.toolCalls;
    // The paused snapshot in `reply` is not stored: the next one is taken in full (its baseline
    // is not the stored head), so no delta ever points at a snapshot the store lacks.
    reply = await client.resume({ threadId, decisions: failures, ...(signal ? { signal } : {}), ...persist }, executor);
  }
  if (!earlierStdout.length && !earlierToolCalls) return reply;
  const result = { ...reply.result, toolCalls: reply.result.toolCalls + earlierToolCalls };
  if (earlierStdout.length) {
    const stdout = [...earlierStdout, ...(result.stdout ? [result.stdout] : [])].join("\n");
    const stdoutEnd = "\n</stdout>\n";
    const main = result.stdout ? result.text.slice(result.text.indexOf(stdoutEnd) + stdoutEnd.length) : result.text;
    result.text = `<stdout>\n${escapeBody(stdout)}${stdoutEnd}${main}`;
    result.stdout = stdout;
  }
  return { ...reply, result };
}
