/** Threads: pick, create, reset, fork; and the current thread's variables with short previews. */
import type { ThreadInfo } from "quickbox";
import { byId, h } from "../dom.js";

export interface ThreadActions {
  select(threadId: string): void;
  create(threadId: string): void;
  reset(threadId: string): void;
  fork(from: string, to: string): void;
}

export interface VariableInfo {
  name: string;
  type: string;
  preview: string;
}

export class ThreadsPanel {
  readonly #list = byId<HTMLUListElement>("threads");
  readonly #variables = byId<HTMLTableSectionElement>("variables");
  readonly #variablesNote = byId<HTMLParagraphElement>("variables-note");
  readonly #name = byId<HTMLInputElement>("thread-name");
  readonly #current = byId<HTMLSpanElement>("current-thread");

  constructor(private readonly actions: ThreadActions) {
    byId("thread-new").addEventListener("click", () => this.#withName((name) => actions.create(name)));
    byId("thread-fork").addEventListener("click", () => this.#withName((name) => actions.fork(this.#current.textContent ?? "default", name)));
    byId("thread-reset").addEventListener("click", () => actions.reset(this.#current.textContent ?? "default"));
  }

  #withName(use: (name: string) => void): void {
    const name = this.#name.value.trim();
    if (!name) {
      this.#name.focus();
      this.#name.setCustomValidity("Enter a thread name");
      this.#name.reportValidity();
      return;
    }
    this.#name.setCustomValidity("");
    this.#name.value = "";
    use(name);
  }

  render(current: string, threads: ThreadInfo[]): void {
    this.#current.textContent = current;
    const known = new Map(threads.map((thread) => [thread.threadId, thread]));
    if (!known.has(current)) known.set(current, { threadId: current, state: "idle", pendingInterrupts: 0, replayable: true });
    const items = [...known.values()]
      .sort((a, b) => a.threadId.localeCompare(b.threadId))
      .map((thread) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "thread",
              "aria-pressed": thread.threadId === current ? "true" : "false",
              "data-testid": "thread",
              onclick: () => this.actions.select(thread.threadId),
            },
            thread.threadId,
            h("span", { class: `badge badge-${thread.state}` }, thread.state + (thread.pendingInterrupts ? ` (${thread.pendingInterrupts})` : "")),
          ),
        ),
      );
    this.#list.replaceChildren(...items);
  }

  showVariables(variables: VariableInfo[] | string): void {
    if (typeof variables === "string") {
      this.#variablesNote.textContent = variables;
      this.#variables.replaceChildren();
      return;
    }
    this.#variablesNote.textContent = variables.length ? "" : "No variables yet: top-level declarations appear here.";
    this.#variables.replaceChildren(
      ...variables.map((variable) => h("tr", { "data-testid": "variable" }, h("th", { scope: "row" }, variable.name), h("td", {}, variable.type), h("td", {}, h("code", {}, variable.preview)))),
    );
  }
}

/**
 * Lists the thread's own globals: every global name not present in a fresh thread (`builtins`),
 * run in the thread itself. Getters are not called, except the one quickbox made for a top-level
 * const (it returns the value and runs no program code).
 */
export function variablesProgram(builtins: string[]): string {
  return `(() => {
  const builtins = new Set(${JSON.stringify(builtins)});
  const out = [];
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (builtins.has(name)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    // A top-level const is an accessor pair named after it (quickbox keeps it constant that way).
    const constant = !!descriptor && typeof descriptor.get === "function" && descriptor.get.name === name && typeof descriptor.set === "function" && descriptor.set.name === name;
    if (!descriptor || (!("value" in descriptor) && !constant)) { out.push({ name, type: "accessor", preview: "[getter]" }); continue; }
    const value = constant ? descriptor.get() : descriptor.value;
    let type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    let preview;
    if (typeof value === "function") preview = (/^class\\b/.test(Function.prototype.toString.call(value)) ? "class " : "function ") + (value.name || name) + "(" + value.length + " args)";
    else if (value instanceof Map) { type = "Map"; preview = "Map(" + value.size + ")"; }
    else if (value instanceof Set) { type = "Set"; preview = "Set(" + value.size + ")"; }
    else { try { preview = JSON.stringify(value) ?? String(value); } catch { preview = Object.prototype.toString.call(value); } }
    out.push({ name, type, preview: preview.length > 60 ? preview.slice(0, 59) + "…" : preview });
  }
  return out;
})()`;
}

/** A fresh thread's global names (what `variablesProgram` leaves out). */
export const BUILTINS_PROGRAM = "Object.getOwnPropertyNames(globalThis)";
