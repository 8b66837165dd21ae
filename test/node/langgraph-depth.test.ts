/**
 * quickbox/langchain inside LangGraph: tools called from code see their runtime, checkpoints
 * carry the interpreter state (time travel, forks, pruning), and calls stream on the custom
 * stream. Real createAgent / createDeepAgent, MemorySaver, scripted models.
 */
import { AIMessage, createAgent, fakeModel, tool, type ToolMessage } from "langchain";
import { InMemoryStore, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeInterpreterMiddleware, type CodeInterpreterMiddleware } from "../../src/langchain.js";

const opened: CodeInterpreterMiddleware[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((middleware) => middleware.dispose()));
});

function middleware(options: Parameters<typeof createCodeInterpreterMiddleware>[0] = {}): CodeInterpreterMiddleware {
  const created = createCodeInterpreterMiddleware({ isolation: "inline", ...options });
  opened.push(created);
  return created;
}

const evalCall = (code: string, id: string) => ({ name: "eval", args: { code }, id });

function toolMessages(messages: unknown[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => (message as { type?: string }).type === "tool");
}

/** What the test tool reads of its runtime. */
interface SeenRuntime {
  store?: { get(namespace: string[], key: string): Promise<{ value?: { color?: string } } | null> };
  config?: { configurable?: { thread_id?: string } };
  configurable?: { thread_id?: string };
  state: { messages: unknown[] };
  context?: { user?: string };
  toolCallId?: string;
}

/** The agent's checkpoint API (inferred as `never` with a middleware state schema in langchain 1.5's typings). */
interface History {
  getStateHistory(config: unknown): AsyncIterable<{ next: string[]; values: unknown; config: { configurable?: Record<string, unknown> } }>;
  getState(config: unknown): Promise<{ config: { configurable?: Record<string, unknown> } }>;
  updateState(config: unknown, values: unknown): Promise<{ configurable?: Record<string, unknown> }>;
}

describe("tool runtime forwarding", () => {
  it("a tool called from code sees the same state, store, context and thread id as when the model calls it, with unique child call ids", async () => {
    const whoami = tool(
      async (_input, config) => {
        const runtime = config as unknown as SeenRuntime;
        const stored = await runtime.store?.get(["prefs"], "color");
        return JSON.stringify({
          threadId: runtime.config?.configurable?.thread_id ?? runtime.configurable?.thread_id,
          messages: runtime.state.messages.length,
          color: stored?.value?.color ?? null,
          user: runtime.context?.user ?? null,
          toolCallId: runtime.toolCallId,
        });
      },
      { name: "whoami", description: "Reports what the tool sees.", schema: z.object({}) },
    );
    const store = new InMemoryStore();
    await store.put(["prefs"], "color", { color: "teal" });
    const model = fakeModel()
      .respondWithTools([
        { name: "whoami", args: {}, id: "direct_1" },
        evalCall("const a = await tools.whoami({}); const b = await tools.whoami({}); JSON.stringify([JSON.parse(a), JSON.parse(b)])", "eval_1"),
      ])
      .respond(new AIMessage("compared"));
    const agent = createAgent({
      model,
      tools: [whoami],
      middleware: [middleware({ ptc: ["whoami"] })],
      checkpointer: new MemorySaver(),
      store,
      contextSchema: z.object({ user: z.string() }),
    });
    const result = await agent.invoke({ messages: [{ role: "user", content: "who am I" }] }, { configurable: { thread_id: "runtime-1" }, context: { user: "ada" } });
    const messages = toolMessages(result.messages);
    const direct = JSON.parse(String(messages.find((message) => message.tool_call_id === "direct_1")!.content));
    const fromCode = JSON.parse(/<result>(.*)<\/result>/s.exec(String(messages.find((message) => message.tool_call_id === "eval_1")!.content))![1]!.replace(/^'|'$/g, ""));
    expect(direct).toEqual({ threadId: "runtime-1", messages: 2, color: "teal", user: "ada", toolCallId: "direct_1" });
    for (const seen of fromCode) expect({ ...seen, toolCallId: "-" }).toEqual({ ...direct, toolCallId: "-" });
    // The tool's call id is the call's own id (DESIGN §3 call identity): what ctx.callId, interrupts and events name.
    expect(fromCode[0].toolCallId).toMatch(/^call_[0-9a-z]{26}$/);
    expect(fromCode[1].toolCallId).toMatch(/^call_[0-9a-z]{26}$/);
    expect(fromCode[0].toolCallId).not.toBe(fromCode[1].toolCallId);
  });
});

