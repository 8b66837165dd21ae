/** What the running program reports with progress(value), as it arrives (newest last). */
import type { InterpreterEvent } from "quickbox";
import { byId, h, preview } from "../dom.js";

/** Rows kept on screen; older ones are dropped (a program may send up to 1,000 per run). */
const MAX_ROWS = 100;

export class ProgressPanel {
  readonly #list = byId<HTMLOListElement>("progress");

  clear(): void {
    this.#list.replaceChildren();
  }

  onEvent(event: Extract<InterpreterEvent, { type: "progress" }>): void {
    const text = typeof event.value === "string" ? event.value : preview(event.value, 160);
    this.#list.append(h("li", { "data-testid": "progress-item", value: String(event.seq) }, text));
    while (this.#list.children.length > MAX_ROWS) this.#list.firstElementChild?.remove();
    this.#list.scrollTop = this.#list.scrollHeight;
  }
}
