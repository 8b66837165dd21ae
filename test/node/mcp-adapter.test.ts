/**
 * quickbox/mcp against a real MCP server and client of @modelcontextprotocol/sdk, linked in memory:
 * tools listed and called from a program (Promise.all), structured and text results, isError as a
 * catchable ToolError. Pagination and content blocks use a client-shaped stub.
 */
import * as mcpClientModule from "@modelcontextprotocol/sdk/client/index.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import * as quickbox from "../../src/index.js";
import { createInterpreter, type Interpreter } from "../../src/index.js";
import * as quickboxMcp from "../../src/mcp.js";
import { mcpTools, type McpCallResult, type McpClientLike, type McpToolInfo } from "../../src/mcp.js";
import { readmeExampleExpectations, runReadmeExample } from "../shared/readme-example.js";

const stock: Record<string, number> = { anvil: 3, bolt: 120 };

function warehouseServer(calls: string[]): McpServer {
  const server = new McpServer({ name: "warehouse", version: "1.0.0" });
  server.registerTool(
    "stock.level",
    {
      description: "Units in stock for a SKU.",
      inputSchema: { sku: z.string().describe("Product SKU") },
      outputSchema: { sku: z.string(), units: z.number() },
    },
    async ({ sku }) => {
      calls.push(`stock.level ${sku}`);
      if (!(sku in stock)) return { isError: true, content: [{ type: "text", text: `unknown SKU ${sku}` }] };
      const result = { sku, units: stock[sku]! };
      return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
    },
  );
  server.registerTool(
    "shipping_quote",
    { description: "A shipping quote as text.", inputSchema: { sku: z.string(), units: z.number().int() } },
    async ({ sku, units }) => {
      calls.push(`shipping_quote ${sku} ${units}`);
      return { content: [{ type: "text", text: `${units} × ${sku}:` }, { type: "text", text: `${(units * 1.5).toFixed(2)} EUR` }] };
    },
  );
  server.registerTool(
    "stock.discard",
    { description: "Writes off units (cannot be undone).", inputSchema: { sku: z.string(), units: z.number().int() }, annotations: { destructiveHint: true, readOnlyHint: false } },
    async ({ sku, units }) => {
      calls.push(`stock.discard ${sku} ${units}`);
      return { content: [{ type: "text", text: `discarded ${units} ${sku}` }] };
    },
  );
  server.registerTool(
    "stock.audit",
    { description: "Audit log (read-only).", inputSchema: {}, annotations: { readOnlyHint: true, destructiveHint: true } },
    async () => {
      calls.push("stock.audit");
      return { content: [{ type: "text", text: "no findings" }] };
    },
  );
  return server;
}

