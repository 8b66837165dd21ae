// @cloudflare/codemode with quickbox/codemode from the packed tarball, in Node: codemode's MCP
// server (`/mcp`, a real MCP client in memory) and its runtime-neutral code tool (`/browser`) both
// run the model's program through quickboxExecutor, worker (default) and inline.
import { createBrowserCodeTool } from "@cloudflare/codemode/browser";
import { codeMcpServer } from "@cloudflare/codemode/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { quickboxExecutor } from "quickbox/codemode";

const program = "async () => { const xs = await Promise.all([1, 2, 3].map((n) => codemode.double_it({ n }))); console.log('doubled'); return xs; }";
for (const isolation of ["default", "inline"]) {
  const executor = quickboxExecutor(isolation === "default" ? {} : { isolation });
  try {
    const upstream = new McpServer({ name: "math", version: "1.0.0" });
    upstream.registerTool("double-it", { description: "Doubles n.", inputSchema: { n: z.number() } }, async ({ n }) => ({ content: [{ type: "text", text: String(n * 2) }] }));
    const server = await codeMcpServer({ server: upstream, executor });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "consumer", version: "1.0.0" });
    await client.connect(clientSide);
    const answer = await client.callTool({ name: "code", arguments: { code: program } });
    console.log(`${isolation} mcp: ${answer.content.map((part) => part.text).join("").replace(/\s+/g, "")}`);
    await client.close();

    const codeTool = createBrowserCodeTool({
      tools: { double_it: { description: "Doubles n.", inputSchema: { type: "object", properties: { n: { type: "number" } } }, execute: async ({ n }) => n * 2 } },
      executor,
    });
    console.log(`${isolation} tool: ${JSON.stringify(await codeTool.execute({ code: program }))}`);
    console.log(`${isolation} limit: ${(await executor.execute("async () => { while (true) {} }", [])).error?.split(":")[0]}`);
  } finally {
    await executor.dispose();
  }
}
