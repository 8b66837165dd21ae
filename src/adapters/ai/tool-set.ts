/** Checks the AI SDK tools given to createCodeTool, before anything is created. */
import type { Tool, ToolSet } from "ai";
import { QuickboxError } from "../../index.js";

export type ExecutableTool = Tool & { execute: NonNullable<Tool["execute"]> };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The tools as [name, tool] pairs; throws QuickboxError (INVALID_OPTIONS, INVALID_TOOL) for what a program could not call. */
export function checkToolSet(tools: unknown): [string, ExecutableTool][] {
  if (tools === undefined) return [];
  if (Array.isArray(tools)) {
    throw new QuickboxError("INVALID_OPTIONS", "createCodeTool: tools must be an object of AI SDK tools ({ name: tool() }), got an array");
  }
  if (!isPlainObject(tools)) throw new QuickboxError("INVALID_OPTIONS", `createCodeTool: tools must be an object of AI SDK tools ({ name: tool() }), got ${tools === null ? "null" : typeof tools}`);
  return Object.entries(tools as ToolSet).map(([name, candidate]) => {
    if (typeof candidate !== "object" || candidate === null) {
      throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} must be an AI SDK tool, got ${candidate === null ? "null" : typeof candidate}`);
    }
    if ((candidate as Tool).type === "provider") {
      throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} is a provider-executed tool; a program can only call tools with an execute function`);
    }
    if (typeof (candidate as Tool).execute !== "function") {
      throw new QuickboxError("INVALID_TOOL", `createCodeTool: tools.${name} has no execute function, so a program cannot call it`);
    }
    return [name, candidate as ExecutableTool];
  });
}
