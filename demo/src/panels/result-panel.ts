/** The last result: what the model reads (the wire text) and a structured view of it. */
import type { EvalResult } from "quickbox";
import { byId, formatMs, h } from "../dom.js";

export class ResultPanel {
  readonly #wire = byId<HTMLPreElement>("wire");
  readonly #status = byId<HTMLParagraphElement>("status");
  readonly #details = byId<HTMLDivElement>("result-details");

  running(threadId: string): void {
    this.#status.textContent = `running on thread "${threadId}"…`;
    this.#status.dataset.state = "running";
  }

  failed(message: string): void {
    this.#status.textContent = `error: ${message}`;
    this.#status.dataset.state = "error";
    // The last result belongs to another run: do not leave it under this error.
    this.#wire.textContent = "";
    this.#details.replaceChildren();
  }

  /** After a decision, keyboard focus goes to the outcome (the approval card is gone). */
  focusStatus(): void {
    this.#status.focus();
  }

  show(threadId: string, result: EvalResult): void {
    this.#wire.textContent = result.text;
    this.#status.dataset.state = result.status;
    const calls = result.toolCalls ? `, ${result.toolCalls} tool call${result.toolCalls === 1 ? "" : "s"}` : "";
    this.#status.textContent = `${result.status} in ${formatMs(result.durationMs)}${calls} — thread "${threadId}"`;
    const rows: [string, Node | string][] = [];
    if (result.error) rows.push(["error", h("span", { class: "error-type" }, `${result.error.type}: `, result.error.message)]);
    if (result.status === "paused") rows.push(["waiting for", `${result.interrupts?.length ?? 0} approval(s) — see Approvals`]);
    if (result.stdout) rows.push(["stdout", h("pre", {}, result.stdout)]);
    if (result.status === "ok") rows.push(["value", h("pre", {}, formatValue(result.value))]);
    if (result.warnings?.length) rows.push(["warnings", h("ul", {}, ...result.warnings.map((warning) => h("li", {}, warning)))]);
    this.#details.replaceChildren(h("dl", {}, ...rows.flatMap(([term, description]) => [h("dt", {}, term), h("dd", {}, description)])));
  }
}

function formatValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${item}n` : item), 2) ?? String(value);
  } catch {
    return String(value);
  }
}
