/**
 * The code tool's default description: what it does and which tools the program can call. The full
 * rules and TypeScript signatures are the interpreter's `systemPrompt()` (for `system`), which needs
 * the interpreter, while a description must exist before it.
 */
import { allowsCaller } from "../../adapter-support.js";
import type { ToolDefinition } from "../../index.js";
import type { CallersByName } from "./direct-tools.js";
import type { ExecutableTool } from "./tool-set.js";

/** The name the program uses (DESIGN.md §3): each run of `-`/`_` before a letter or digit is dropped and that character upper-cased. */
export function programToolName(name: string): string {
  return name.replace(/[-_]+([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
}

function firstLine(text: string | undefined): string {
  return (text ?? "").trim().split("\n")[0] ?? "";
}

function toolLine(name: string, description: string | undefined, needsApproval: boolean): string {
  const notes = [firstLine(description), needsApproval ? "may pause the program until the user approves" : ""].filter(Boolean);
  return `- tools.${programToolName(name)}(input)${notes.length ? `: ${notes.join("; ")}` : ""}`;
}

/** Names the tools a program can call (allowedCallers with "program"). */
export function defaultDescription(aiTools: [string, ExecutableTool][], quickboxTools: ToolDefinition[], callers: CallersByName, yieldAfterMs?: number): string {
  const tools = [
    ...aiTools.filter(([name]) => allowsCaller({ allowedCallers: callers.get(name) }, "program")).map(([name, tool]) => toolLine(name, tool.description, Boolean(tool.needsApproval))),
    ...quickboxTools.filter((tool) => allowsCaller(tool, "program")).map((tool) => toolLine(tool.name, tool.description, false)),
  ];
  const lines = [
    "Run a JavaScript/TypeScript program in a persistent sandbox. Write one short program instead of many single steps: " +
      "call tools from code with `await tools.<name>(input)` (Promise.all for parallel calls), loop, branch and return only what matters. " +
      "The value of the last expression is the result; top-level declarations persist to the next call; console.log output is returned too.",
  ];
  if (yieldAfterMs !== undefined) {
    lines.push(
      `A program still running after ${yieldAfterMs} ms keeps running in the background: the tool answers with a cellId; call it again with { cellId } to wait for the result (or { cellId, cancel: true } to stop it).`,
    );
  }
  if (tools.length) lines.push("Tools:", ...tools);
  return lines.join("\n");
}
