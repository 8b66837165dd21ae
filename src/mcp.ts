/** quickbox/mcp: MCP tools as quickbox tools (see src/adapters/mcp/). */
export { mcpTools } from "./adapters/mcp/mcp-tools.js";
export type { McpCallResult, McpClientLike, McpRequestOptionsLike, McpToolInfo, McpToolsOptions } from "./adapters/mcp/types.js";
