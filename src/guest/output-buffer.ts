/**
 * Captured console text for one eval. Stores at most `limitChars` UTF-16 units and keeps
 * counting past that, so a flood of output never exhausts guest memory.
 */
export class OutputBuffer {
  #parts: string[] = [];
  #storedChars = 0;
  #totalChars = 0;

  constructor(public limitChars: number) {}

  append(text: string): void {
    this.#totalChars += text.length;
    const room = this.limitChars - this.#storedChars;
    if (room <= 0) return;
    const kept = text.length <= room ? text : text.slice(0, room);
    this.#parts.push(kept);
    this.#storedChars += kept.length;
  }

  get totalChars(): number {
    return this.#totalChars;
  }

  /** The captured text (head only) and how many units were not stored; the buffer starts over. */
  take(): { text: string; droppedChars: number } {
    const taken = { text: this.#parts.join(""), droppedChars: this.#totalChars - this.#storedChars };
    this.#parts = [];
    this.#storedChars = 0;
    this.#totalChars = 0;
    return taken;
  }
}
