/**
 * What the host knows about each thread between requests: whether it is live in the engine (and
 * changed since its last stored snapshot), which stored snapshot it matches, the interrupts it is
 * paused on, and whether its live state was lost (and why) — from which the restart notes of its
 * next result are written.
 */
import type { Interrupt } from "../../types.js";

/**
 * A held call as the host keeps it — the one record of it (stored in the thread's head): what the
 * reviewer is shown (the public Interrupt, `id` = the call's callId) plus where its result goes in
 * the guest and the eval it belongs to. A resume runs exactly this record's call.
 */
export interface HeldCall extends Interrupt {
  /** The guest's own key for the call (the engine delivers its result there). */
  guestKey: string;
  /** The eval whose program made the call (ctx.caller.evalId). */
  evalId?: string;
}

export function publicInterrupt({ guestKey: _guestKey, evalId: _evalId, ...interrupt }: HeldCall): Interrupt {
  return interrupt;
}

interface LiveThread {
  /** When it was last used, as a count of uses across threads (orders them for hibernation). */
  lastUsed: number;
  /** Changed since its last stored snapshot. */
  dirty: boolean;
}

/** The warning of the result during which a thread's live state was lost. */
export function lostWarning(reason: string): string {
  return `the thread's state was lost (${reason}); thread was restarted: its next eval restores its last stored snapshot, or starts fresh`;
}

/** The warning of a thread's first result after its live state was lost. */
export function restartNote(reason: string, restored: boolean): string {
  return restored ? `thread was restarted from its last snapshot (${reason})` : `thread was restarted with a fresh state (${reason})`;
}

export class ThreadTable {
  readonly #live = new Map<string, LiveThread>();
  #uses = 0;
  /** For each live thread, the id of the stored snapshot it matches (what its head named when last written or read). */
  readonly #storedIds = new Map<string, string>();
  /** Pending interrupts of paused threads (live or not). */
  readonly #paused = new Map<string, HeldCall[]>();
  /** Threads whose live state was lost, with the reason (the next result says how they came back). */
  readonly #lost = new Map<string, string>();

  isLive(threadId: string): boolean {
    return this.#live.has(threadId);
  }

  get liveCount(): number {
    return this.#live.size;
  }

  /** The thread is live in the engine, used now; `dirty`: changed since its stored snapshot. */
  markUsed(threadId: string, dirty: boolean): void {
    const live = this.#live.get(threadId) ?? { lastUsed: 0, dirty };
    live.lastUsed = ++this.#uses;
    live.dirty = dirty;
    this.#live.set(threadId, live);
  }

  /** The thread is no longer live in the engine (hibernated, released, dropped). */
  markNotLive(threadId: string): void {
    this.#live.delete(threadId);
  }

  isDirty(threadId: string): boolean {
    return this.#live.get(threadId)?.dirty ?? false;
  }

  /** Live threads, least recently used first. */
  liveByAge(): string[] {
    return [...this.#live.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([threadId]) => threadId);
  }

  storedId(threadId: string): string | null {
    return this.#storedIds.get(threadId) ?? null;
  }

  /** The thread now matches stored snapshot `id` (just written or restored); it is not dirty. */
  markStored(threadId: string, id: string): void {
    this.#storedIds.set(threadId, id);
    const live = this.#live.get(threadId);
    if (live) live.dirty = false;
  }

  forgetStoredId(threadId: string): void {
    this.#storedIds.delete(threadId);
  }

  paused(threadId: string): HeldCall[] | undefined {
    return this.#paused.get(threadId);
  }

  setPaused(threadId: string, interrupts: HeldCall[] | undefined): void {
    if (interrupts) this.#paused.set(threadId, interrupts);
    else this.#paused.delete(threadId);
  }

  /** The thread's live state is gone. True the first time (when a restart event is due). */
  markLost(threadId: string, reason: string): boolean {
    this.#live.delete(threadId);
    const first = !this.#lost.has(threadId);
    this.#lost.set(threadId, reason);
    return first;
  }

  /** The note for the first result after a loss (once), or undefined. */
  takeRestartNote(threadId: string, restored: boolean): string | undefined {
    const reason = this.#lost.get(threadId);
    if (reason === undefined) return undefined;
    this.#lost.delete(threadId);
    return restartNote(reason, restored);
  }

  /** Everything about the thread is forgotten (reset, or another interpreter moved it in the store). */
  forget(threadId: string): void {
    this.#live.delete(threadId);
    this.#storedIds.delete(threadId);
    this.#paused.delete(threadId);
    this.#lost.delete(threadId);
  }
}
