/**
 * allowedCallers and ctx.caller through quickbox/ai, with the real `ai` package and a scripted model
 * (MockLanguageModelV3): code-only tools are left out of the model's tool list but a program calls
 * them; direct-only tools are offered to the model (`code.directTools()`) and not callable from code.
 */
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeTool, type CodeTool, type CodeToolOutput } from "../../src/ai.js";
import { isQuickboxError, type ToolContext, type ToolDefinition } from "../../src/index.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function callsTool(toolName: string, input: unknown, toolCallId = "call-1"): GenerateResult {
  return { content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] };
}

function says(text: string): GenerateResult {
  return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
}

const created: CodeTool[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((made) => made.dispose()));
});

function setup() {
  const seen: Record<string, ToolContext[]> = { lookup_order: [], ping: [] };
  const recording = (name: string, extra: Partial<ToolDefinition>): ToolDefinition => ({
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: "object", properties: { id: { type: "string", default: "none" } } },
    execute: (input: unknown, context: ToolContext) => (seen[name]!.push(context), { name, input }),
    ...extra,
  });
  const weather = tool({
    description: "Current temperature for a city.",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: city === "Oslo" ? 4 : 21 }),
  });
  const adminNote = tool({ description: "Write an admin note.", inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => `noted: ${text}` });
  const code = createCodeTool({
    isolation: "inline",
    threadId: "conversation-1",
    tools: { get_weather: weather, admin_note: adminNote },
    allowedCallers: { get_weather: ["program"], admin_note: ["direct"] },
    quickboxTools: [recording("lookup_order", { allowedCallers: ["program"] }), recording("ping", { allowedCallers: ["direct"] })],
  });
  created.push(code);
  return { code, seen };
}

function offeredTools(model: MockLanguageModelV3, callIndex: number): string[] {
  return (model.doGenerateCalls[callIndex]!.tools ?? []).map((offered) => offered.name).sort();
}

describe("allowedCallers with generateText", () => {
  it("code-only tools are not offered to the model, and a program calls them (ctx.caller program)", async () => {
    const { code, seen } = setup();
    expect(Object.keys(code.directTools()).sort()).toEqual(["admin_note", "ping"]);
    expect(code.description).toContain("tools.getWeather(input)");
    expect(code.description).toContain("tools.lookupOrder(input)");
    expect(code.description).not.toMatch(/adminNote|tools\.ping/);
    const program = "const order = await tools.lookupOrder({ id: 'A-1' }); const w = await tools.getWeather({ city: 'Oslo' }); ({ order: order.input.id, temperature: w.temperature })";
    const model = new MockLanguageModelV3({ doGenerate: [callsTool("run_code", { code: program }), says("done")] });
    const result = await generateText({ model, tools: { run_code: code, ...code.directTools() }, prompt: "go", stopWhen: stepCountIs(3) });
    expect(offeredTools(model, 0)).toEqual(["admin_note", "ping", "run_code"]);
    const output = result.steps[0]!.toolResults[0]!.output as CodeToolOutput;
    expect(output.value).toEqual({ order: "A-1", temperature: 4 });
    expect(seen.lookup_order!.map((context) => context.caller)).toEqual([{ type: "program", threadId: "conversation-1", evalId: expect.stringMatching(/^eval_/) }]);
    const prompt = await code.systemPrompt();
    expect(prompt).toContain("lookupOrder(input");
    expect(prompt).not.toMatch(/adminNote|ping\(/);
  });

  it("direct-only tools are called by the model itself (ctx.caller direct) and a program cannot call them", async () => {
    const { code, seen } = setup();
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTool("ping", {}, "call-ping"),
        callsTool("admin_note", { text: "hi" }, "call-note"),
        callsTool("run_code", { code: "await tools.ping({})" }, "call-code"),
        says("done"),
      ],
    });
    const result = await generateText({ model, tools: { run_code: code, ...code.directTools() }, prompt: "go", stopWhen: stepCountIs(5) });
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ name: "ping", input: { id: "none" } });
    expect(result.steps[1]!.toolResults[0]!.output).toBe("noted: hi");
    expect(seen.ping).toHaveLength(1);
    expect(seen.ping![0]).toMatchObject({ caller: { type: "direct" }, threadId: "conversation-1", callId: "call-ping" });
    const fromCode = result.steps[2]!.toolResults[0]!.output as CodeToolOutput;
    expect(fromCode.status).toBe("error");
    expect(fromCode.text).toContain("tools.ping is not available to programs");
    const noteFromCode = (await code.execute!({ code: "await tools.adminNote({ text: 'x' })" }, { toolCallId: "c", messages: [] })) as CodeToolOutput;
    expect(noteFromCode.text).toContain("tools.adminNote is not available to programs");
  });

  it("a direct call with input its schema rejects fails as ToolInputError and the tool does not run", async () => {
    const { code, seen } = setup();
    const ping = code.directTools().ping!;
    const error = await Promise.resolve(ping.execute!({ id: 7 }, { toolCallId: "x", messages: [] })).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe("ToolInputError");
    expect((error as Error).message).toContain("ping: invalid input");
    expect(seen.ping).toHaveLength(0);
  });

  it("without allowedCallers every tool goes both ways (directTools lists them all)", () => {
    const plain = tool({ inputSchema: z.object({}), execute: async () => 1 });
    const code = createCodeTool({ isolation: "inline", tools: { plain }, quickboxTools: [{ name: "qb_tool", execute: () => 2 }] });
    created.push(code);
    expect(Object.keys(code.directTools()).sort()).toEqual(["plain", "qb_tool"]);
  });

  it("bad allowedCallers values are INVALID_TOOL; names that are not tools INVALID_OPTIONS", () => {
    const plain = tool({ inputSchema: z.object({}), execute: async () => 1 });
    const codeOf = (allowedCallers: unknown) => () => createCodeTool({ tools: { plain }, allowedCallers: allowedCallers as Record<string, ("program" | "direct")[]> });
    const codeOfError = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error as { code?: string; message: string };
      }
      throw new Error("did not throw");
    };
    expect(codeOfError(codeOf({ plain: ["model"] }))).toMatchObject({ code: "INVALID_TOOL" });
    expect(codeOfError(codeOf({ plain: [] }))).toMatchObject({ code: "INVALID_TOOL" });
    expect(codeOfError(codeOf({ other: ["program"] }))).toMatchObject({ code: "INVALID_OPTIONS" });
    const badQuickbox = createCodeTool({ quickboxTools: [{ name: "x", execute: () => 1, allowedCallers: ["robot"] } as unknown as ToolDefinition] });
    created.push(badQuickbox);
    const error = codeOfError(() => badQuickbox.directTools());
    expect(isQuickboxError(error)).toBe(true);
    expect(error.code).toBe("INVALID_TOOL");
  });
});
