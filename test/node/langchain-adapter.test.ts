/**
 * quickbox/langchain with the real packages (langchain createAgent, LangGraph checkpointer and
 * Command, deepagents createDeepAgent) and scripted models: no network.
 */
import { AIMessage, createAgent, fakeModel, tool, type ToolMessage } from "langchain";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { memoryStore } from "../../src/index.js";
import { createCodeInterpreterMiddleware, type CodeInterpreterMiddleware } from "../../src/langchain.js";

const opened: CodeInterpreterMiddleware[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((middleware) => middleware.dispose()));
});

let isolation: "inline" | "worker" = "inline";

function middleware(options: Parameters<typeof createCodeInterpreterMiddleware>[0] = {}): CodeInterpreterMiddleware {
  const created = createCodeInterpreterMiddleware({ isolation, ...options });
  opened.push(created);
  return created;
}

/** Agent tools with call counters. */
function shopTools() {
  const calls = { price: 0, stock: 0, bump: 0, email: 0 };
  const getPrice = tool(
    async ({ sku }) => {
      calls.price++;
      return { sku, priceUsd: sku === "A" ? 10 : 25 };
    },
    { name: "get_price", description: "Price of a product.", schema: z.object({ sku: z.string() }) },
  );
  const getStock = tool(
    async ({ sku }) => {
      calls.stock++;
      return JSON.stringify({ sku, units: sku === "A" ? 3 : 0 });
    },
    { name: "get_stock", description: "Units in stock.", schema: z.object({ sku: z.string() }) },
  );
  const bump = tool(
    async () => {
      calls.bump++;
      return calls.bump;
    },
    { name: "bump_counter", description: "Increments a counter (a side effect).", schema: z.object({}) },
  );
  const sendEmail = tool(
    async ({ to, subject }) => {
      calls.email++;
      return `sent "${subject}" to ${to}`;
    },
    { name: "send_email", description: "Send an email.", schema: z.object({ to: z.string(), subject: z.string() }) },
  );
  return { calls, tools: [getPrice, getStock, bump, sendEmail] };
}

function toolMessages(messages: unknown[]): string[] {
  return messages.filter((message): message is ToolMessage => (message as { type?: string }).type === "tool").map((message) => String(message.content));
}

const evalCall = (code: string, id: string) => ({ name: "eval", args: { code }, id });

/** The agent's checkpoint reader (its inferred type is `never` with a middleware state schema in langchain 1.5's typings). */
interface StateReader {
  getState(config: unknown): Promise<{ values: unknown }>;
}

