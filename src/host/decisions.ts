/** A person's decision on a held call, checked and turned into what the engine applies. */
import type { HeldCallRef, InterruptDecision } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import type { Decision } from "../types.js";
import { encodeForGuest, PayloadError } from "./guest-encoding.js";
import type { HeldCall } from "./threads/thread-table.js";

/** The engine's view of a held call: its ids, from the host's record. */
export function heldCallRef(held: HeldCall): HeldCallRef {
  return { callId: held.id, guestKey: held.guestKey, kind: held.kind, name: held.name };
}

/**
 * `held.allowedDecisions` are the ones this decision is checked against (the caller may narrow
 * the stored ones to this interpreter's interruptOn). An approval runs the record's arguments:
 * exactly the call the reviewer was shown.
 */
export function toInterruptDecision(held: HeldCall, decision: Decision, maxPayloadBytes: number): InterruptDecision {
  const invalid = (message: string) => new QuickboxError("INVALID_OPTIONS", `decision for ${held.id}: ${message}`);
  if (typeof decision !== "object" || decision === null || typeof decision.type !== "string") throw invalid("must be { type: approve | edit | reject | respond, … }");
  if (!held.allowedDecisions.includes(decision.type)) {
    throw new QuickboxError("DECISION_NOT_ALLOWED", `interrupt ${held.id} (${held.name}) allows ${held.allowedDecisions.join(", ")}, not ${decision.type}`);
  }
  const call = heldCallRef(held);
  switch (decision.type) {
    case "approve":
      return { call, run: { args: JSON.stringify(held.args) } };
    case "edit": {
      if (!("args" in decision)) throw invalid("edit needs args");
      let args: string | undefined;
      try {
        args = JSON.stringify(decision.args);
      } catch (error) {
        throw invalid(`edit args must be JSON data (${error instanceof Error ? error.message : String(error)})`);
      }
      if (args === undefined) throw invalid("edit args must be JSON data");
      if (args.length > maxPayloadBytes) throw invalid(`edit args are larger than maxToolPayloadBytes (${maxPayloadBytes} bytes)`);
      return { call, run: { args } };
    }
    case "reject":
      return {
        call,
        result: { ok: false, error: { name: "ToolRejected", message: typeof decision.message === "string" && decision.message ? decision.message : `${held.name} was rejected` } },
      };
    case "respond":
      if (!("value" in decision)) throw invalid('respond needs a value: { type: "respond", value }');
      try {
        return { call, result: { ok: true, ...encodeForGuest(decision.value, maxPayloadBytes) } };
      } catch (error) {
        throw invalid(error instanceof PayloadError ? error.message : String(error));
      }
    default:
      throw invalid(`unknown decision type ${JSON.stringify((decision as { type: unknown }).type)}`);
  }
}
