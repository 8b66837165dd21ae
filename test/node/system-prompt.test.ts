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

  it.each(["thread", "turn", "call"] as const)("mode %s: the prompt says what persists, and the interpreter does that", async (mode) => {
    const qb = await createInterpreter({ isolation: "inline", mode });
    try {
      const prompt = qb.systemPrompt();
      const rule = prompt.split("\n").find((line) => /persists|starts fresh/.test(line));
      await qb.eval("const kept = 1", { threadId: "t" });
      const nextCall = await qb.eval("typeof kept", { threadId: "t" });
      await qb.endTurn("t");
      const nextTurn = await qb.eval("typeof kept", { threadId: "t" });
      if (mode === "thread") {
        expect(rule).toMatch(/^- State persists between calls: /);
        expect([nextCall.value, nextTurn.value]).toEqual(["number", "number"]);
      } else if (mode === "turn") {
        expect(rule).toMatch(/^- State persists between calls of this turn: .*until the turn ends, then everything starts fresh/);
        expect([nextCall.value, nextTurn.value]).toEqual(["number", "undefined"]);
      } else {
        expect(rule).toMatch(/^- Every call starts fresh: nothing defined in one call exists in the next/);
        expect(prompt).not.toMatch(/State persists/);
        expect([nextCall.value, nextTurn.value]).toEqual(["undefined", "undefined"]);
      }
    } finally {
      await qb.dispose();
    }
  });

  it("names the program shapes that run and the one-input-object rule, and mentions tools or errors from them only when there are tools", async () => {
    const bare = await createInterpreter({ isolation: "inline" });
    const withTools = await createInterpreter({ isolation: "inline", tools: TOOLS, promptTools: "names" });
    try {
      const prompt = bare.systemPrompt();
      expect(prompt).toContain("top-level `return`");
      expect(prompt).toContain("`async () => { … }`) is called");
      expect(prompt).not.toMatch(/tools|task\(\)/i);
      expect((await bare.eval("return 6 * 7")).value).toBe(42);
      expect((await bare.eval("async () => 'called'")).value).toBe("called");
      const named = withTools.systemPrompt();
      expect(named).toContain("Each tool takes one input object.");
      expect(named).toContain("Errors from `tools` can be caught with try/catch");
      expect(named).toContain('only a "<" that would open one of these tags is written &lt;');
    } finally {
      await bare.dispose();
      await withTools.dispose();
    }
  });
});
