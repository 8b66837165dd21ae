/**
 * What a paused program raises as a LangGraph interrupt, and how a `Command({ resume })` value
 * becomes quickbox decisions. The payload uses the shape of LangChain's human-in-the-loop
 * middleware (`actionRequests` / `reviewConfigs`), so UIs built for it show quickbox pauses too,
 * and carries the quickbox interrupts themselves.
 */
import { camelCase } from "../../adapter-support.js";
import { QuickboxError, type Decision, type Interrupt } from "../../index.js";

export interface CodeInterruptPayload {
  actionRequests: { name: string; args: unknown; description: string; id: string }[];
  reviewConfigs: { actionName: string; allowedDecisions: string[] }[];
  quickbox: { threadId: string; interrupts: Interrupt[] };
}

/** The name of the action a reviewer sees: the agent tool's own name, or "task" for a subagent. */
function actionName(interrupt: Interrupt): string {
  return interrupt.kind === "task" ? "task" : interrupt.name;
}

export function interruptPayload(threadId: string, interrupts: Interrupt[]): CodeInterruptPayload {
  return {
    actionRequests: interrupts.map((interrupt) => ({
      name: actionName(interrupt),
      args: interrupt.args,
      description:
        interrupt.description ?? `The program called ${interrupt.kind === "task" ? `task() (subagent "${interrupt.name}")` : `tools.${camelCase(interrupt.name)}`} and waits for a decision.`,
      // The call's id: the tool's ctx.callId once approved, and the quickbox interrupt's id.
      id: interrupt.id,
    })),
    // Matched to actionRequests by name, as LangChain's human-in-the-loop UIs do.
    reviewConfigs: interrupts.map((interrupt) => ({ actionName: actionName(interrupt), allowedDecisions: interrupt.allowedDecisions })),
    quickbox: { threadId, interrupts },
  };
}

const DECISION_TYPES = new Set(["approve", "edit", "reject", "respond"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A decision in quickbox's shape, or in the human-in-the-loop middleware's (edit → editedAction.args). */
function toDecision(value: unknown): Decision {
  if (!isObject(value) || typeof value.type !== "string" || !DECISION_TYPES.has(value.type)) {
    throw new QuickboxError("INVALID_OPTIONS", `a resume decision must be { type: "approve" | "edit" | "reject" | "respond", … }, got ${JSON.stringify(value)}`);
  }
  if (value.type === "edit") {
    const editedAction = value.editedAction;
    const args = "args" in value ? value.args : isObject(editedAction) ? editedAction.args : undefined;
    return { type: "edit", args };
  }
  if (value.type === "reject") return { type: "reject", ...(typeof value.message === "string" ? { message: value.message } : {}) };
  if (value.type === "respond") {
    if (!("value" in value)) throw new QuickboxError("INVALID_OPTIONS", 'a "respond" decision needs a value: { type: "respond", value }');
    return { type: "respond", value: value.value };
  }
  return { type: "approve" };
}

/**
 * Accepted resume values: `{ [interruptId]: decision }`; `{ decisions: [decision, …] }` in the
 * order of the pending interrupts (the human-in-the-loop middleware's shape); or one decision
 * for every pending interrupt.
 */
export function decisionsFromResume(resume: unknown, pending: Interrupt[]): Record<string, Decision> {
  if (isObject(resume) && Array.isArray(resume.decisions)) {
    const list = resume.decisions;
    if (list.length > pending.length) {
      throw new QuickboxError("INVALID_OPTIONS", `${list.length} decisions for ${pending.length} pending interrupt(s)`);
    }
    return Object.fromEntries(list.map((decision, index) => [pending[index]!.id, toDecision(decision)]));
  }
  if (isObject(resume) && typeof resume.type === "string") {
    const decision = toDecision(resume);
    return Object.fromEntries(pending.map((interrupt) => [interrupt.id, decision]));
  }
  if (isObject(resume)) return Object.fromEntries(Object.entries(resume).map(([id, decision]) => [id, toDecision(decision)]));
  throw new QuickboxError("INVALID_OPTIONS", `resume with { [interruptId]: decision }, { decisions: [...] } or one decision; got ${JSON.stringify(resume)}`);
}
