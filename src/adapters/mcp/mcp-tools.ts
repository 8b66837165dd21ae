/** mcpTools: the tools of an MCP server as quickbox ToolDefinitions. */
import { QuickboxError, type ToolDefinition } from "../../index.js";
import { unwrapCallResult } from "./call-result.js";
import { listAllTools } from "./list-tools.js";
import type { McpClientLike, McpRequestOptionsLike, McpToolInfo, McpToolsOptions } from "./types.js";

/** MCP allows `.` and `/` in names; a program's tool key cannot hold them, so they become `_`. */
export function programSafeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_");
}

function isClient(value: unknown): value is McpClientLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as McpClientLike).listTools === "function" &&
    typeof (value as McpClientLike).callTool === "function"
  );
}

/** MCP's own rule: a tool is destructive when it says so and is not read-only. */
export function isDestructive(tool: McpToolInfo): boolean {
  return tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true;
}

function needsApproval(tool: McpToolInfo, option: McpToolsOptions["needsApproval"]): boolean {
  if (typeof option === "function") return option(tool) === true;
  if (option === false) return false;
  return option === true || isDestructive(tool);
}

function toDefinition(client: McpClientLike, tool: McpToolInfo, options: McpToolsOptions): ToolDefinition {
  const description = tool.description ?? tool.title;
  return {
    name: programSafeName(`${options.prefix ?? ""}${tool.name}`),
    ...(description ? { description } : {}),
    // A call from code never bypasses what the server says a direct call would need.
    ...(needsApproval(tool, options.needsApproval) ? { needsApproval: true } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    async execute(input, { signal }) {
      const requestOptions: McpRequestOptionsLike = { signal, ...(options.callTimeoutMs !== undefined ? { timeout: options.callTimeoutMs } : {}) };
      // quickbox has checked the input against the tool's inputSchema, an object schema in MCP.
      const result = await client.callTool({ name: tool.name, arguments: input as Record<string, unknown> }, undefined, requestOptions);
      return unwrapCallResult(tool.name, result);
    },
  };
}

export async function mcpTools(client: McpClientLike, options: McpToolsOptions = {}): Promise<ToolDefinition[]> {
  if (!isClient(client)) throw new QuickboxError("INVALID_OPTIONS", "mcpTools: client must be an MCP Client (with listTools and callTool)");
  if (options.prefix !== undefined && typeof options.prefix !== "string") throw new QuickboxError("INVALID_OPTIONS", "mcpTools: prefix must be a string");
  if (options.filter !== undefined && typeof options.filter !== "function") throw new QuickboxError("INVALID_OPTIONS", "mcpTools: filter must be a function");
  if (options.needsApproval !== undefined && typeof options.needsApproval !== "boolean" && typeof options.needsApproval !== "function") {
    throw new QuickboxError("INVALID_OPTIONS", "mcpTools: needsApproval must be true, false or a function of the tool");
  }
  const listed = await listAllTools(client);
  const kept = options.filter ? listed.filter(options.filter) : listed;
  return kept.map((tool) => toDefinition(client, tool, options));
}
