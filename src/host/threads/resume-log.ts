/**
 * The call log of a resume, for exactly-once effects: before approved calls run they are logged
 * as "executing"; when one finishes it is logged as "done" with its result, before the program
 * sees the result. Entries are keyed by the guest's call id — the `ctx.callId` the tool sees,
 * which `recover` receives too. At the next resume after a crash, a "done" call's result is
 * replayed and an "executing" one goes to `recover`, never silently run again.
 */
import type { CallRunner, CallScope, GuestCall, InterruptDecision, ResultSink } from "../../engine-contract.js";
import type { ResolvedOptions } from "../../options.js";
import type { CallLogEntry } from "../snapshot-persistence.js";
import type { HeldInterrupt } from "./thread-table.js";

/** Decisions for the calls a previous resume left in the log. */
export async function recoveredDecisions(
  threadId: string,
  pending: HeldInterrupt[],
  log: CallLogEntry[],
  recover: ResolvedOptions["recover"],
): Promise<Map<string, InterruptDecision>> {
  const decided = new Map<string, InterruptDecision>();
  for (const entry of log) {
    const interrupt = pending.find((candidate) => candidate.id === entry.interruptId);
    if (!interrupt) continue;
    if (entry.state === "done" && entry.result) {
      // It finished before the process stopped: its recorded result is what the program gets.
      decided.set(interrupt.id, { interruptId: interrupt.id, result: entry.result });
      continue;
    }
    const choice = recover ? await recover({ threadId, callId: entry.callId, name: entry.name, args: entry.args }) : "fail";
    decided.set(
      interrupt.id,
      choice === "retry"
        ? { interruptId: interrupt.id, run: { args: JSON.stringify(entry.args) } }
        : {
            interruptId: interrupt.id,
            result: { ok: false, error: { name: "ToolError", message: `${entry.name} was executing when the process stopped; it was not run again (recover: fail)` } },
          },
    );
  }
  return decided;
}

/** The log entries of the decided calls that will run (approve, edit, recover "retry"). */
export function executingEntries(pending: HeldInterrupt[], decisions: Iterable<InterruptDecision>): CallLogEntry[] {
  const entries: CallLogEntry[] = [];
  for (const decision of decisions) {
    if (!("run" in decision)) continue;
    const interrupt = pending.find((candidate) => candidate.id === decision.interruptId)!;
    entries.push({
      interruptId: interrupt.id,
      // Heads written before call ids were kept have none: the interrupt id stands in.
      callId: interrupt.callId ?? interrupt.id,
      name: interrupt.name,
      args: JSON.parse(decision.run.args) as unknown,
      state: "executing",
    });
  }
  return entries;
}

/**
 * Runs a resume's calls; when a logged call finishes, the log records it as done (with its
 * result) before the result goes on to the program.
 */
export class LoggingCallRunner implements CallRunner {
  readonly #byCallId: Map<string, CallLogEntry>;

  constructor(
    private readonly base: CallRunner,
    private readonly entries: CallLogEntry[],
    private readonly writeLog: (entries: CallLogEntry[]) => Promise<void>,
  ) {
    this.#byCallId = new Map(entries.map((entry) => [entry.callId, entry]));
  }

  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void {
    this.base.run(calls, scope, (results) => {
      const finished = results.filter((result) => this.#byCallId.get(result.id)?.state === "executing");
      if (!finished.length) return sink(results);
      for (const result of finished) {
        const entry = this.#byCallId.get(result.id)!;
        const { id: _id, ...outcome } = result;
        entry.state = "done";
        entry.result = outcome;
      }
      void this.writeLog(this.entries)
        .catch(() => {})
        .then(() => sink(results));
    });
  }
}
