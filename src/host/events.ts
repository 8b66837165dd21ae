/** `onEvent` as the rest of the host calls it: a listener that throws never breaks an eval. */
import type { InterpreterEvent } from "../types.js";

export type EmitEvent = (event: InterpreterEvent) => void;

export function safeEmitter(onEvent: ((event: InterpreterEvent) => void) | undefined): EmitEvent {
  if (!onEvent) return () => {};
  return (event) => {
    try {
      onEvent(event);
    } catch {
      // A failing listener must not break the program or its calls.
    }
  };
}