async function connectedClient(): Promise<{ client: Client; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server = warehouseServer(calls);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "quickbox-test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    client,
    calls,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function interpreterWith(client: McpClientLike, options?: Parameters<typeof mcpTools>[1]): Promise<Interpreter> {
  const qb = await createInterpreter({ isolation: "inline", tools: await mcpTools(client, options) });
  cleanups.push(() => qb.dispose());
  return qb;
}

describe("mcpTools with an in-memory MCP server", () => {
  it("lists the server's tools with their names, descriptions and schemas", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const tools = await mcpTools(server.client);
    expect(tools.map((tool) => [tool.name, tool.description])).toEqual([
      ["stock_level", "Units in stock for a SKU."],
      ["shipping_quote", "A shipping quote as text."],
      ["stock_discard", "Writes off units (cannot be undone)."],
      ["stock_audit", "Audit log (read-only)."],
    ]);
    expect(tools[0]!.inputSchema).toMatchObject({ type: "object", properties: { sku: { type: "string", description: "Product SKU" } }, required: ["sku"] });
    const qb = await interpreterWith(server.client);
    expect(qb.systemPrompt()).toContain("stockLevel(input: {");
    expect(qb.systemPrompt()).toContain("units: number;"); // the return type, from outputSchema
  });

  it("a program calls both tools with Promise.all, gets structured and text results, and catches the error", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const qb = await interpreterWith(server.client);
    const result = await qb.eval(`
      const skus = ["anvil", "bolt"];
      const levels = await Promise.all(skus.map((sku) => tools.stockLevel({ sku })));
      const quotes = await Promise.all(levels.map(({ sku, units }) => tools.shippingQuote({ sku, units })));
      let missing;
      try {
        await tools.stockLevel({ sku: "crate" });
      } catch (error) {
        missing = error.name + ": " + error.message;
      }
      ({ levels, quotes, missing })
    `);
    expect(result.status).toBe("ok");
    expect(result.value).toEqual({
      levels: [
        { sku: "anvil", units: 3 },
        { sku: "bolt", units: 120 },
      ],
      quotes: ["3 × anvil:\n4.50 EUR", "120 × bolt:\n180.00 EUR"],
      missing: "ToolError: unknown SKU crate",
    });
    expect(server.calls.sort()).toEqual(["shipping_quote anvil 3", "shipping_quote bolt 120", "stock.level anvil", "stock.level bolt", "stock.level crate"]);
  });

  it("checks input against the tool's schema before the server sees it", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const qb = await interpreterWith(server.client);
    const result = await qb.eval(`try { await tools.shippingQuote({ sku: "anvil", units: "two" }) } catch (error) { error.name + ": " + error.message }`);
    expect(result.value).toMatch(/^ToolInputError: tools\.shippingQuote: invalid input: units/);
    expect(server.calls).toEqual([]);
  });

  it("prefix and filter pick and rename tools; an uncaught tool error fails the eval as ToolError", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const qb = await interpreterWith(server.client, { prefix: "wh_", filter: (tool) => tool.name.startsWith("stock.l") });
    expect(qb.systemPrompt()).toContain("whStockLevel(");
    expect(qb.systemPrompt()).not.toContain("shippingQuote");
    const result = await qb.eval(`await tools.whStockLevel({ sku: "nothing" })`);
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ type: "ToolError", message: "unknown SKU nothing" });
  });
});

describe("mcpTools: destructive tools called from code wait for approval", () => {
  it("a tool annotated destructiveHint (not read-only) pauses the program; approve runs it, reject does not; read-only tools run at once", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const tools = await mcpTools(server.client);
    expect(tools.filter((tool) => tool.needsApproval).map((tool) => tool.name)).toEqual(["stock_discard"]);
    const qb = await createInterpreter({ isolation: "inline", tools });
    cleanups.push(() => qb.dispose());
    const program = `const audit = await tools.stockAudit({}); const gone = await tools.stockDiscard({ sku: "anvil", units: 1 }).catch((e) => e.name); [audit, gone]`;
    for (const decision of ["reject", "approve"] as const) {
      const paused = await qb.eval(program, { threadId: decision });
      expect(paused.status).toBe("paused");
      expect(paused.interrupts).toEqual([expect.objectContaining({ name: "stock_discard", args: { sku: "anvil", units: 1 } })]);
      expect(server.calls.filter((call) => call.startsWith("stock.discard")), "nothing is discarded while the program waits").toHaveLength(0);
      const done = await qb.resume(decision, { [paused.interrupts![0]!.id]: { type: decision } });
      expect(done.value).toEqual(["no findings", decision === "approve" ? "discarded 1 anvil" : "ToolRejected"]);
    }
    expect(server.calls.filter((call) => call.startsWith("stock.discard"))).toEqual(["stock.discard anvil 1"]);
  });

  it("needsApproval: false, or interruptOn: { tool: false }, lets such a tool run from code without a decision", async () => {
    const server = await connectedClient();
    cleanups.push(server.close);
    const off = await mcpTools(server.client, { needsApproval: false });
    expect(off.some((tool) => tool.needsApproval)).toBe(false);
    const qb = await createInterpreter({ isolation: "inline", tools: await mcpTools(server.client), interruptOn: { stock_discard: false } });
    cleanups.push(() => qb.dispose());
    expect((await qb.eval(`await tools.stockDiscard({ sku: "bolt", units: 2 })`)).value).toBe("discarded 2 bolt");
  });
});

