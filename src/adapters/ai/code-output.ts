/** EvalResult → the code tool's output, and the text the model reads of it. */
import { renderRunning, type CellCalls } from "../../adapter-support.js";
import type { EvalResult } from "../../index.js";
import type { CodeToolOutput } from "./types.js";

/** A running cell as the model can reach it: through this tool, not the interpreter's wait(). */
function cellCalls(waitMs: number): CellCalls {
  return {
    wait: (cellId) => `calling this tool with {"cellId": ${JSON.stringify(cellId)}}`,
    cancel: (cellId) => `calling it with {"cellId": ${JSON.stringify(cellId)}, "cancel": true}`,
    note: `each call waits up to ${waitMs} ms; do not run the program again`,
  };
}

/**
 * The AI SDK serializes tool outputs as JSON (UI message streams, storage): a value JSON cannot
 * carry (a BigInt, a cycle, anything with one inside) is left out; `text` has it as the model reads
 * it. `value` is bounded as a tree (README, "What the model reads"), so this costs at most about
 * what its limit allows, whatever the program built.
 */
function jsonSafe(value: unknown): { value?: unknown } {
  try {
    JSON.stringify(value);
    return { value };
  } catch {
    return {};
  }
}

/** `yieldAfterMs`: how long each wait for a running cell takes (with background cells). */
export function toCodeToolOutput(threadId: string, result: EvalResult, yieldAfterMs?: number): CodeToolOutput {
  const running = result.status === "running" && result.cellId !== undefined && yieldAfterMs !== undefined;
  return {
    status: result.status,
    text: running ? renderRunning({ cellId: result.cellId!, threadId, elapsedMs: result.durationMs }, cellCalls(yieldAfterMs)) : result.text,
    threadId,
    ...(result.status === "ok" ? jsonSafe(result.value) : {}),
    ...(result.error ? { error: { type: result.error.type, message: result.error.message } } : {}),
    ...(result.interrupts ? { interrupts: result.interrupts } : {}),
    ...(result.cellId ? { cellId: result.cellId } : {}),
    ...(result.evalId ? { evalId: result.evalId } : {}),
  };
}

function renderArgs(args: unknown): string {
  try {
    return JSON.stringify(args) ?? "undefined";
  } catch {
    // Arguments nested deeper than this thread's stack: String() would overflow it too.
    return "[arguments too deeply nested to show]";
  }
}

/**
 * The wire text (a running cell's names this tool); for a paused program also which calls wait,
 * and that the program must not be run again: it continues where it stopped once the user has decided.
 */
export function modelText(output: CodeToolOutput): string {
  if (output.status !== "paused") return output.text;
  const calls = (output.interrupts ?? []).map((interrupt) => `- ${interrupt.name} ${renderArgs(interrupt.args)}`);
  return [
    output.text,
    `The program is paused and waits for the user's decision on:`,
    ...calls,
    `Do not run it again: once the user has decided, it continues where it stopped (thread "${output.threadId}") and its result follows.`,
  ].join("\n");
}
