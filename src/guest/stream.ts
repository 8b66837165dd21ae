/**
 * `progress(value)` and console streaming: events the program sends to the host at once, while
 * it keeps running (see src/stream-protocol.ts). A value crosses as data, copied as an eval's
 * result is (getters are not called, cycles kept, functions become handles), and must fit in
 * MAX_PROGRESS_CHARS once copied; larger ones throw a TypeError. Past MAX_PROGRESS_EVENTS per eval
 * calls are only counted: a flood costs next to nothing and the result carries a warning.
 */
import { MAX_PROGRESS_CHARS, MAX_PROGRESS_EVENTS, PROGRESS_KIND, STDOUT_KIND, STREAM_BRIDGE_GLOBAL, STREAM_STDOUT_PIECE_CHARS } from "../stream-protocol.js";
import { isArray, NativeTypeError, reflectApply } from "./intrinsics.js";
import { isProxy } from "./proxy-registry.js";
import { copyValue } from "./result-copy.js";
import { noteActivity } from "./activity.js";

const globalRecord = globalThis as unknown as Record<string, unknown>;
const hostStream = globalRecord[STREAM_BRIDGE_GLOBAL] as ((message: string) => unknown) | undefined;
delete globalRecord[STREAM_BRIDGE_GLOBAL];

/** Entries beyond which a collection cannot fit in MAX_PROGRESS_CHARS (each takes at least 2). */
const MAX_ENTRIES = MAX_PROGRESS_CHARS / 2;
const TOO_LARGE = `progress(value): the value is larger than ${MAX_PROGRESS_CHARS} characters once copied; send a summary (a count, a short string, a small object)`;

/** True when the value is sure not to fit, told without copying it (and without running guest code). */
function obviouslyTooLarge(value: unknown): boolean {
  if (typeof value === "string") return value.length > MAX_PROGRESS_CHARS;
  if (typeof value !== "object" || value === null || isProxy(value)) return false;
  if (isArray(value)) return value.length > MAX_ENTRIES;
  if (value instanceof Map || value instanceof Set) return value.size > MAX_ENTRIES;
  return false;
}

export class GuestStream {
  #sent = 0;
  #dropped = 0;

  /** `queuedCalls`: the program's calls not yet handed to the host (the message says how many). */
  constructor(private readonly queuedCalls: () => number) {}

  #send(kind: string, payload: string): void {
    noteActivity();
    if (typeof hostStream === "function") reflectApply(hostStream, undefined, [`${kind}${this.queuedCalls()}:${payload}`]);
  }

  progress(value: unknown): void {
    if (this.#sent >= MAX_PROGRESS_EVENTS) {
      noteActivity();
      this.#dropped++;
      return;
    }
    if (obviouslyTooLarge(value)) throw new NativeTypeError(TOO_LARGE);
    const copied = copyValue(value, MAX_PROGRESS_CHARS);
    if (copied.value === undefined) {
      const note = copied.valueNote ?? "value not copied";
      throw new NativeTypeError(/larger than/.test(note) ? TOO_LARGE : `progress(value): ${note.replace(/^value not copied: /, "the value cannot be sent: ")}`);
    }
    this.#sent++;
    this.#send(PROGRESS_KIND, copied.value);
  }

  /** Console text as it is stored (the output cap bounds it), in pieces the host reads whole. */
  stdout(text: string): void {
    let start = 0;
    while (start < text.length) {
      let end = Math.min(text.length, start + STREAM_STDOUT_PIECE_CHARS);
      // Never split a surrogate pair.
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      this.#send(STDOUT_KIND, text.slice(start, end));
      start = end;
    }
  }

  /** progress() calls dropped since the last report; the count starts over. */
  takeDropped(): number {
    const dropped = this.#dropped;
    this.#dropped = 0;
    return dropped;
  }

  /** Nothing sent or dropped since the last reset. */
  get quiet(): boolean {
    return this.#sent === 0 && this.#dropped === 0;
  }

  /** A new eval: nothing sent yet. */
  reset(): void {
    this.#sent = 0;
    this.#dropped = 0;
  }
}

/** The global `progress` function (a method keeps its name through the prelude's minification). */
export function progressFunction(stream: GuestStream): (value: unknown) => void {
  return {
    progress(value: unknown): void {
      stream.progress(value);
    },
  }.progress;
}
