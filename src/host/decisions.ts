/** A person's decision on an interrupt, checked and turned into what the engine applies. */
import type { InterruptDecision } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import type { Decision, Interrupt } from "../types.js";
import { encodeForGuest, PayloadError } from "./guest-encoding.js";

export function toInterruptDecision(interrupt: Interrupt, decision: Decision, maxPayloadBytes: number): InterruptDecision {
  const invalid = (message: string) => new QuickboxError("INVALID_OPTIONS", `decision for ${interrupt.id}: ${message}`);
  if (typeof decision !== "object" || decision === null || typeof decision.type !== "string") throw invalid("must be { type: approve | edit | reject | respond, … }");
  if (!interrupt.allowedDecisions.includes(decision.type)) {
    throw new QuickboxError("DECISION_NOT_ALLOWED", `interrupt ${interrupt.id} (${interrupt.name}) allows ${interrupt.allowedDecisions.join(", ")}, not ${decision.type}`);
  }
  switch (decision.type) {
    case "approve":
      // The call runs with the arguments the paused thread holds: what the program asked for.
      return { interruptId: interrupt.id, run: {} };
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
      return { interruptId: interrupt.id, run: { args } };
    }
    case "reject":
      return {
        interruptId: interrupt.id,
        result: { ok: false, error: { name: "ToolRejected", message: typeof decision.message === "string" && decision.message ? decision.message : `${interrupt.name} was rejected` } },
      };
    case "respond":
      if (!("value" in decision)) throw invalid('respond needs a value: { type: "respond", value }');
      try {
        return { interruptId: interrupt.id, result: { ok: true, ...encodeForGuest(decision.value, maxPayloadBytes) } };
      } catch (error) {
        throw invalid(error instanceof PayloadError ? error.message : String(error));
      }
    default:
      throw invalid(`unknown decision type ${JSON.stringify((decision as { type: unknown }).type)}`);
  }
}