describe.each(["inline", "worker"] as const)("quickbox/langchain: createAgent (%s)", (mode) => {
  beforeEach(() => {
    isolation = mode;
  });

  it("PTC over two agent tools, the rules in the system message, the wire text back to the model", async () => {
    const shop = shopTools();
    const model = fakeModel()
      .respondWithTools([
        evalCall(
          "const [price, stock] = await Promise.all([tools.getPrice({ sku: 'A' }), tools.getStock({ sku: 'A' })]); ({ total: price.priceUsd * JSON.parse(stock).units })",
          "call_1",
        ),
      ])
      .respond(new AIMessage("30 dollars of A in stock."));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["get_price", "get_stock"] })] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "value of A in stock?" }] });
    expect(toolMessages(result.messages)).toEqual(["<result>{ total: 30 }</result>"]);
    expect(shop.calls).toMatchObject({ price: 1, stock: 1 });
    const system = String(model.calls[0]!.messages[0]!.content);
    expect(system).toContain("persistent JavaScript/TypeScript interpreter");
    expect(system).toContain("getPrice(input: {");
    expect(system).toContain("getStock(input: {");
    expect(system).not.toContain("bumpCounter");
  });

  it("two eval calls in one model message (parallel tool calls) both run, one after the other", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("let hits = 1; hits", "p1"), evalCall("hits += 1; hits", "p2")])
      .respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()], checkpointer: new MemorySaver() });
    const result = await agent.invoke({ messages: [{ role: "user", content: "go" }] }, { configurable: { thread_id: "parallel" } });
    expect(toolMessages(result.messages)).toEqual(["<result>1</result>", "<result>2</result>"]);
  });

  it("a zod tool schema keeps its defaults: optional in the signature, filled in before the tool runs", async () => {
    const seen: unknown[] = [];
    const search = tool(async (input) => (seen.push(input), "ok"), {
      name: "search_items",
      description: "Search.",
      schema: z.object({ query: z.string(), limit: z.number().int().default(10) }),
    });
    const model = fakeModel().respondWithTools([evalCall("await tools.searchItems({ query: 'a' })", "d1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: [search], middleware: [middleware({ ptc: ["search_items"] })] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "go" }] });
    expect(toolMessages(result.messages)).toEqual(["<result>ok</result>"]);
    expect(seen).toEqual([{ query: "a", limit: 10 }]);
    expect(String(model.calls[0]!.messages[0]!.content)).toMatch(/limit\?: number/);
  });

  it('mode "turn": each agent run starts the thread fresh; interpreter() gives the interpreter behind the tool', async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("var v = 1; v", "t1")])
      .respond(new AIMessage("one"))
      .respondWithTools([evalCall("typeof v", "t2")])
      .respond(new AIMessage("two"));
    const codeInterpreter = middleware({ mode: "turn" });
    const agent = createAgent({ model, tools: [], middleware: [codeInterpreter], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "turns" } };
    expect(toolMessages((await agent.invoke({ messages: [{ role: "user", content: "a" }] }, thread)).messages).at(-1)).toBe("<result>1</result>");
    expect(toolMessages((await agent.invoke({ messages: [{ role: "user", content: "b" }] }, thread)).messages).at(-1)).toBe("<result>undefined</result>");
    const interpreter = await codeInterpreter.interpreter();
    expect((await interpreter.eval("typeof v", { threadId: "turns" })).value).toBe("undefined");
  });

  it("keeps state across two invokes on one thread (checkpointer), and threads stay apart", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("const answer = 41; let visits = 1", "c1")])
      .respond(new AIMessage("stored"))
      .respondWithTools([evalCall("visits++; answer + visits - 1", "c2")])
      .respond(new AIMessage("42"))
      .respondWithTools([evalCall("typeof answer", "c3")])
      .respond(new AIMessage("other thread"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "conversation-1" } };
    await agent.invoke({ messages: [{ role: "user", content: "remember 41" }] }, thread);
    const second = await agent.invoke({ messages: [{ role: "user", content: "add one" }] }, thread);
    expect(toolMessages(second.messages).at(-1)).toBe("<result>42</result>");
    const other = await agent.invoke({ messages: [{ role: "user", content: "hi" }] }, { configurable: { thread_id: "conversation-2" } });
    expect(toolMessages(other.messages).at(-1)).toBe("<result>undefined</result>");
  });

  it("approval: interrupt → Command({ resume }) continues the same program; side effects before the pause happen once", async () => {
    const shop = shopTools();
    const code = "const n = await tools.bumpCounter({}); const sent = await tools.sendEmail({ to: 'ops@example.com', subject: 'n=' + n }); sent + ' after ' + n";
    const model = fakeModel().respondWithTools([evalCall(code, "call_pause")]).respond(new AIMessage("done"));
    const codeInterpreter = middleware({ ptc: ["bump_counter", "send_email"], interruptOn: { send_email: true } });
    const agent = createAgent({ model, tools: shop.tools, middleware: [codeInterpreter], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "approvals" } };
    const paused = await agent.invoke({ messages: [{ role: "user", content: "mail ops" }] }, thread);
    const raised = (paused as { __interrupt__?: { value: { actionRequests: { name: string; args: unknown }[]; quickbox: { interrupts: { id: string }[] } } }[] }).__interrupt__;
    expect(raised).toHaveLength(1);
    expect(raised![0]!.value.actionRequests).toEqual([expect.objectContaining({ name: "send_email", args: { to: "ops@example.com", subject: "n=1" } })]);
    expect(shop.calls).toMatchObject({ bump: 1, email: 0 });

    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread);
    expect(toolMessages(done.messages).at(-1)).toBe("<result>sent \"n=1\" to ops@example.com after 1</result>");
    expect(shop.calls).toMatchObject({ bump: 1, email: 1 });
    // The graph keeps only the snapshot id, in a private channel: not in the run's output.
    expect(Object.keys(done)).not.toContain("_quickboxSnapshotId");
    const recorded = ((await (agent as unknown as StateReader).getState(thread)).values as { _quickboxSnapshotId?: string })._quickboxSnapshotId;
    expect(recorded).toMatch(/^[0-9a-f]{64}$/);
    expect(codeInterpreter.latestSnapshotId("approvals")).toBe(recorded);
  });

  it("a resume value that cannot be applied asks again (with the reason); the next good one continues the program", async () => {
    const shop = shopTools();
    const code = "const n = await tools.bumpCounter({}); const sent = await tools.sendEmail({ to: 'ops@example.com', subject: 'n=' + n }); sent";
    const model = fakeModel().respondWithTools([evalCall(code, "call_bad_resume")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["bump_counter", "send_email"], interruptOn: { send_email: { allowedDecisions: ["approve", "reject"] } } })], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "bad-resume" } };
    await agent.invoke({ messages: [{ role: "user", content: "mail ops" }] }, thread);
    type Raised = { __interrupt__?: { value: { error?: string } }[] };
    for (const bad of ["ok", { type: "approved" }, { type: "respond", value: 1 }]) {
      const again = (await agent.invoke(new Command({ resume: bad }), thread)) as Raised;
      expect(again.__interrupt__).toHaveLength(1);
      expect(again.__interrupt__![0]!.value.error).toMatch(/^the previous resume value was not applied: /);
    }
    expect(shop.calls).toMatchObject({ bump: 1, email: 0 });
    const done = await agent.invoke(new Command({ resume: { type: "approve" } }), thread);
    expect(toolMessages(done.messages).at(-1)).toBe('<result>sent "n=1" to ops@example.com</result>');
    expect(shop.calls).toMatchObject({ bump: 1, email: 1 });
  });

  it("a pause left behind (a new message instead of a resume) does not block the conversation", async () => {
    const shop = shopTools();
    const model = fakeModel()
      .respondWithTools([evalCall("var draft = 'x'; await tools.sendEmail({ to: 'a@example.com', subject: 's' })", "c_left")])
      .respondWithTools([evalCall("typeof draft", "c_next")])
      .respond(new AIMessage("ok"));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["send_email"], interruptOn: { send_email: true } })], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "left-behind" } };
    await agent.invoke({ messages: [{ role: "user", content: "draft and send" }] }, thread);
    const next = await agent.invoke({ messages: [{ role: "user", content: "never mind" }] }, thread);
    // The abandoned program is gone (its state too); the conversation goes on.
    expect(toolMessages(next.messages).at(-1)).toBe("<result>undefined</result>");
    expect(shop.calls.email).toBe(0);
  });

  it("interruptOn without a checkpointer: a clear error, and the thread is not left paused", async () => {
    const shop = shopTools();
    const model = fakeModel()
      .respondWithTools([evalCall("await tools.sendEmail({ to: 'a@example.com', subject: 's' })", "c_nockpt")])
      .respond(new AIMessage("x"))
      .respondWithTools([evalCall("1 + 1", "c_after")])
      .respond(new AIMessage("y"));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["send_email"], interruptOn: { send_email: true } })] });
    const first = await agent.invoke({ messages: [{ role: "user", content: "send" }] });
    expect(toolMessages(first.messages).at(-1)).toMatch(/interruptOn needs the agent to have a checkpointer/);
    const second = await agent.invoke({ messages: [{ role: "user", content: "add" }] });
    expect(toolMessages(second.messages).at(-1)).toBe("<result>2</result>");
  });

  it("two pauses in one program take two resumes (ids or HITL-style decisions); reject is catchable", async () => {
    const shop = shopTools();
    const code = [
      "await tools.bumpCounter({});",
      "const first = await tools.sendEmail({ to: 'a@example.com', subject: 'one' });",
      "let second; try { second = await tools.sendEmail({ to: 'b@example.com', subject: 'two' }) } catch (e) { second = e.name + ': ' + e.message }",
      "[first, second]",
    ].join("\n");
    const model = fakeModel().respondWithTools([evalCall(code, "call_two")]).respond(new AIMessage("ok"));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["bump_counter", "send_email"], interruptOn: { send_email: true } })], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "two-pauses" } };
    const first = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, thread)) as { __interrupt__?: { value: { quickbox: { interrupts: { id: string }[] } } }[] };
    const firstId = first.__interrupt__![0]!.value.quickbox.interrupts[0]!.id;
    const second = (await agent.invoke(new Command({ resume: { [firstId]: { type: "approve" } } }), thread)) as { __interrupt__?: { value: { actionRequests: { args: unknown }[] } }[] };
    expect(second.__interrupt__).toHaveLength(1);
    expect(second.__interrupt__![0]!.value.actionRequests[0]!.args).toEqual({ to: "b@example.com", subject: "two" });
    const done = await agent.invoke(new Command({ resume: { type: "reject", message: "not b" } }), thread);
    expect(toolMessages(done.messages).at(-1)).toBe("<result>[ 'sent \"one\" to a@example.com', 'ToolRejected: not b' ]</result>");
    expect(shop.calls).toMatchObject({ bump: 1, email: 1 });
  });

  it("a new middleware (another process) with the same store and checkpointer resumes the paused program", async () => {
    const store = memoryStore();
    const checkpointer = new MemorySaver();
    const shop = shopTools();
    const code = "await tools.bumpCounter({}); await tools.sendEmail({ to: 'x@example.com', subject: 'later' })";
    const thread = { configurable: { thread_id: "restart" } };
    const before = createAgent({
      model: fakeModel().respondWithTools([evalCall(code, "call_r")]),
      tools: shop.tools,
      middleware: [middleware({ store, ptc: shop.tools, interruptOn: { send_email: true } })],
      checkpointer,
    });
    const paused = await before.invoke({ messages: [{ role: "user", content: "mail" }] }, thread);
    expect((paused as { __interrupt__?: unknown[] }).__interrupt__).toHaveLength(1);
    const after = createAgent({
      model: fakeModel().respond(new AIMessage("sent")),
      tools: shop.tools,
      middleware: [middleware({ store, ptc: shop.tools, interruptOn: { send_email: true } })],
      checkpointer,
    });
    const done = await after.invoke(new Command({ resume: { type: "approve" } }), thread);
    expect(toolMessages(done.messages).at(-1)).toBe('<result>sent "later" to x@example.com</result>');
    expect(shop.calls).toMatchObject({ bump: 1, email: 1 });
  });

  it("accepts @langchain/quickjs option names; both names of one option, ptc 'task' or an unknown tool are errors", async () => {
    const model = fakeModel().respondWithTools([evalCall("while (true) {}", "spin")]).respond(new AIMessage("stopped"));
    const agent = createAgent({ model, tools: [], middleware: [middleware({ executionTimeoutMs: 100, maxPtcCalls: 3, toolName: "eval", systemPrompt: "You run code for the user." })] });
    const result = await agent.invoke({ messages: [{ role: "user", content: "spin" }] });
    expect(toolMessages(result.messages)[0]).toMatch(/^<error type="Timeout">the program ran longer than timeoutMs \(100 ms\)/);
    const system = String(model.calls[0]!.messages[0]!.content);
    expect(system).toContain("You run code for the user.");
    expect(system).not.toContain("Rules:");

    expect(() => createCodeInterpreterMiddleware({ executionTimeoutMs: 1, timeoutMs: 2 })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
    expect(() => createCodeInterpreterMiddleware({ maxPtcCalls: 1, maxToolCalls: 2 })).toThrow(/maxPtcCalls and maxToolCalls/);
    expect(() => createCodeInterpreterMiddleware({ ptc: ["task"] })).toThrow(/"task" tool cannot be listed/);
    expect(() => createCodeInterpreterMiddleware({ toolName: "has space" })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
    const unknown = createAgent({ model: fakeModel().respond(new AIMessage("never")), tools: [], middleware: [middleware({ ptc: ["nope"] })] });
    await expect(unknown.invoke({ messages: [{ role: "user", content: "x" }] })).rejects.toThrow(/ptc lists "nope", but the agent has no such tool/);
  });

  it("streams the program's progress() and tool calls on LangGraph's custom stream, in order", async () => {
    const shop = shopTools();
    const model = fakeModel().respondWithTools([evalCall("progress({ step: 'pricing' }); await tools.getPrice({ sku: 'B' })", "s1")]).respond(new AIMessage("25"));
    const agent = createAgent({ model, tools: shop.tools, middleware: [middleware({ ptc: ["get_price"] })] });
    const custom: unknown[] = [];
    for await (const [mode, chunk] of await agent.stream({ messages: [{ role: "user", content: "price of B" }] }, { streamMode: ["custom", "updates"] })) {
      if (mode === "custom") custom.push(chunk);
    }
    expect(custom).toEqual(
      expect.arrayContaining([
        { quickbox: expect.objectContaining({ type: "tool-call", phase: "start", name: "get_price", args: { sku: "B" } }) },
        { quickbox: expect.objectContaining({ type: "tool-call", phase: "end", name: "get_price", ok: true }) },
      ]),
    );
    const kinds = custom.map((chunk) => (chunk as { quickbox: { type: string; phase?: string } }).quickbox).map((event) => event.type + (event.phase ? `:${event.phase}` : ""));
    expect(kinds.slice(0, 2)).toEqual(["progress", "tool-call:start"]);
    expect(custom[0]).toEqual({ quickbox: { type: "progress", threadId: "default", evalId: expect.any(String), seq: 1, value: { step: "pricing" } } });
  });
});