describe("time travel", () => {
  it("replaying the checkpoint after turn 1 sees x = 1; a fork from turn 2 continues independently; prune keeps what checkpoints need", async () => {
    const codeInterpreter = middleware();
    const checkpointer = new MemorySaver();
    const model = fakeModel()
      .respondWithTools([evalCall("let x = 1", "t1")])
      .respond(new AIMessage("one"))
      .respondWithTools([evalCall("x = 2", "t2")])
      .respond(new AIMessage("two"))
      .respondWithTools([evalCall("x = 3", "t3")])
      .respond(new AIMessage("three"))
      // replay from turn 1
      .respondWithTools([evalCall("x", "r1")])
      .respond(new AIMessage("x was 1"))
      // fork from turn 2 via updateState, twice
      .respondWithTools([evalCall("x = x * 10; x", "f1")])
      .respond(new AIMessage("forked"))
      .respondWithTools([evalCall("x", "f2")])
      .respond(new AIMessage("fork continues"))
      // back to the main line (turn 3)
      .respondWithTools([evalCall("x", "m1")])
      .respond(new AIMessage("main line"));
    const agent = createAgent({ model, tools: [], middleware: [codeInterpreter], checkpointer });
    const thread = { configurable: { thread_id: "travel" } };
    for (const turn of ["set 1", "set 2", "set 3"]) await agent.invoke({ messages: [{ role: "user", content: turn }] }, thread);

    // End-of-turn checkpoints, oldest first: each records the snapshot of its interpreter state.
    const history = [];
    for await (const state of (agent as unknown as History).getStateHistory(thread)) history.push(state);
    const turnEnds = history.filter((state) => state.next.length === 0 && (state.values as { messages: unknown[] }).messages.length > 0).reverse();
    expect(turnEnds).toHaveLength(3);
    const ids = turnEnds.map((state) => (state.values as { _quickboxSnapshotId?: string })._quickboxSnapshotId);
    expect(new Set(ids).size).toBe(3);
    const lastOf = (result: { messages: unknown[] }) => String(toolMessages(result.messages).at(-1)!.content);

    const replay = await agent.invoke({ messages: [{ role: "user", content: "what is x" }] }, turnEnds[0]!.config);
    expect(lastOf(replay)).toBe("<result>1</result>");

    const fork = await (agent as unknown as History).updateState(turnEnds[1]!.config, { messages: [{ role: "user", content: "note: forking here" }] });
    const forked = await agent.invoke({ messages: [{ role: "user", content: "times ten" }] }, fork);
    expect(lastOf(forked)).toBe("<result>20</result>");
    const forkAgain = await agent.invoke({ messages: [{ role: "user", content: "and now?" }] }, { configurable: { thread_id: "travel" } });
    expect(lastOf(forkAgain)).toBe("<result>20</result>");

    const main = await agent.invoke({ messages: [{ role: "user", content: "main line x" }] }, turnEnds[2]!.config);
    expect(lastOf(main)).toBe("<result>3</result>");

    // Prune with the checkpointer: every referenced snapshot (and its parents) survives.
    const { removed } = await codeInterpreter.prune({ checkpointer });
    for (const id of ids) expect(removed).not.toContain(id);
    const remaining = new Set((await codeInterpreter.prune({ checkpointer })).removed);
    expect(remaining.size).toBe(0);
  });

  it("a checkpoint whose snapshot was pruned away gives the model a SnapshotError, not a crash", async () => {
    const codeInterpreter = middleware();
    const checkpointer = new MemorySaver();
    const model = fakeModel()
      .respondWithTools([evalCall("let y = 1", "a")])
      .respond(new AIMessage("set"))
      .respondWithTools([evalCall("y = 2", "b")])
      .respond(new AIMessage("set again"))
      .respondWithTools([evalCall("y = 5", "c")])
      .respond(new AIMessage("branched"))
      .respondWithTools([evalCall("y", "d")])
      .respond(new AIMessage("?"));
    const agent = createAgent({ model, tools: [], middleware: [codeInterpreter], checkpointer });
    const thread = { configurable: { thread_id: "pruned" } };
    await agent.invoke({ messages: [{ role: "user", content: "1" }] }, thread);
    const first = (await (agent as unknown as History).getState(thread)).config;
    await agent.invoke({ messages: [{ role: "user", content: "2" }] }, thread);
    const second = (await (agent as unknown as History).getState(thread)).config;
    // Branch from the first checkpoint: the thread's head no longer includes the second state.
    await agent.invoke({ messages: [{ role: "user", content: "5" }] }, first);
    // Without the checkpointer, prune keeps only what heads need: the second state goes.
    const { removed } = await codeInterpreter.prune();
    expect(removed.length).toBeGreaterThan(0);
    const replay = await agent.invoke({ messages: [{ role: "user", content: "y?" }] }, second);
    expect(String(toolMessages(replay.messages).at(-1)!.content)).toMatch(/^<error type="SnapshotError">the interpreter state of this checkpoint cannot be restored/);
  });
});

