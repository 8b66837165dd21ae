import { codeMcpServer } from "@cloudflare/codemode/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as codemodeEntry from "../../src/codemode.js";
import { quickboxExecutor } from "../../src/codemode.js";
import * as codemodeMcp from "@cloudflare/codemode/mcp";
import * as mcpServer from "@modelcontextprotocol/sdk/server/mcp.js";
import * as zod from "zod";
import { runReadmeExample } from "../shared/readme-example.js";
import { defineCodemodeSuite } from "../shared/codemode-suite.js";

describe("quickbox/codemode (Node, inline)", () => defineCodemodeSuite("inline"));
describe("quickbox/codemode (Node, worker)", () => defineCodemodeSuite("worker"));

describe("quickbox/codemode behind codemode's MCP server (@cloudflare/codemode/mcp, real MCP SDK)", () => {
  it("an MCP client's `code` call runs in quickbox; the upstream server's tools are codemode.* functions", async () => {
    const upstream = new McpServer({ name: "weather", version: "1.0.0" });
    upstream.registerTool("get-forecast", { description: "Forecast for a city.", inputSchema: { city: z.string() } }, async ({ city }) => ({
      content: [{ type: "text", text: JSON.stringify({ city, forecast: city === "Oslo" ? "snow" : "sun" }) }],
    }));
    const executor = quickboxExecutor({ isolation: "inline" });
    try {
      const server = await codeMcpServer({ server: upstream, executor });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(clientSide);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["code"]);
      expect(tools[0]!.description).toContain("codemode.get_forecast");
      const answer = await client.callTool({ name: "code", arguments: { code: `async () => { const f = await codemode.get_forecast({ city: "Oslo" }); return f.forecast; }` } });
      expect(answer.content).toEqual([{ type: "text", text: "snow" }]);
      const failed = await client.callTool({ name: "code", arguments: { code: "async () => { while (true) {} }" } });
      expect(failed.isError).toBe(true);
      await client.close();
    } finally {
      await executor.dispose();
    }
  });
});

describe("README", () => {
  it("the quickbox/codemode example runs and prints what its comment says", async () => {
    const forecasts = { get: async (city: string) => ({ city, summary: city === "Oslo" ? "snow" : "sun" }) };
    const logs = await runReadmeExample(
      "## Cloudflare codemode: `quickbox/codemode`",
      { "@cloudflare/codemode/mcp": codemodeMcp, "@modelcontextprotocol/sdk/server/mcp.js": mcpServer, zod, "quickbox/codemode": codemodeEntry },
      { forecasts },
    );
    expect(logs).toEqual(["{ result: 'snow', logs: [ 'fetched' ] }"]);
  });
});
