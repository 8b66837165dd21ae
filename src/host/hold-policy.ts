/**
 * interruptOn, decided on the host per call (DESIGN.md §3, "Holds are decided on the host"): after
 * a call's arguments pass the tool's schema and before anything runs, its entry says whether it is
 * held for a person's decision — `true`, `{ allowedDecisions?, description? }`, or a predicate of
 * the validated arguments. A predicate that throws, or answers something that is neither, holds the
 * call (the safe side) and says so in a warning.
 */
import type { GuestCall, HoldSpec } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import type { DecisionType, HoldContext, HoldPredicate, HoldSettings } from "../types.js";
import { errorMessage } from "./error-message.js";

export const ALL_DECISIONS: readonly DecisionType[] = ["approve", "edit", "reject", "respond"];
/** Longest description kept from a setting or a predicate's answer (UTF-16 units). */
export const MAX_HOLD_DESCRIPTION_CHARS = 2000;

const NO_HOLD: HoldDecision = { hold: null };

type Entry = { kind: "static"; hold: HoldSpec } | { kind: "predicate"; predicate: HoldPredicate };

/** A hold decision: the call runs (`hold: null`), or waits with these settings; `warning` for the host. */
export interface HoldDecision {
  hold: HoldSpec | null;
  warning?: string;
}

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", message);
}

/** Settings as given (option or predicate answer) → the spec stored with the held call; a reason string when malformed. */
function specOf(settings: HoldSettings): HoldSpec | string {
  const allowed = settings.allowedDecisions ?? ALL_DECISIONS;
  if (!Array.isArray(allowed) || !allowed.length || !allowed.every((decision) => ALL_DECISIONS.includes(decision))) {
    return `allowedDecisions must be a non-empty array of ${ALL_DECISIONS.join(", ")}`;
  }
  const description = settings.description;
  if (description !== undefined && typeof description !== "string") return "description must be a string";
  return {
    allowedDecisions: [...new Set(allowed)],
    ...(description !== undefined ? { description: description.slice(0, MAX_HOLD_DESCRIPTION_CHARS) } : {}),
  };
}

const isSettings = (value: unknown): value is HoldSettings => typeof value === "object" && value !== null && !Array.isArray(value);

/** One setting → its entry (null: never hold); `fail` reports a malformed one. */
function entryOf(setting: unknown, fail: (problem: string) => never): Entry | null {
  if (setting === false || setting === undefined) return null;
  if (setting === true) return { kind: "static", hold: { allowedDecisions: [...ALL_DECISIONS] } };
  if (typeof setting === "function") return { kind: "predicate", predicate: setting as HoldPredicate };
  if (!isSettings(setting)) return fail("must be true, false, { allowedDecisions?, description? } or a function (args, ctx) => boolean | { … }");
  const spec = specOf(setting);
  if (typeof spec === "string") return fail(`: ${spec}`);
  return { kind: "static", hold: spec };
}

export class HoldPolicy {
  /** No prototype: tool names such as "toString" or "__proto__" are plain keys. */
  readonly #entries = new Map<string, Entry>();

  /**
   * `toolDefaults`: the tools' own `needsApproval`, by tool name (INVALID_TOOL when malformed);
   * `interruptOn` (INVALID_OPTIONS when malformed) overrides them name by name — `false` too.
   */
  constructor(interruptOn: unknown, toolDefaults: ReadonlyMap<string, unknown> = new Map()) {
    for (const [name, setting] of toolDefaults) {
      const entry = entryOf(setting, (problem) => {
        throw new QuickboxError("INVALID_TOOL", `tool ${JSON.stringify(name)}: needsApproval ${problem}`);
      });
      if (entry) this.#entries.set(name, entry);
    }
    if (interruptOn === undefined) return;
    if (typeof interruptOn !== "object" || interruptOn === null || Array.isArray(interruptOn)) {
      invalid('interruptOn must be an object: { [toolName | "task"]: true | { allowedDecisions?, description? } | (args, ctx) => boolean | {…} }');
    }
    for (const [name, setting] of Object.entries(interruptOn)) {
      const entry = entryOf(setting, (problem) => invalid(`interruptOn.${name}${problem.startsWith(":") ? "" : " "}${problem}`));
      if (entry) this.#entries.set(name, entry);
      else this.#entries.delete(name);
    }
  }

  /** The names interruptOn gates (tool names, and "task"). */
  names(): string[] {
    return [...this.#entries.keys()];
  }

  /** The key a call is gated under: the tool's own name, or "task" for every task() call. */
  static keyOf(call: Pick<GuestCall, "kind" | "name">): string {
    return call.kind === "task" ? "task" : call.name;
  }

  /** Whether interruptOn (or the tool's needsApproval) gates `call` at all: else `decide` is not asked (no context is built for it). */
  gates(call: Pick<GuestCall, "kind" | "name">): boolean {
    return this.#entries.size > 0 && this.#entries.has(HoldPolicy.keyOf(call));
  }

  /** The decisions a fixed setting allows now (undefined: not gated, or gated by a predicate). */
  fixedDecisions(call: Pick<GuestCall, "kind" | "name">): DecisionType[] | undefined {
    const entry = this.#entries.get(HoldPolicy.keyOf(call));
    return entry?.kind === "static" ? [...entry.hold.allowedDecisions] : undefined;
  }

  /**
   * Whether `call` waits for a decision. `input`: its arguments, validated. Synchronous unless a
   * predicate decides (a tool call's start must not wait a turn for nothing: its events keep the
   * order the program made its calls and progress() in).
   */
  decide(call: GuestCall, input: unknown, context: HoldContext): HoldDecision | Promise<HoldDecision> {
    const entry = this.#entries.get(HoldPolicy.keyOf(call));
    if (!entry) return NO_HOLD;
    if (entry.kind === "static") return { hold: entry.hold };
    return this.#ask(entry.predicate, call, input, context);
  }

  async #ask(predicate: HoldPredicate, call: GuestCall, input: unknown, context: HoldContext): Promise<HoldDecision> {
    const heldAnyway = (why: string): HoldDecision => ({
      hold: { allowedDecisions: [...ALL_DECISIONS] },
      warning: `interruptOn.${HoldPolicy.keyOf(call)} ${why}: call ${context.callId} was held for a decision`,
    });
    let answer: unknown;
    try {
      answer = await predicate(input, context);
    } catch (error) {
      return heldAnyway(`threw (${errorMessage(error).slice(0, 300)})`);
    }
    if (answer === false) return { hold: null };
    if (answer === true) return { hold: { allowedDecisions: [...ALL_DECISIONS] } };
    if (!isSettings(answer)) return heldAnyway(`answered ${typeof answer}, not a boolean or { allowedDecisions?, description? }`);
    const spec = specOf(answer);
    return typeof spec === "string" ? heldAnyway(`answered a setting whose ${spec}`) : { hold: spec };
  }
}
