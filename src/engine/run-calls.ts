/**
 * The calls of one run (eval-run.ts): each new guest call gets its callId (journaled) and goes to
 * the host within the run's budgets and concurrency caps (call-scheduler.ts); results come back
 * by callId and are delivered under the guest's own keys; calls the host held for a decision are
 * kept for the pause. A run makes this at its first call: most runs make none.
 */
import type { CallLimits, CallResult, GuestCall, HeldCallRef, HeldCallReport, HostCallChannel } from "../engine-contract.js";
import { CallScheduler } from "./call-scheduler.js";
import type { ResumedRun, RunnableThread } from "./eval-run.js";
import { GuestProtocolError } from "./guest-reports.js";

/** Characters of result values per settle call of the guest, at most (a larger value goes alone). */
const SETTLE_PIECE_CHARS = 256 * 1024;

export class RunCalls {
  readonly scheduler: CallScheduler;
  /** Calls the host held for a decision in this run (reported if the run pauses). */
  readonly held: HeldCallReport[] = [];
  /** Calls out on the host: callId → the call, and the guest's key for it (where its result goes). */
  readonly #outstanding = new Map<string, { guestKey: string; call: GuestCall }>();
  /** Every guest key this run has seen: the prelude never repeats one, so a repeat is forged. */
  readonly #seenIds = new Set<string>();

  constructor(
    private readonly thread: RunnableThread,
    private readonly host: HostCallChannel,
    limits: CallLimits,
    resumed: ResumedRun | undefined,
  ) {
    this.scheduler = new CallScheduler(limits, resumed?.pause.issued);
    for (const call of resumed?.undecided ?? []) this.#seenIds.add(call.guestKey);
  }

  /** Runs an approved held call (resume): it goes to the host through the scheduler's concurrency caps. */
  release(call: HeldCallRef, args: string): void {
    this.#seenIds.add(call.guestKey);
    const approved: GuestCall = { id: call.callId, kind: call.kind, name: call.name, args, approved: true };
    this.#outstanding.set(call.callId, { guestKey: call.guestKey, call: approved });
    const toSend = this.scheduler.release(approved);
    if (toSend.length) this.host.send(toSend);
  }

  /**
   * New calls from the guest: each gets its callId and goes to the host within the budgets (the
   * host runs it, or holds it for a decision: interruptOn is the host's). True when some failed at
   * once (the guest has new work).
   */
  admit(calls: GuestCall[]): boolean {
    const outgoing: GuestCall[] = [];
    for (const call of calls) {
      if (this.#seenIds.has(call.id)) throw new GuestProtocolError(`poll: call id ${JSON.stringify(call.id.slice(0, 40))} was used twice`);
      this.#seenIds.add(call.id);
      outgoing.push(call);
    }
    // Each call gets its callId (journaled; a rebuild gets the journaled ones back).
    const withIds = this.thread.journal.assignIds(outgoing);
    withIds.forEach((outgoingCall, index) => this.#outstanding.set(outgoingCall.id, { guestKey: outgoing[index]!.id, call: outgoingCall }));
    const { send, rejected } = this.scheduler.admit(withIds);
    if (send.length) this.host.send(send);
    if (!rejected.length) return false;
    this.thread.port.callVoid("settle", [JSON.stringify(this.#toGuest(rejected))]);
    return true;
  }

  /**
   * Results from the host: held calls are kept for the pause; the rest are returned as the texts
   * of the guest's settle calls, in order — each at most SETTLE_PIECE_CHARS of values (a larger
   * value alone), so the run can let the host's loop turn between them (a batch of 32 results of
   * 1 MiB is one piece of QuickJS work per result, not one of 32 MiB).
   */
  settle(results: CallResult[]): string[] {
    const more = this.scheduler.complete(results);
    if (more.length) this.host.send(more);
    const toGuest: CallResult[] = [];
    for (const result of results) {
      const outstanding = this.#outstanding.get(result.id);
      if (!outstanding) continue;
      if (!result.held) {
        toGuest.push(result);
        continue;
      }
      this.#outstanding.delete(result.id);
      const { guestKey, call } = outstanding;
      const hold = { allowedDecisions: [...result.held.allowedDecisions], ...(result.held.description !== undefined ? { description: result.held.description } : {}) };
      this.held.push({ callId: result.id, guestKey, kind: call.kind, name: call.name, args: call.args, ...hold });
    }
    const delivered = this.#toGuest(toGuest);
    const pieces: string[] = [];
    let piece: CallResult[] = [];
    let pieceChars = 0;
    for (const result of delivered) {
      const chars = result.value?.length ?? 0;
      if (piece.length && pieceChars + chars > SETTLE_PIECE_CHARS) {
        pieces.push(JSON.stringify(piece));
        piece = [];
        pieceChars = 0;
      }
      piece.push(result);
      pieceChars += chars;
    }
    if (piece.length) pieces.push(JSON.stringify(piece));
    return pieces;
  }

  /** Results keyed by callId → keyed by the guest's own keys (results for calls this run did not send are dropped). */
  #toGuest(results: CallResult[]): CallResult[] {
    const delivered: CallResult[] = [];
    for (const result of results) {
      const outstanding = this.#outstanding.get(result.id);
      if (!outstanding) continue;
      this.#outstanding.delete(result.id);
      delivered.push({ ...result, id: outstanding.guestKey });
    }
    return delivered;
  }
}
