/**
 * Where a thread's runs meet its journal (journal.ts). Live, every input is recorded as it
 * reaches the guest: the ids new calls get, each batch of answers, real-clock readings, Intl
 * answers, how a run ended. While a thread is being rebuilt (journal-replay.ts) the same points
 * answer from the journal instead, and check that the program does what it did: the same calls in
 * the same order with the same arguments, the same ending.
 */
import type { CallResult, EngineOutcome, GuestCall } from "../engine-contract.js";
import { newCallId } from "../util/call-ids.js";
import { journaledCall, type Journal, type JournalEnd, type JournaledCall } from "./journal.js";

/** What a rebuild answers from, and where it tells that the program went another way. */
export interface ReplaySource {
  /** The callId the next call got when it was journaled, after checking it is the same call. */
  nextCall(call: JournaledCall): string;
  /** The next batch of answers the run received. */
  nextResults(): CallResult[];
  /** The next real-clock reading. */
  nextNow(): number;
  /** A journaled Intl answer, if this request was journaled. */
  intlAnswer(request: string): string | undefined;
  /** The run ended: check it ended as journaled. */
  ended(how: JournalEnd | "stopped"): void;
}

/** How a run's outcome is journaled: one of the endings a replay reproduces, or "stopped" (it cannot). */
export function endOf(outcome: EngineOutcome): JournalEnd | "stopped" {
  if (outcome.instanceLost) return "stopped";
  if (outcome.compileFailed) return "compile-error";
  if (outcome.status === "paused") return "paused";
  if (outcome.status === "ok") return "ok";
  const type = outcome.errorType;
  return type === "Timeout" || type === "Cancelled" || type === "OutOfMemory" ? "stopped" : "error";
}

export class ThreadJournal {
  #replay: ReplaySource | null = null;

  constructor(public journal: Journal) {}

  /** While set, the thread is being rebuilt: its inputs come from `source`, nothing is recorded. */
  replayFrom(source: ReplaySource | null): void {
    this.#replay = source;
  }

  get replaying(): boolean {
    return this.#replay !== null;
  }

  /** New calls from the guest, with their callIds (fresh ones live; the journaled ones in a rebuild). */
  assignIds(calls: GuestCall[]): GuestCall[] {
    const replay = this.#replay;
    if (replay) return calls.map((call) => ({ ...call, id: replay.nextCall(journaledCall(call)) }));
    const withIds = calls.map((call) => ({ ...call, id: newCallId() }));
    this.journal.record({ t: "calls", calls: withIds.map(journaledCall) });
    return withIds;
  }

  /** A batch of answers the run is about to hand the guest. */
  received(results: CallResult[]): void {
    if (!this.#replay) this.journal.record({ t: "results", results });
  }

  /** The host's answers for this run (a rebuild's come from the journal). */
  nextResults(): CallResult[] {
    return this.#replay!.nextResults();
  }

  ended(outcome: EngineOutcome): void {
    const how = endOf(outcome);
    if (this.#replay) return this.#replay.ended(how);
    if (how === "stopped") {
      this.journal.stop(`a cell was stopped (${outcome.instanceLost ? "its instance was lost" : outcome.errorType}) at a point no other build can reproduce`);
    } else {
      this.journal.record({ t: "end", how });
    }
  }

  /** A real-clock reading for the guest. */
  now(live: () => number): number {
    if (this.#replay) return this.#replay.nextNow();
    const ms = live();
    this.journal.record({ t: "now", ms });
    return ms;
  }

  /** An Intl answer for the guest: the journaled one in a rebuild (when there is one), else the host's, journaled. */
  intl(request: string, answer: (request: string) => string): string {
    const journaled = this.#replay?.intlAnswer(request);
    if (journaled !== undefined) return journaled;
    const reply = answer(request);
    if (!this.#replay) this.journal.recordIntl(request, reply);
    return reply;
  }
}
