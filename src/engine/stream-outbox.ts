/**
 * The engine's side of progress() and console streaming (see src/stream-protocol.ts): messages
 * from the guest's stream function are checked, numbered and bounded here, and go to the host in
 * the order the program made them, tool calls included. A message says how many of the program's
 * calls were still in the guest's outbox when it was made: it waits until those calls have gone
 * out (the next poll); the rest may go at once, from the guest's call or QuickJS's interrupt
 * handler, while the program computes (where the channel allows it: a worker posting a message).
 */
import type { GuestCall, HostCallChannel, StreamedEvent } from "../engine-contract.js";
import { MAX_PROGRESS_CHARS, MAX_PROGRESS_EVENTS, PROGRESS_KIND, STDOUT_KIND } from "../stream-protocol.js";

interface QueuedEvent {
  event: StreamedEvent;
  /** Calls made before this event that the host has not been sent yet (in the guest's outbox). */
  afterCalls: number;
}

const MESSAGE = /^([PO])(\d{1,9}):/;
/**
 * Where events may go while the program runs, one that comes at least this long after the last
 * flush goes at once, from the guest's call; closer ones wait for the next interrupt poll (a flood
 * becomes a few messages, not one per call).
 */
const IMMEDIATE_AFTER_MS = 1;

export class StreamOutbox {
  #queue: QueuedEvent[] = [];
  #seq = 0;
  #progress = 0;
  #stdoutChars = 0;
  #lastFlushAt = -Infinity;
  /** progress() messages refused here (past the cap, malformed): reported with the guest's own count. */
  dropped = 0;

  constructor(
    private readonly channel: HostCallChannel,
    /** Console text forwarded per run, at most (the output cap). */
    private readonly maxStdoutChars: number,
  ) {}

  get pending(): boolean {
    return this.#queue.length > 0;
  }

  /** A message from the guest (null: not a string within the bound). */
  accept(message: string | null): void {
    const match = message === null ? null : MESSAGE.exec(message);
    if (!match || message === null) {
      this.dropped++;
      return;
    }
    const payload = message.slice(match[0].length);
    const afterCalls = Number(match[2]);
    let event: StreamedEvent;
    if (match[1] === PROGRESS_KIND) {
      if (this.#progress >= MAX_PROGRESS_EVENTS || payload.length > MAX_PROGRESS_CHARS) {
        this.dropped++;
        return;
      }
      this.#progress++;
      event = { kind: "progress", seq: 0, value: payload };
    } else {
      if (match[1] !== STDOUT_KIND) return;
      const room = this.maxStdoutChars - this.#stdoutChars;
      if (room <= 0 || !payload) return;
      const text = payload.length > room ? payload.slice(0, room) : payload;
      this.#stdoutChars += text.length;
      event = { kind: "stdout", seq: 0, text };
    }
    // Nobody listens: counted above (the cap and the warning are the same), not kept.
    if (!this.channel.stream) return;
    event.seq = ++this.#seq;
    this.#queue.push({ event, afterCalls });
    if (afterCalls === 0 && this.channel.streamWhileRunning && performance.now() - this.#lastFlushAt >= IMMEDIATE_AFTER_MS) this.flushReady();
  }

  /** From the interrupt handler: sends the events no unsent call precedes. */
  flushReady(): void {
    if (!this.#queue.length || !this.channel.streamWhileRunning) return;
    let ready = 0;
    while (ready < this.#queue.length && this.#queue[ready]!.afterCalls === 0) ready++;
    if (!ready) return;
    const events = this.#queue.splice(0, ready).map((queued) => queued.event);
    this.#lastFlushAt = performance.now();
    this.channel.stream?.(events);
  }

  /**
   * At a poll: `calls` are those the guest made since the last poll, in order; `admit` hands a
   * run of them to the host. Events and calls go out interleaved as the program made them.
   */
  interleave(calls: GuestCall[], admit: (calls: GuestCall[]) => void): void {
    const queue = this.#queue;
    this.#queue = [];
    let sentCalls = 0;
    let batch: StreamedEvent[] = [];
    for (const { event, afterCalls } of queue) {
      // Calls still in the guest's outbox (a poll hands over a piece of them) precede it: it waits
      // for a later poll, counted from what is left there (as are the events after it).
      if (afterCalls > calls.length) {
        this.#queue.push({ event, afterCalls: afterCalls - calls.length });
        continue;
      }
      const upTo = Math.min(afterCalls, calls.length);
      if (upTo > sentCalls) {
        this.#send(batch);
        batch = [];
        admit(calls.slice(sentCalls, upTo));
        sentCalls = upTo;
      }
      batch.push(event);
    }
    this.#send(batch);
    if (sentCalls < calls.length) admit(sentCalls ? calls.slice(sentCalls) : calls);
  }

  /** The run ends: whatever is left goes out (before the reply). */
  flushAll(): void {
    const queue = this.#queue;
    this.#queue = [];
    this.#send(queue.map((queued) => queued.event));
  }

  #send(events: StreamedEvent[]): void {
    if (events.length) this.channel.stream?.(events);
  }
}
