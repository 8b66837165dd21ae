/**
 * The MCP shapes this adapter reads, structurally: an MCP SDK `Client` fits them, and so does any
 * object with the same two methods (nothing here imports the SDK).
 */

/** One entry of `tools/list`. */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
  /** Hints about the tool's behaviour (MCP 2025-03-26): `destructiveHint: true` → a call from code waits for approval. */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; title?: string };
}

/** A `tools/call` result (`toolResult` is the 2024-10-07 protocol's form). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

export interface McpRequestOptionsLike {
  signal?: AbortSignal;
  timeout?: number;
}

export interface McpClientLike {
  listTools(params?: { cursor?: string }, options?: McpRequestOptionsLike): Promise<{ tools: McpToolInfo[]; nextCursor?: string }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: McpRequestOptionsLike,
  ): Promise<McpCallResult>;
}

export interface McpToolsOptions {
  /** Put before every tool name, e.g. "github_" → `tools.githubCreateIssue`; keeps tools of several servers apart. */
  prefix?: string;
  /** Keep only the tools for which this returns true (it sees the server's tool names). */
  filter?: (tool: McpToolInfo) => boolean;
  /** Per call: the MCP request timeout (the SDK's default is 60 s). */
  callTimeoutMs?: number;
  /**
   * Whether a program's call of a tool waits for approval. Default: the tools the server annotates
   * `destructiveHint: true` (not read-only) need it (`needsApproval: true` on their definition);
   * a function decides per tool; `false` turns it off. The interpreter's `interruptOn` still
   * overrides it per tool.
   */
  needsApproval?: boolean | ((tool: McpToolInfo) => boolean);
}
