import { slice } from "./intrinsics.js";
import { newList, type List } from "./safe-collections.js";
import { noteActivity } from "./activity.js";

/** What the console does with its next line (OutputBuffer.mode). */
export type OutputMode = 0 | 1 | 2;
/** The head has room: the line is formatted and stored. */
export const STORE = 0;
/** The head is full, but all output so far is short: the line is formatted and only counted. */
export const MEASURE = 1;
/** Past that: the line is not formatted; the console counts what it would have added. */
export const COUNT = 2;

/**
 * Captured console text for one eval. Stores at most `limitChars` UTF-16 units (the head) and
 * keeps counting past that, so a flood of output never exhausts guest memory.
 *
 * The count is exact while everything printed stays within twice the limit: lines past the head
 * are still formatted, just not stored (`MEASURE`). Beyond that (`COUNT`) the console skips
 * formatting (console.ts, `lineChars`), so 200,000 calls cost next to nothing: lines of strings,
 * numbers, bigints, booleans, null, undefined and symbols are still counted exactly, objects
 * and format specifiers at their shortest (the count becomes a lower bound).
 */
export class OutputBuffer {
  /** A list on the captured methods (safe-collections.ts): an append to an ordinary array would run an accessor a program put on Array.prototype[0]. */
  #parts: List<string> = newList<string>();
  #storedChars = 0;
  #totalChars = 0;
  #limitChars: number;
  /** Read on every console call: a plain field. */
  mode: OutputMode = STORE;
  /**
   * Units counted without formatting (mode COUNT): the console adds to this field directly,
   * the cheapest thing a call can do.
   */
  countedChars = 0;
  /** Called with each piece of text as it is stored (console streaming); null: nobody listens. */
  onStored: ((text: string) => void) | null = null;

  constructor(limitChars: number) {
    this.#limitChars = limitChars;
  }

  get limitChars(): number {
    return this.#limitChars;
  }

  set limitChars(limitChars: number) {
    this.#limitChars = limitChars;
    this.#updateMode();
  }

  #updateMode(): void {
    if (this.#storedChars < this.#limitChars) this.mode = STORE;
    else {
      this.mode = this.totalChars < 2 * this.#limitChars ? MEASURE : COUNT;
      // The console adds to countedChars itself in these modes (no append): a limit lowered to
      // nothing must not let its output pass the activity byte unseen.
      noteActivity();
    }
  }

  append(text: string): void {
    noteActivity();
    this.#totalChars += text.length;
    const room = this.#limitChars - this.#storedChars;
    if (room > 0) {
      // The originals: the program may have replaced Array and String methods (take() runs
      // when the host collects what was printed).
      const kept = text.length <= room ? text : slice(text, 0, room);
      this.#parts[this.#parts.length] = kept;
      this.#storedChars += kept.length;
      if (this.onStored) this.onStored(kept);
    }
    if (this.#storedChars >= this.#limitChars) this.#updateMode();
  }

  /** Output that was not formatted here (a table's rows that were not rendered). */
  count(chars: number): void {
    noteActivity();
    this.#totalChars += chars;
    if (this.mode === MEASURE && this.totalChars >= 2 * this.#limitChars) this.mode = COUNT;
  }

  get totalChars(): number {
    return this.#totalChars + this.countedChars;
  }

  /** The captured text (head only) and how many units were not stored; the buffer starts over. */
  take(): { text: string; droppedChars: number } {
    const taken = { text: this.#parts.join(""), droppedChars: this.totalChars - this.#storedChars };
    this.#parts = newList<string>();
    this.#storedChars = 0;
    this.#totalChars = 0;
    this.countedChars = 0;
    this.mode = STORE;
    return taken;
  }
}