describe("streamed calls", () => {
  it("three tool calls and one task() from a program appear on the custom stream, in order, with durations", async () => {
    const lookups = ["a", "b", "c"].map((sku) => sku);
    const priceTool = tool(async ({ sku }) => ({ sku, price: sku.charCodeAt(0) }), { name: "get_price", description: "Price.", schema: z.object({ sku: z.string() }) });
    const code = [
      "const prices = [];",
      `for (const sku of ${JSON.stringify(lookups)}) prices.push((await tools.getPrice({ sku })).price);`,
      "const summary = await task({ description: 'Summarise ' + prices.join(','), subagentType: 'summariser' });",
      "[prices, summary]",
    ].join("\n");
    const agent = createDeepAgent({
      model: fakeModel().respondWithTools([evalCall(code, "s1")]).respond(new AIMessage("done")),
      tools: [priceTool],
      subagents: [{ name: "summariser", description: "Summarises.", systemPrompt: "Summarise.", model: fakeModel().respond(new AIMessage("summary ok")) }],
      middleware: [middleware({ ptc: ["get_price"] })],
    });
    const events: Record<string, unknown>[] = [];
    for await (const [mode, chunk] of await agent.stream({ messages: [{ role: "user", content: "go" }] }, { streamMode: ["custom", "updates"] })) {
      const event = mode === "custom" ? (chunk as { quickbox?: Record<string, unknown> }).quickbox : undefined;
      if (event && (event.type === "tool-call" || event.type === "task")) events.push(event);
    }
    const ends = events.filter((event) => event.phase === "end");
    expect(ends.map((event) => (event.type === "task" ? `task:${String(event.subagentType)}` : String(event.name)))).toEqual(["get_price", "get_price", "get_price", "task:summariser"]);
    for (const event of ends) {
      expect(event.ok).toBe(true);
      expect(typeof event.durationMs).toBe("number");
    }
    const taskEvents = events.filter((event) => event.type === "task").map((event) => event.phase);
    expect(taskEvents).toEqual(["start", "end"]);
    expect(events.filter((event) => event.type === "tool-call" && event.phase === "start").map((event) => event.args)).toEqual([{ sku: "a" }, { sku: "b" }, { sku: "c" }]);
  });
});