describe.each(["inline", "worker"] as const)("quickbox/langchain: createDeepAgent (%s)", (mode) => {
  beforeEach(() => {
    isolation = mode;
  });

  it("task() in the program fans out to three subagent runs with Promise.all", async () => {
    const code = [
      "const topics = ['tools', 'bolts', 'crates'];",
      "const reports = await Promise.all(topics.map((topic) => task({ description: 'Report on ' + topic, subagentType: 'researcher' })));",
      "reports.map((report) => report.slice(0, 20))",
    ].join("\n");
    const mainModel = fakeModel().respondWithTools([evalCall(code, "deep_1")]).respond(new AIMessage("three reports"));
    const researcherModel = fakeModel()
      .respond((messages) => new AIMessage(`report: ${String(messages.at(-1)?.content).slice(10)}`))
      .respond((messages) => new AIMessage(`report: ${String(messages.at(-1)?.content).slice(10)}`))
      .respond((messages) => new AIMessage(`report: ${String(messages.at(-1)?.content).slice(10)}`));
    const agent = createDeepAgent({
      model: mainModel,
      tools: [],
      subagents: [{ name: "researcher", description: "Researches one topic.", systemPrompt: "Research the topic.", model: researcherModel }],
      middleware: [middleware()],
    });
    const result = await agent.invoke({ messages: [{ role: "user", content: "research three topics" }] });
    const text = toolMessages(result.messages).at(-1)!;
    expect(text).toMatch(/^<result>\[/);
    for (const topic of ["tools", "bolts", "crates"]) expect(text).toContain(`report: ${topic}`);
    expect(researcherModel.callCount).toBe(3);
    const system = String(mainModel.calls[0]!.messages[0]!.content);
    expect(system).toContain('subagentType: "general-purpose" | "researcher"');
  });

  it("tools that update the graph state (write_file) and subagents that write files, called from code, update it", async () => {
    const code = [
      "const wrote = await tools.writeFile({ file_path: '/notes.md', content: 'from code' });",
      "const report = await task({ description: 'write the report', subagentType: 'writer' });",
      "[wrote, report]",
    ].join("\n");
    // The state a program's tools wrote is applied when its eval ends: the next eval reads it.
    const mainModel = fakeModel()
      .respondWithTools([evalCall(code, "files_1")])
      .respondWithTools([evalCall("(await tools.readFile({ file_path: '/notes.md' })).includes('from code')", "files_2")])
      .respond(new AIMessage("done"));
    const writerModel = fakeModel()
      .respondWithTools([{ name: "write_file", args: { file_path: "/report.md", content: "the report" }, id: "w1" }])
      .respond(new AIMessage("report written"));
    const agent = createDeepAgent({
      model: mainModel,
      tools: [],
      subagents: [{ name: "writer", description: "Writes reports.", systemPrompt: "Write.", model: writerModel }],
      middleware: [middleware({ ptc: ["write_file", "read_file"] })],
    });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "write" }] })) as { messages: unknown[]; files?: Record<string, unknown> };
    expect(toolMessages(result.messages)).toEqual(["<result>[ \"Successfully wrote to '/notes.md'\", 'report written' ]</result>", "<result>true</result>"]);
    expect(Object.keys(result.files ?? {}).sort()).toEqual(["/notes.md", "/report.md"]);
  });
});

describe("quickbox/langchain: options", () => {
  it("a misspelt option fails at creation, not at the first model call", () => {
    expect(() => createCodeInterpreterMiddleware({ interruptOnn: { send_email: true } } as never)).toThrow(/unknown option "interruptOnn"/);
    expect(() => createCodeInterpreterMiddleware({ timeoutMS: 10 } as never)).toThrow(/unknown option "timeoutMS"/);
  });
});
