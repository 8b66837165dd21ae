/**
 * Caller provenance (DESIGN.md §3): who may call a tool (`allowedCallers`) and who did
 * (`ctx.caller`). A tool without "program" is not in the program's `tools`; one without "direct"
 * is never offered to the model by the adapters.
 */
import type { ToolCaller, ToolCallerType, ToolDefinition } from "../types.js";

export const TOOL_CALLER_TYPES: readonly ToolCallerType[] = ["program", "direct"];

/** Why `allowedCallers` is not a valid value, or null (undefined is valid: both). */
export function allowedCallersProblem(value: unknown): string | null {
  const expected = 'allowedCallers must be a non-empty array of "program" and "direct"';
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length === 0) return `${expected}, got ${Array.isArray(value) ? "[]" : JSON.stringify(value) ?? String(value)}`;
  for (const entry of value as unknown[]) {
    if (!TOOL_CALLER_TYPES.includes(entry as ToolCallerType)) return `${expected}; ${JSON.stringify(entry) ?? String(entry)} is neither`;
  }
  if (new Set(value).size !== value.length) return `${expected}, each at most once`;
  return null;
}

/** Whether `tool` may be called by `caller` (no allowedCallers: by both). */
export function allowsCaller(tool: Pick<ToolDefinition<never>, "allowedCallers">, caller: ToolCallerType): boolean {
  return tool.allowedCallers === undefined || tool.allowedCallers.includes(caller);
}

/**
 * 64 random bits per process (or page, or isolate), so eval ids of two processes never meet.
 * Drawn at the first eval: workerd refuses random values at module scope.
 */
let evalIdPrefix: string | null = null;
let evalCounter = 0;

/**
 * A new eval's id: one per eval(), kept by the resumes of its program. `eval_` + 32 hex digits:
 * the process's random prefix, then a counter (a fresh UUID per eval cost ~2 µs of a 40 µs eval).
 */
export function newEvalId(): string {
  evalIdPrefix ??= Array.from(crypto.getRandomValues(new Uint32Array(2)), (word) => word.toString(16).padStart(8, "0")).join("");
  evalCounter++;
  return `eval_${evalIdPrefix}${evalCounter.toString(16).padStart(16, "0")}`;
}

export const DIRECT_CALLER: ToolCaller = Object.freeze({ type: "direct" });
