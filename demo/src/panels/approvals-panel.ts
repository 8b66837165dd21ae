/**
 * Interrupts waiting for a person, across all threads (read from the store, so they are still
 * here after a reload): approve, approve with edited arguments, reject with a message, or respond
 * with a value instead of running the tool.
 */
import type { Decision, Interrupt, ThreadInfo } from "quickbox";
import { byId, h } from "../dom.js";

export type DecideHandler = (threadId: string, interruptId: string, decision: Decision) => void;

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: not valid JSON`);
  }
}

export class ApprovalsPanel {
  readonly #list = byId<HTMLDivElement>("approvals");
  readonly #count = byId<HTMLSpanElement>("approvals-count");

  constructor(private readonly onDecide: DecideHandler) {}

  render(threads: ThreadInfo[]): void {
    const cards = threads.flatMap((thread) => (thread.interrupts ?? []).map((interrupt) => this.#card(thread.threadId, interrupt)));
    this.#count.textContent = cards.length ? String(cards.length) : "";
    this.#list.replaceChildren(...(cards.length ? cards : [h("p", { class: "empty" }, "Nothing is waiting for approval.")]));
  }

  #card(threadId: string, interrupt: Interrupt): HTMLElement {
    const argsId = `args-${interrupt.id}`;
    const answerId = `answer-${interrupt.id}`;
    const args = h("textarea", { id: argsId, rows: 4, spellcheck: "false" }) as HTMLTextAreaElement;
    args.value = JSON.stringify(interrupt.args, null, 2);
    const answer = h("input", { id: answerId, placeholder: "message (reject) or JSON value (respond)" }) as HTMLInputElement;
    const error = h("p", { class: "card-error", role: "alert" });
    const allowed = new Set(interrupt.allowedDecisions);
    const decide = (make: () => Decision) => () => {
      try {
        error.textContent = "";
        this.onDecide(threadId, interrupt.id, make());
      } catch (problem) {
        error.textContent = problem instanceof Error ? problem.message : String(problem);
      }
    };
    const button = (type: Decision["type"], label: string, make: () => Decision) =>
      allowed.has(type) ? h("button", { type: "button", "data-decision": type, onclick: decide(make) }, label) : null;
    return h(
      "article",
      { class: "approval", "data-testid": "approval", "data-thread": threadId, "aria-label": `${interrupt.name} on thread ${threadId}` },
      h("header", {}, h("strong", {}, interrupt.kind === "task" ? "task()" : interrupt.name), ` — thread "${threadId}"`),
      h("label", { for: argsId }, "Arguments (edit, then “Approve edited”)"),
      args,
      h("label", { for: answerId }, "Answer"),
      answer,
      h(
        "div",
        { class: "actions" },
        button("approve", "Approve", () => ({ type: "approve" })),
        button("edit", "Approve edited", () => ({ type: "edit", args: parseJson(args.value, "the arguments") })),
        button("reject", "Reject", () => ({ type: "reject", ...(answer.value ? { message: answer.value } : {}) })),
        button("respond", "Respond", () => ({ type: "respond", value: answer.value ? parseJson(answer.value, "the answer") : null })),
      ),
      error,
    );
  }
}
