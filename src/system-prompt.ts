/**
 * The interpreter rules for the model (DESIGN.md §4): persistence, limits with their values,
 * what exists besides plain JavaScript (`tools`, `task`), and the tools' TypeScript signatures.
 */
import type { EngineOptions } from "./engine-contract.js";
import type { ResolvedOptions } from "./options.js";
import { MAX_PROGRESS_CHARS, MAX_PROGRESS_EVENTS } from "./stream-protocol.js";

function indentBlock(text: string, indent: string): string {
  return text
    .split("\n")
    .map((line) => (line ? indent + line : line))
    .join("\n");
}

function toolsSection(options: ResolvedOptions): string[] {
  const tools = options.tools.programTools();
  if (!tools.length) return [];
  if (options.promptTools === "names") {
    return [
      "",
      "Tools (call them from code; each returns a Promise):",
      ...tools.map((tool) => `- tools.${tool.key}${tool.definition.description ? `: ${tool.definition.description.split("\n")[0]}` : ""}`),
      "Each tool takes one input object. Use tools.$describe(name) for a tool's TypeScript signature and tools.$search(query) to find tools.",
    ];
  }
  return [
    "",
    "Tools (call them from code with await, each with one input object; results are plain values):",
    "```ts",
    "declare const tools: {",
    tools.map((tool) => indentBlock(tool.signature, "  ")).join("\n"),
    "  /** Tools whose name or description contains every word of the query. */",
    "  $search(query: string): { name: string; description: string; signature: string }[];",
    "  /** A tool's description and signature. */",
    "  $describe(name: string): { name: string; description: string; signature: string };",
    "};",
    "```",
  ];
}

function taskSection(options: ResolvedOptions): string[] {
  const subagents = options.subagents;
  if (!subagents) return [];
  const types = subagents.types;
  const typeUnion = types.length ? types.map((type) => JSON.stringify(type.name)).join(" | ") : "string";
  return [
    "",
    "Subagents: task() hands a self-contained job to a subagent and resolves with its answer.",
    "```ts",
    "declare function task(input: {",
    "  /** Everything the subagent needs to know: it sees nothing else. */",
    "  description: string;",
    `  subagentType: ${typeUnion};`,
    "  /** Short name for progress displays. */",
    "  label?: string;",
    "  /** JSON Schema of the reply; the reply is then parsed and checked. */",
    "  responseSchema?: object;",
    "}): Promise<unknown>;",
    "```",
    ...types.map((type) => `- ${type.name}: ${type.description}`),
    `Run independent tasks concurrently with Promise.all (at most ${options.engine.maxConcurrentTasks} at once${options.engine.maxTaskCalls === null ? "" : `, ${options.engine.maxTaskCalls} per call`}).`,
  ];
}

/** What persists between calls, as it is in this mode. */
function persistenceRule(mode: EngineOptions["mode"]): string {
  switch (mode) {
    case "thread":
      return "- State persists between calls: top-level const/let/var/function/class declarations stay defined for later calls. Re-running a declaration rebinds it; a top-level const cannot be assigned.";
    case "turn":
      return "- State persists between calls of this turn: top-level const/let/var/function/class declarations stay defined until the turn ends, then everything starts fresh. Re-running a declaration rebinds it; a top-level const cannot be assigned.";
    case "call":
      return "- Every call starts fresh: nothing defined in one call exists in the next, so each program must be complete on its own.";
  }
}

export function renderSystemPrompt(options: ResolvedOptions): string {
  const engine = options.engine;
  const memoryMiB = Math.round(engine.memoryLimitBytes / 2 ** 20);
  const clock =
    engine.clock === "virtual"
      ? "Date.now() starts at 0 (1970-01-01T00:00:00Z, UTC) in a new thread and advances only while the program waits on timers; setTimeout/setInterval fire in virtual time, so waiting costs no real time."
      : "Date.now() is the real clock; timers wait real time.";
  const hasTools = options.tools.programTools().length > 0;
  const capabilities = [hasTools ? "`tools`" : "", options.subagents ? "`task()`" : ""].filter(Boolean).join(" and ");
  const toolBudget =
    hasTools && engine.maxToolCalls !== null
      ? ` at most ${engine.maxToolCalls} tool calls (${engine.maxConcurrentToolCalls} at once; more wait their turn),`
      : "";
  return [
    `You have a ${engine.mode === "call" ? "" : "persistent "}JavaScript/TypeScript interpreter (QuickJS). Write a short program instead of many single steps: loop, branch, ${capabilities ? `call ${capabilities} from code` : "compute"}, and return only what matters.`,
    "",
    "Rules:",
    persistenceRule(options.engine.mode),
    "- Top-level await works. The result is the value of a top-level `return`, or else of the last expression statement; a program that is one function (`async () => { … }`) is called. A final Promise is awaited.",
    "- console.log/info/debug/warn/error output is returned in <stdout>; keep it short.",
    `- progress(value) shows the user a short status at once while the program keeps running (a string or small object, at most ${MAX_PROGRESS_CHARS} characters; ${MAX_PROGRESS_EVENTS} per call); use it in long loops, not for the result.`,
    "- TypeScript is accepted (types are stripped).",
    "- Also available: URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, crypto.getRandomValues/randomUUID, Intl (NumberFormat, DateTimeFormat, Collator, PluralRules, RelativeTimeFormat, ListFormat), toLocaleString and localeCompare (default locale en-US, time zone UTC).",
    `- There is no fetch, require, process, filesystem, network or import${capabilities ? `; the only way out is ${capabilities}` : ": the program can only compute"}.`,
    `- ${clock}`,
    `- Limits per call: ${engine.timeoutMs} ms of CPU time,${toolBudget} ${memoryMiB} MiB of memory, and at most ${engine.maxResultChars} characters of output and of result (the rest is cut).`,
    ...(hasTools || options.subagents ? [`- Errors from ${capabilities} can be caught with try/catch (error.name: ${hasTools ? "ToolError, ToolInputError, …" : "TaskError, …"}).`] : []),
    "- Return compact results (counts, aggregates, the few items that matter), not whole data sets.",
    ...toolsSection(options),
    ...taskSection(options),
    "",
    'The reply has the form <stdout>…</stdout> (only if something was printed) then <result>…</result> or <error type="…">…</error>, with text exactly as printed (only a "<" that would open one of these tags is written &lt;). A <result kind="handle"> is a value that stays in the interpreter (a function, for example).',
  ].join("\n");
}
