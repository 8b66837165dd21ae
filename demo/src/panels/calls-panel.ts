/** Tool and subagent calls of the current run, as they happen: arguments, result, duration. */
import type { InterpreterEvent } from "quickbox";
import { byId, formatMs, h, preview } from "../dom.js";

type CallEvent = Extract<InterpreterEvent, { type: "tool-call" | "task" }>;

export class CallsPanel {
  readonly #list = byId<HTMLOListElement>("calls");
  readonly #summary = byId<HTMLParagraphElement>("calls-summary");
  readonly #rows = new Map<string, HTMLLIElement>();
  readonly #results = new Map<string, string>();

  clear(): void {
    this.#rows.clear();
    this.#results.clear();
    this.#list.replaceChildren();
    this.#updateSummary();
  }

  onEvent(event: CallEvent): void {
    const name = event.type === "task" ? `task(${event.subagentType})` : event.name;
    const args = event.type === "task" ? event.description : preview(event.args, 120);
    let row = this.#rows.get(event.callId);
    if (!row) {
      row = h("li", { "data-testid": "call", "data-state": "running" });
      this.#rows.set(event.callId, row);
      this.#list.append(row);
    }
    if (event.phase === "end") row.dataset.state = event.ok ? "ok" : "error";
    const outcome =
      event.phase === "start" ? "running…" : event.ok ? (this.#results.get(event.callId) ?? "ok") : `error: ${event.error ?? "failed"}`;
    row.replaceChildren(
      h("span", { class: "call-name" }, name),
      h("code", { class: "call-args" }, args),
      h("span", { class: "call-outcome" }, "→ ", outcome),
      h("span", { class: "call-duration" }, event.durationMs === undefined ? "" : formatMs(event.durationMs)),
    );
    this.#updateSummary();
  }

  onResult(callId: string, outcome: { ok: true; value: unknown } | { ok: false; error: string }): void {
    if (outcome.ok) this.#results.set(callId, preview(outcome.value, 120));
  }

  #updateSummary(): void {
    const rows = [...this.#rows.values()];
    const running = rows.filter((row) => row.dataset.state === "running").length;
    this.#summary.textContent = rows.length ? `${rows.length} call${rows.length === 1 ? "" : "s"}${running ? `, ${running} running` : ""}` : "No calls yet.";
  }
}
