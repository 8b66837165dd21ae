/**
 * The executor for a resume that runs approved calls: when one of them finishes, the call log
 * records it as done, with its result, before the program sees the result. A process that stops
 * after that replays the result at the next resume instead of asking `recover`.
 */
import type { CallExecutor } from "./call-executor.js";
import type { CallLogEntry } from "./snapshot-persistence.js";

export function callLoggingExecutor(base: CallExecutor, entries: CallLogEntry[], writeLog: (entries: CallLogEntry[]) => Promise<void>): CallExecutor {
  const byGuestCall = new Map<string, CallLogEntry>();
  const unmatched = [...entries];
  const logged = Object.create(base) as CallExecutor;
  logged.run = (calls, scope, sink) => {
    // A released call reaches the host under the program's own call id: match it by name and
    // arguments (the JSON text the engine was given is the entry's arguments, stringified).
    for (const call of calls) {
      const index = unmatched.findIndex((entry) => entry.name === call.name && JSON.stringify(entry.args) === call.args);
      if (index >= 0) byGuestCall.set(call.id, unmatched.splice(index, 1)[0]!);
    }
    base.run(calls, scope, (results) => {
      const finished = results.filter((result) => byGuestCall.has(result.id));
      if (!finished.length) return sink(results);
      for (const result of finished) {
        const entry = byGuestCall.get(result.id)!;
        const { id: _id, ...outcome } = result;
        entry.state = "done";
        entry.result = outcome;
      }
      void writeLog(entries)
        .catch(() => {})
        .then(() => sink(results));
    });
  };
  return logged;
}
