/**
 * The code tool's default description: what it does and which tools the program can call. The full
 * rules and TypeScript signatures are the interpreter's `systemPrompt()` (for the agent's
 * instructions), which needs the interpreter, while a description must exist before it.
 */
import { camelCase } from "../../adapter-support.js";
import type { ToolDefinition } from "../../index.js";
import type { AnyFunctionTool } from "./agent-tools.js";

function firstLine(text: string | undefined): string {
  return (text ?? "").trim().split("\n")[0] ?? "";
}

function toolLine(name: string, description: string | undefined): string {
  const note = firstLine(description);
  return `- tools.${camelCase(name)}(input)${note ? `: ${note}` : ""}`;
}

export function defaultDescription(tools: AnyFunctionTool[], quickboxTools: ToolDefinition[]): string {
  const lines = [
    "Run a JavaScript/TypeScript program in a persistent sandbox. Write one short program instead of many single steps: " +
      "call tools from code with `await tools.<name>(input)` (Promise.all for parallel calls), loop, branch and return only what matters. " +
      "The value of the last expression is the result; top-level declarations persist to the next call; console.log output is returned too. " +
      "A call that needs the user's approval pauses the program until the user decides; it then continues where it stopped.",
  ];
  const named = [...tools.map((tool) => toolLine(tool.name, tool.description)), ...quickboxTools.map((tool) => toolLine(tool.name, tool.description))];
  if (named.length) lines.push("Tools:", ...named);
  return lines.join("\n");
}
