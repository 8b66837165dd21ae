/**
 * allowedCallers and ctx.caller through quickbox/langchain, with the real createAgent and a scripted
 * model (fakeModel): code-only tools are not in the model's tool list but a program calls them;
 * direct-only tools are in it and a program cannot call them.
 */
import { AIMessage, createAgent, createMiddleware, fakeModel, tool, type ToolMessage } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { isQuickboxError, type ToolContext, type ToolDefinition } from "../../src/index.js";
import { createCodeInterpreterMiddleware, type CodeInterpreterMiddleware } from "../../src/langchain.js";

const opened: CodeInterpreterMiddleware[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((middleware) => middleware.dispose()));
});

function toolMessages(messages: unknown[]): string[] {
  return messages.filter((message): message is ToolMessage => (message as { type?: string }).type === "tool").map((message) => String(message.content));
}

/** Records the tools each model call is offered, as the model sees them (it runs inside the code interpreter middleware). */
function offeredToolsRecorder() {
  const offered: string[][] = [];
  const recorder = createMiddleware({
    name: "OfferedTools",
    wrapModelCall: async (request, handler) => {
      offered.push(request.tools.map((offeredTool) => (offeredTool as { name: string }).name).sort());
      return handler(request);
    },
  });
  return { offered, recorder };
}

function setup() {
  const calls = { price: 0, stock: 0 };
  const getPrice = tool(async ({ sku }) => (calls.price++, { sku, priceUsd: 10 }), { name: "get_price", description: "Price of a product.", schema: z.object({ sku: z.string() }) });
  const getStock = tool(
    async ({ sku }) => {
      calls.stock++;
      if (sku === "X") throw new Error("no such sku");
      return `${sku}: 3 units`;
    }, { name: "get_stock", description: "Units in stock.", schema: z.object({ sku: z.string() }) },
  );
  const seen: Record<string, ToolContext[]> = { lookup_order: [], ping: [] };
  const recording = (name: string, allowedCallers: ToolDefinition["allowedCallers"]): ToolDefinition => ({
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
    allowedCallers,
    execute: (input: unknown, context: ToolContext) => (seen[name]!.push(context), `${name} ok`),
  });
  const codeInterpreter = createCodeInterpreterMiddleware({
    isolation: "inline",
    ptc: ["get_price"],
    allowedCallers: { get_price: ["program"] },
    quickboxTools: [recording("lookup_order", ["program"]), recording("ping", ["direct"])],
  });
  opened.push(codeInterpreter);
  return { calls, seen, agentTools: [getPrice, getStock], codeInterpreter };
}

const config = { configurable: { thread_id: "conv-1" } };

describe("allowedCallers with createAgent", () => {
  it("code-only tools are not offered to the model, and a program calls them (ctx.caller program)", async () => {
    const { calls, seen, agentTools, codeInterpreter } = setup();
    const { offered, recorder } = offeredToolsRecorder();
    const model = fakeModel()
      .respondWithTools([{ name: "eval", args: { code: "const p = await tools.getPrice({ sku: 'A' }); `${p.priceUsd} ${await tools.lookupOrder({ id: 'A-1' })}`" }, id: "call_eval" }])
      .respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: agentTools, middleware: [codeInterpreter, recorder] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "price?" }] }, config);
    expect(offered[0]).toEqual(["eval", "get_stock", "ping"]);
    expect(toolMessages(result.messages)).toEqual(["<result>10 lookup_order ok</result>"]);
    expect(calls.price).toBe(1);
    expect(seen.lookup_order!.map((context) => context.caller)).toEqual([{ type: "program", threadId: "conv-1", evalId: expect.stringMatching(/^eval_/) }]);
    const system = String(model.calls[0]!.messages[0]!.content);
    expect(system).toContain("getPrice(input: {");
    expect(system).toContain("lookupOrder(input");
    expect(system).not.toMatch(/ping\(|getStock/);
  });

  it("direct-only tools are called by the model itself (ctx.caller direct), a program cannot call them, and a direct call of a code-only tool is refused", async () => {
    const { calls, seen, agentTools, codeInterpreter } = setup();
    const model = fakeModel()
      .respondWithTools([{ name: "ping", args: { id: "x" }, id: "call_ping" }])
      .respondWithTools([{ name: "eval", args: { code: "await tools.ping({})" }, id: "call_eval" }])
      .respondWithTools([{ name: "get_price", args: { sku: "A" }, id: "call_price" }])
      .respondWithTools([{ name: "get_stock", args: { sku: "X" }, id: "call_stock" }])
      .respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: agentTools, middleware: [codeInterpreter] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "go" }] }, config);
    const [pinged, fromCode, refused, failed] = toolMessages(result.messages);
    expect(pinged).toBe("ping ok");
    expect(seen.ping).toHaveLength(1);
    expect(seen.ping![0]).toMatchObject({ caller: { type: "direct" }, threadId: "conv-1", callId: "call_ping" });
    expect(fromCode).toContain("tools.ping is not available to programs");
    expect(refused).toContain("get_price is not available as a direct tool");
    expect(calls.price).toBe(0);
    // Another tool's error is still a tool message the model reads (the run goes on), as without code-only tools.
    expect(failed).toBe("Error: no such sku\n Please fix your mistakes.");
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it("checks allowedCallers: bad values are INVALID_TOOL, and they must agree with ptc (INVALID_OPTIONS)", () => {
    const codeOf = (error: () => unknown) => {
      try {
        opened.push(error() as CodeInterpreterMiddleware);
      } catch (caught) {
        expect(isQuickboxError(caught), String(caught)).toBe(true);
        return (caught as { code: string }).code;
      }
      return "none";
    };
    expect(codeOf(() => createCodeInterpreterMiddleware({ ptc: ["a"], allowedCallers: { a: ["model" as "program"] } }))).toBe("INVALID_TOOL");
    expect(codeOf(() => createCodeInterpreterMiddleware({ ptc: [], allowedCallers: { a: ["program"] } }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => createCodeInterpreterMiddleware({ ptc: ["a"], allowedCallers: { a: ["direct"] } }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => createCodeInterpreterMiddleware({ quickboxTools: [{ name: "q", execute: () => 1, allowedCallers: [] }] }))).toBe("INVALID_TOOL");
    expect(codeOf(() => createCodeInterpreterMiddleware({ ptc: ["a"], allowedCallers: { a: ["program", "direct"] } }))).toBe("none");
  });
});
