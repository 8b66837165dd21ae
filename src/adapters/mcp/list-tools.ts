/** Every tool of an MCP server: `tools/list`, following `nextCursor` until the last page. */
import type { McpClientLike, McpToolInfo } from "./types.js";

const MAX_PAGES = 1000;

export async function listAllTools(client: McpClientLike): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === "") return tools;
    if (seenCursors.has(cursor)) throw new Error(`mcpTools: the MCP server returned the cursor ${JSON.stringify(cursor)} twice while listing tools`);
    seenCursors.add(cursor);
  }
  throw new Error(`mcpTools: the MCP server's tool list did not end after ${MAX_PAGES} pages`);
}
