/** The full system prompt, snapshot-tested: rules, limits, and tools rendered as TypeScript. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createInterpreter, type ToolDefinition } from "../../src/index.js";

const noop = () => null;

const TOOLS: ToolDefinition<never>[] = [
  {
    name: "web_search",
    description: "Search the web.\nReturns the best matches first.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What to look for" },
        limit: { type: "integer", description: "At most this many results" },
        freshness: { enum: ["day", "week", "any"] },
        sites: { type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } },
        filter: { $ref: "#/$defs/filter" },
      },
      required: ["query"],
      $defs: { filter: { type: "object", properties: { lang: { type: "string" }, safe: { type: "boolean" } }, required: ["lang"] } },
    },
    outputSchema: {
      type: "array",
      items: { type: "object", properties: { title: { type: "string" }, url: { type: "string" }, score: { type: "number" } }, required: ["title", "url"] },
    },
    execute: noop,
  },
  {
    name: "get-weather",
    description: "Current weather for a city.",
    inputSchema: z.object({ city: z.string().describe("City name"), units: z.enum(["metric", "imperial"]).optional() }),
    execute: noop,
  },
  {
    name: "send_email",
    inputSchema: {
      "~standard": { version: 1, vendor: "custom", validate: (value: unknown) => ({ value }) },
      description: "{ to, subject, body }",
    } as never,
    execute: noop,
  },
  { name: "ping", execute: noop },
];

describe("system prompt", () => {
  it("renders rules, limits and every tool's TypeScript signature", async () => {
    const qb = await createInterpreter({
      isolation: "inline",
      tools: TOOLS,
      subagents: { dispatch: noop, types: [{ name: "researcher", description: "Finds sources." }, { name: "coder", description: "Writes code." }] },
      timeoutMs: 3000,
      maxResultChars: 2000,
    });
    try {
      const prompt = qb.systemPrompt();
      await expect(prompt).toMatchFileSnapshot("../fixtures/system-prompt.txt");
      expect(prompt).toContain("webSearch(input: {");
      expect(prompt).toContain('freshness?: "day" | "week" | "any";');
      expect(prompt).toContain("sites?: (string | null)[];");
      expect(prompt).toContain("}): Promise<{\n");
      expect(prompt).toContain('units?: "metric" | "imperial";');
      expect(prompt).toContain("sendEmail(input: /* { to, subject, body } */ unknown): Promise<unknown>;");
      expect(prompt).toContain("ping(input?: unknown): Promise<unknown>;");
      expect(prompt).toContain('subagentType: "researcher" | "coder";');
      expect(prompt).toContain("3000 ms");
    } finally {
      await qb.dispose();
    }
  });

  it('promptTools: "names" lists names and points to $describe', async () => {
    const qb = await createInterpreter({ isolation: "inline", tools: TOOLS, promptTools: "names" });
    try {
      const prompt = qb.systemPrompt();
      expect(prompt).toContain("- tools.webSearch: Search the web.");
      expect(prompt).toContain("tools.$describe(name)");
      expect(prompt).not.toContain("webSearch(input");
    } finally {
      await qb.dispose();
    }
  });

  it("without tools or subagents says the program can only compute", async () => {
    const qb = await createInterpreter({ isolation: "inline" });
    try {
      expect(qb.systemPrompt()).toContain("the program can only compute");
      expect(qb.systemPrompt()).not.toContain("declare const tools");
    } finally {
      await qb.dispose();
    }
  });
});
