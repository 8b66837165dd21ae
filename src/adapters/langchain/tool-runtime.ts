/** What a LangChain tool function receives besides its input (the parts quickbox reads). */
export interface ToolRuntimeLike {
  state?: unknown;
  toolCallId?: string;
  toolCall?: { id?: string };
  configurable?: Record<string, unknown>;
  config?: { configurable?: Record<string, unknown> };
  signal?: AbortSignal;
  writer?: ((chunk: unknown) => void) | null;
}

/** The LangGraph `thread_id` of the run ("default" without one). */
export function threadIdOf(runtime: ToolRuntimeLike): string {
  const id = runtime.configurable?.thread_id ?? runtime.config?.configurable?.thread_id;
  return id === undefined || id === null ? "default" : String(id);
}
