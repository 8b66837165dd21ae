/**
 * Streamed events of one request (progress(), console streaming) become onEvent events of its
 * thread and eval (`evalId`, as in ctx.caller: a resume keeps the paused eval's). The value is the
 * guest's copy, read and bounded as a tree as EvalResult.value is (its markers say where it was
 * bounded: there is no warnings list on an event); a copy that does not read (only a program that
 * forged its own prelude can make one) is dropped.
 */
import type { StreamedEvent } from "../engine-contract.js";
import { readValueCopy } from "../result/value-copy.js";
import { MAX_PROGRESS_CHARS } from "../stream-protocol.js";
import type { EmitEvent } from "./events.js";

export function streamSink(emit: EmitEvent, threadId: string, evalId: string): (events: StreamedEvent[]) => void {
  return (events) => {
    for (const event of events) {
      if (event.kind === "stdout") {
        emit({ type: "stdout", threadId, evalId, seq: event.seq, text: event.text });
        continue;
      }
      let value: unknown;
      try {
        const copy = readValueCopy(event.value, MAX_PROGRESS_CHARS);
        // The guest refuses such a value itself (progress() throws): only a forged copy is dropped here.
        if (!copy.copied) continue;
        value = copy.value;
      } catch {
        continue;
      }
      emit({ type: "progress", threadId, evalId, seq: event.seq, value });
    }
  };
}