describe("mcpTools with a client-shaped stub", () => {
  function stubClient(pages: McpToolInfo[][], reply: (name: string, args: unknown) => McpCallResult): McpClientLike & { cursors: (string | undefined)[] } {
    const cursors: (string | undefined)[] = [];
    return {
      cursors,
      async listTools(params) {
        cursors.push(params?.cursor);
        const index = params?.cursor ? Number(params.cursor.slice("page-".length)) : 0;
        return { tools: pages[index]!, ...(index + 1 < pages.length ? { nextCursor: `page-${index + 1}` } : {}) };
      },
      async callTool({ name, arguments: args }) {
        return reply(name, args);
      },
    };
  }
  const objectSchema = { type: "object", properties: {} };

  it("follows nextCursor through every page", async () => {
    const client = stubClient(
      [[{ name: "a", inputSchema: objectSchema }], [{ name: "b", inputSchema: objectSchema }], [{ name: "c", title: "Tool C", inputSchema: objectSchema }]],
      () => ({ content: [] }),
    );
    const tools = await mcpTools(client);
    expect(tools.map((tool) => tool.name)).toEqual(["a", "b", "c"]);
    expect(tools[2]!.description).toBe("Tool C");
    expect(client.cursors).toEqual([undefined, "page-1", "page-2"]);
  });

  it("a cursor that repeats is an error, not an endless loop", async () => {
    const client: McpClientLike = {
      listTools: async () => ({ tools: [], nextCursor: "same" }),
      callTool: async () => ({ content: [] }),
    };
    await expect(mcpTools(client)).rejects.toThrow('returned the cursor "same" twice');
  });

  it("unwraps non-text content blocks into plain values", async () => {
    const client = stubClient([[{ name: "render", inputSchema: objectSchema }, { name: "nothing", inputSchema: objectSchema }, { name: "broken", inputSchema: objectSchema }]], (name) => {
      if (name === "nothing") return { content: [] };
      if (name === "broken") return { isError: true, content: [] };
      return {
        content: [
          { type: "text", text: "chart:", annotations: { audience: ["user"] } },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///report.csv", mimeType: "text/csv", text: "a,b\n1,2", _meta: { x: 1 } } },
          { type: "resource_link", uri: "file:///big.bin", name: "big.bin" },
        ],
      };
    });
    const qb = await interpreterWith(client);
    const result = await qb.eval(`
      const broken = await tools.broken({}).catch((error) => error.message);
      ({ render: await tools.render({}), nothing: await tools.nothing({}), broken })
    `);
    expect(result.value).toEqual({
      render: [
        "chart:",
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        { type: "resource", uri: "file:///report.csv", mimeType: "text/csv", text: "a,b\n1,2" },
        { type: "resource_link", uri: "file:///big.bin", name: "big.bin" },
      ],
      nothing: "",
      broken: 'MCP tool "broken" failed',
    });
  });

  it("rejects something that is not a client", async () => {
    await expect(mcpTools({} as never)).rejects.toMatchObject({ name: "QuickboxError", code: "INVALID_OPTIONS" });
  });
});

describe("README", () => {
  it("the quickbox/mcp example runs against a server and prints what its comment says", async () => {
    const calls: string[] = [];
    const launched: unknown[] = [];
    /** Stands in for a server process: each "launch" links the client to an in-memory warehouse server. */
    function StdioClientTransport(params: unknown) {
      launched.push(params);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      void warehouseServer(calls).connect(serverSide);
      return clientSide;
    }
    const heading = "## MCP servers: `quickbox/mcp`";
    const expected = readmeExampleExpectations(heading);
    const logs = await runReadmeExample(heading, {
      quickbox,
      "quickbox/mcp": quickboxMcp,
      "@modelcontextprotocol/sdk/client/index.js": mcpClientModule,
      "@modelcontextprotocol/sdk/client/stdio.js": { StdioClientTransport },
    });
    expect(expected).toEqual(["{ low: [ 'anvil' ], missing: 'ToolError: unknown SKU crate' }"]);
    expect(logs).toEqual(expected);
    expect(launched).toEqual([{ command: "node", args: ["inventory-server.js"] }]);
    expect(calls.sort()).toEqual(["stock.level anvil", "stock.level bolt", "stock.level crate"]);
  });
});
