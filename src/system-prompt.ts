/** The interpreter rules for the model (DESIGN.md §4), with the configured limits filled in. */
import type { ResolvedOptions } from "./options.js";

export function renderSystemPrompt(options: ResolvedOptions): string {
  const memoryMiB = Math.round(options.memoryLimitBytes / 2 ** 20);
  const clock =
    options.clock === "virtual"
      ? "Date.now() starts at 0 (1970-01-01T00:00:00Z, UTC) in a new thread and advances only while the program waits on timers; setTimeout/setInterval fire in virtual time, so waiting costs no real time."
      : "Date.now() is the real clock; timers wait real time.";
  return [
    "You have a persistent JavaScript/TypeScript interpreter (QuickJS). Write a short program instead of many single steps.",
    "",
    "Rules:",
    "- State persists between calls in the same thread: top-level const/let/var/function/class declarations stay defined. Re-running a declaration rebinds it.",
    "- Top-level await works. The value of the last expression statement is the result; a final Promise is awaited.",
    "- console.log/info/debug/warn/error output is returned in <stdout>; keep it short.",
    "- TypeScript is accepted (types are stripped).",
    "- There is no fetch, require, process, filesystem, network or import: the program can only compute.",
    `- ${clock}`,
    `- Limits per call: ${options.timeoutMs} ms of CPU time, ${memoryMiB} MiB of memory, and at most ${options.maxResultChars} characters of output and of result (the rest is cut).`,
    "- Return compact results (counts, aggregates, the few items that matter), not whole data sets.",
    "",
    "The reply has the form <stdout>…</stdout> (only if something was printed) then <result>…</result> or <error type=\"…\">…</error>. A <result kind=\"handle\"> is a value that stays in the interpreter (a function, for example).",
  ].join("\n");
}
