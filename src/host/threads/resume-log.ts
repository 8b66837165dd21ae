/**
 * The call log of a resume, for exactly-once effects. It lives in the resume's claim on the
 * thread's head (claims.ts): before approved calls run they are logged as "executing", with the
 * decision that approved them; when one finishes it is logged as "done" with its result, before
 * the program sees the result. Entries are keyed by the call's callId — the `ctx.callId` the tool
 * sees, which `recover` receives too. When a resume died, the next one replays what is "done" and
 * asks `recover` about what was "executing": never run again silently, and run again only when
 * the new resume approves it again (an execution is bound to a decision that approved it).
 */
import type { CallRunner, CallScope, GuestCall, InterruptDecision, ResultSink } from "../../engine-contract.js";
import type { ResolvedOptions } from "../../options.js";
import type { CallLogEntry, HeadClaim } from "../../stores/store-contract.js";
import { heldCallRef } from "../decisions.js";
import type { HeldCall } from "./thread-table.js";

export interface Recovery {
  /** What the dead resume's calls become in this one: a replayed result, a failure, or a retry. */
  decisions: Map<string, InterruptDecision>;
  /** Entries carried into the new claim: settled outcomes are kept, so a later crash replays them too. */
  carried: CallLogEntry[];
}

/**
 * Recovers the calls of a claim whose resume died (see claims.ts). `recover` is asked about every
 * call that was executing; `decided` holds this resume's own decisions, by call id: a "retry" runs
 * the call again only when this resume approves it again (a replayed old head, or a reviewer who
 * rejects it now, never re-runs it); otherwise the call fails in the program.
 */
export async function recoverClaim(
  threadId: string,
  pending: HeldCall[],
  claim: HeadClaim,
  recover: ResolvedOptions["recover"],
  decided: ReadonlyMap<string, InterruptDecision>,
): Promise<Recovery> {
  const decisions = new Map<string, InterruptDecision>();
  const carried: CallLogEntry[] = [];
  for (const entry of claim.calls) {
    const held = pending.find((candidate) => candidate.id === entry.callId);
    if (!held) continue;
    const call = heldCallRef(held);
    if (entry.state === "done" && entry.result) {
      // It finished before the process stopped: its recorded result is what the program gets.
      decisions.set(held.id, { call, result: entry.result });
      carried.push(entry);
      continue;
    }
    const choice = recover ? await recover({ threadId, callId: entry.callId, name: entry.name, args: entry.args }) : "fail";
    const approved = decided.get(held.id);
    const approvedAgain = approved !== undefined && "run" in approved;
    if (choice === "retry" && approvedAgain) {
      decisions.set(held.id, { call, run: { args: JSON.stringify(entry.args) } });
      continue;
    }
    const why = choice === "retry" ? "recover said retry, but this resume did not approve the call again" : "recover: fail";
    const result = { ok: false, error: { name: "ToolError", message: `${entry.name} was executing when the process stopped; it was not run again (${why})` } };
    decisions.set(held.id, { call, result });
    carried.push({ ...entry, state: "done", result });
  }
  return { decisions, carried };
}

/** The log entries of the decided calls that will run (approve, edit, recover "retry"). */
export function executingEntries(pending: HeldCall[], decisions: Iterable<InterruptDecision>): CallLogEntry[] {
  const entries: CallLogEntry[] = [];
  for (const decision of decisions) {
    if (!("run" in decision)) continue;
    const held = pending.find((candidate) => candidate.id === decision.call.callId)!;
    entries.push({ callId: held.id, name: held.name, args: JSON.parse(decision.run.args) as unknown, state: "executing" });
  }
  return entries;
}

/**
 * Runs a resume's calls; when a logged call finishes, the claim's log records it as done (with
 * its result) before the result goes on to the program. `writeLog` false: the claim was taken
 * over (this resume was taken for dead); its end will then not be stored.
 */
export class LoggingCallRunner implements CallRunner {
  readonly #byCallId: Map<string, CallLogEntry>;
  #claimLost = false;
  /** Log writes one after another: each is a conditional write on the one before. */
  #writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly base: CallRunner,
    private readonly claim: HeadClaim,
    private readonly writeLog: (claim: HeadClaim) => Promise<boolean>,
    /** Called once when a log write finds the claim taken over: the resume must stop. */
    private readonly onClaimLost: () => void = () => {},
  ) {
    this.#byCallId = new Map(claim.calls.map((entry) => [entry.callId, entry]));
  }

  get claimLost(): boolean {
    return this.#claimLost;
  }

  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void {
    this.base.run(calls, scope, (results) => {
      const finished = results.filter((result) => this.#byCallId.get(result.id)?.state === "executing");
      if (!finished.length) return sink(results);
      for (const result of finished) {
        const entry = this.#byCallId.get(result.id)!;
        const { id: _id, held: _held, ...outcome } = result;
        entry.state = "done";
        entry.result = outcome;
      }
      this.#writing = this.#writing
        .then(() => (this.#claimLost ? false : this.writeLog(this.claim)))
        .then((written) => {
          if (written) return sink(results);
          // The results were not logged: they must not reach the program (another interpreter
          // recovers these calls from its own view of the log).
          if (!this.#claimLost) {
            this.#claimLost = true;
            this.onClaimLost();
          }
        })
        .catch(() => sink(results));
    });
  }
}
