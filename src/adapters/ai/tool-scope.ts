/**
 * What an AI SDK tool called from a program gets as its options: the `messages` and
 * `experimental_context` of the code tool call (or of `resume`) that runs the program. One scope per
 * thread: the adapter runs one program per thread at a time.
 */
import type { ModelMessage, ToolExecutionOptions } from "ai";

export interface ToolCallScope {
  messages: ModelMessage[];
  experimental_context?: unknown;
}

export type ScopeByThread = Map<string, ToolCallScope>;

export function scopeOf(options: { messages?: ModelMessage[]; experimental_context?: unknown } | undefined): ToolCallScope {
  return {
    messages: options?.messages ?? [],
    ...(options && "experimental_context" in options ? { experimental_context: options.experimental_context } : {}),
  };
}

export function executionOptions(scope: ToolCallScope | undefined, toolCallId: string, abortSignal: AbortSignal): ToolExecutionOptions {
  return {
    toolCallId,
    messages: scope?.messages ?? [],
    abortSignal,
    ...(scope && "experimental_context" in scope ? { experimental_context: scope.experimental_context } : {}),
  };
}
