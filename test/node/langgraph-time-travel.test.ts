/**
 * What LangGraph sees of the interpreter's state (issue 27 §1): parallel eval calls in one model
 * message on later turns (with and without time travel), a checkpoint from before the first
 * program, an old pause decided differently from its checkpoint, mode "turn" in a new process.
 * Real langchain createAgent, LangGraph MemorySaver and Command, scripted models; both isolations.
 */
import { AIMessage, createAgent, createMiddleware, fakeModel, tool, type ToolMessage } from "langchain";
import { Command, MemorySaver } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { memoryStore } from "../../src/index.js";
import { createCodeInterpreterMiddleware, type CodeInterpreterMiddleware } from "../../src/langchain.js";

const opened: CodeInterpreterMiddleware[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((middleware) => middleware.dispose()));
});

const evalCall = (code: string, id: string) => ({ name: "eval", args: { code }, id });

function toolTexts(messages: unknown[]): string[] {
  return messages.filter((message): message is ToolMessage => (message as { type?: string }).type === "tool").map((message) => String(message.content));
}

/** The agent's checkpoint API (inferred as `never` with a middleware state schema in langchain 1.5's typings). */
interface Checkpoints {
  getStateHistory(config: unknown): AsyncIterable<{ next: string[]; values: unknown; config: Record<string, unknown>; tasks: { interrupts: unknown[] }[] }>;
}

type Raised = { messages: unknown[]; __interrupt__?: { value: { error?: string; quickbox: { interrupts: { id: string }[] } } }[] };

async function history(agent: unknown, thread: unknown) {
  const states = [];
  for await (const state of (agent as Checkpoints).getStateHistory(thread)) states.push(state);
  return states.reverse();
}

/** Checkpoints at the end of a turn (nothing left to run), oldest first. */
async function turnEnds(agent: unknown, thread: unknown) {
  return (await history(agent, thread)).filter((state) => state.next.length === 0 && (state.values as { messages: unknown[] }).messages.length > 0);
}

describe.each(["inline", "worker"] as const)("LangGraph time travel and parallel eval calls (%s)", (isolation) => {
  function middleware(options: Parameters<typeof createCodeInterpreterMiddleware>[0] = {}): CodeInterpreterMiddleware {
    const created = createCodeInterpreterMiddleware({ isolation, ...options });
    opened.push(created);
    return created;
  }

  it("parallel eval calls on turns 2 and 3 each see the calls before them; the next turn sees them all", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("var n = 0; var log = []; 'ready'", "t1")])
      .respond(new AIMessage("1"))
      .respondWithTools([evalCall("n += 1000; log.push('x'); n", "t2a"), evalCall("n += 1000; log.push('y'); n", "t2b")])
      .respond(new AIMessage("2"))
      .respondWithTools([evalCall("n += 1000; log.push('z'); n", "t3a"), evalCall("n += 5; [n, log.join()]", "t3b")])
      .respond(new AIMessage("3"))
      .respondWithTools([evalCall("[n, log.join()]", "t4")])
      .respond(new AIMessage("4"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "parallel-turns" } };
    const texts: string[][] = [];
    for (const turn of ["1", "2", "3", "4"]) texts.push(toolTexts((await agent.invoke({ messages: [{ role: "user", content: turn }] }, thread)).messages));
    expect(texts[1]!.slice(-2)).toEqual(["<result>1000</result>", "<result>2000</result>"]);
    expect(texts[2]!.slice(-2)).toEqual(["<result>3000</result>", "<result>[ 3005, 'x,y,z' ]</result>"]);
    expect(texts[3]!.at(-1)).toBe("<result>[ 3005, 'x,y,z' ]</result>");
  });

  it("parallel eval calls on a replayed checkpoint: the first moves the thread back, the second runs after it", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("var n = 1; var log = []", "a1")])
      .respond(new AIMessage("1"))
      .respondWithTools([evalCall("n = 100; log.push('main')", "a2")])
      .respond(new AIMessage("2"))
      // replay of turn 1's end, two calls in one message
      .respondWithTools([evalCall("n += 10; log.push('p'); n", "r1"), evalCall("n += 10; log.push('q'); [n, log.join()]", "r2")])
      .respond(new AIMessage("replayed"))
      // the replayed branch goes on
      .respondWithTools([evalCall("[n, log.join()]", "r3")])
      .respond(new AIMessage("branch"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "parallel-travel" } };
    for (const turn of ["1", "2"]) await agent.invoke({ messages: [{ role: "user", content: turn }] }, thread);
    const [first] = await turnEnds(agent, thread);
    const replay = await agent.invoke({ messages: [{ role: "user", content: "again" }] }, first!.config);
    expect(toolTexts(replay.messages).slice(-2)).toEqual(["<result>11</result>", "<result>[ 21, 'p,q' ]</result>"]);
    const next = await agent.invoke({ messages: [{ role: "user", content: "and?" }] }, thread);
    expect(toolTexts(next.messages).at(-1)).toBe("<result>[ 21, 'p,q' ]</result>");
  });

  it("parallel eval calls that finish out of task order: the graph state keeps the snapshot taken last", async () => {
    // The first call of the message waits until the second has finished: it runs second.
    let secondDone!: () => void;
    const second = new Promise<void>((resolve) => (secondDone = resolve));
    const reorder = createMiddleware({
      name: "ReorderCalls",
      wrapToolCall: async (request, handler) => {
        if (request.toolCall.id === "o1") await second;
        const result = await handler(request);
        if (request.toolCall.id === "o2") secondDone();
        return result;
      },
    });
    const model = fakeModel()
      .respondWithTools([evalCall("var log = []; 'ready'", "o0")])
      .respond(new AIMessage("1"))
      .respondWithTools([evalCall("log.push('first in the message'); log.length", "o1"), evalCall("log.push('second in the message'); log.length", "o2")])
      .respond(new AIMessage("2"))
      .respondWithTools([evalCall("log", "o3")])
      .respond(new AIMessage("3"));
    const agent = createAgent({ model, tools: [], middleware: [middleware(), reorder], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "reordered" } };
    await agent.invoke({ messages: [{ role: "user", content: "1" }] }, thread);
    const two = await agent.invoke({ messages: [{ role: "user", content: "2" }] }, thread);
    expect(toolTexts(two.messages).slice(-2)).toEqual(["<result>2</result>", "<result>1</result>"]);
    const three = await agent.invoke({ messages: [{ role: "user", content: "3" }] }, thread);
    expect(toolTexts(three.messages).at(-1)).toBe("<result>[ 'second in the message', 'first in the message' ]</result>");
  });

  it("a checkpoint from before the first program: forking from it starts on an empty thread", async () => {
    const model = fakeModel()
      .respond(new AIMessage("hello, no code yet"))
      .respondWithTools([evalCall("var x = 1; x", "f1")])
      .respond(new AIMessage("x set"))
      .respondWithTools([evalCall("typeof x", "f2")])
      .respond(new AIMessage("forked"))
      .respondWithTools([evalCall("typeof x", "f3")])
      .respond(new AIMessage("main line"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "before-first" } };
    await agent.invoke({ messages: [{ role: "user", content: "hi" }] }, thread);
    await agent.invoke({ messages: [{ role: "user", content: "set x" }] }, thread);
    const [beforeAnyProgram, afterX] = await turnEnds(agent, thread);
    expect((beforeAnyProgram!.values as { _quickboxSnapshotId?: string })._quickboxSnapshotId).toBeUndefined();
    const forked = await agent.invoke({ messages: [{ role: "user", content: "is x there?" }] }, beforeAnyProgram!.config);
    expect(toolTexts(forked.messages).at(-1)).toBe("<result>undefined</result>");
    // The main line still has its state.
    const main = await agent.invoke({ messages: [{ role: "user", content: "and here?" }] }, afterX!.config);
    expect(toolTexts(main.messages).at(-1)).toBe("<result>number</result>");
  });

  it("without a checkpointer the graph state does not outlive a run: the thread carries the conversation", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("var kept = 'across runs'", "k1")])
      .respond(new AIMessage("1"))
      .respondWithTools([evalCall("kept", "k2")])
      .respond(new AIMessage("2"));
    const agent = createAgent({ model, tools: [], middleware: [middleware()] });
    const thread = { configurable: { thread_id: "no-checkpointer" } };
    await agent.invoke({ messages: [{ role: "user", content: "1" }] }, thread);
    const second = await agent.invoke({ messages: [{ role: "user", content: "2" }] }, thread);
    expect(toolTexts(second.messages).at(-1)).toBe("<result>across runs</result>");
  });

  it("a conversation whose snapshots cannot be stored (too large) keeps its state from call to call", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall("var kept = 'in memory only'", "u1")])
      .respond(new AIMessage("1"))
      .respondWithTools([evalCall("kept", "u2")])
      .respond(new AIMessage("2"));
    const warnings: string[] = [];
    const agent = createAgent({
      model,
      tools: [],
      middleware: [middleware({ maxSnapshotBytes: 1, onEvent: (event) => event.type === "warning" && warnings.push(event.message) })],
      checkpointer: new MemorySaver(),
    });
    const thread = { configurable: { thread_id: "unstored" } };
    await agent.invoke({ messages: [{ role: "user", content: "1" }] }, thread);
    const second = await agent.invoke({ messages: [{ role: "user", content: "2" }] }, thread);
    expect(toolTexts(second.messages).at(-1)).toBe("<result>in memory only</result>");
    expect(warnings.join(" ")).toMatch(/snapshot not stored/);
  });

  /** An agent whose program bumps a counter, then sends an email that needs approval. */
  function approvalAgent(model: ReturnType<typeof fakeModel>) {
    const calls = { bump: 0, email: 0 };
    const bump = tool(async () => ++calls.bump, { name: "bump_counter", description: "Increments a counter.", schema: z.object({}) });
    const sendEmail = tool(async ({ to }) => (calls.email++, `sent to ${to}`), { name: "send_email", description: "Send an email.", schema: z.object({ to: z.string() }) });
    const agent = createAgent({
      model,
      tools: [bump, sendEmail],
      middleware: [middleware({ ptc: ["bump_counter", "send_email"], interruptOn: { send_email: true } })],
      checkpointer: new MemorySaver(),
    });
    return { agent, calls };
  }

  const mailProgram =
    "const n = await tools.bumpCounter({}); let sent; try { sent = await tools.sendEmail({ to: 'ops@example.com' }) } catch (e) { sent = e.name + ': ' + e.message } [n, sent]";

  /** The checkpoint where the program waited for a decision. */
  async function pausedCheckpoint(agent: unknown, thread: unknown) {
    const paused = (await history(agent, thread)).find((state) => state.tasks.some((task) => task.interrupts.length > 0));
    expect(paused).toBeDefined();
    return paused!.config;
  }

  it("an old pause decided differently (approve, then travel back and reject): the program runs again from the checkpoint and the new decision applies", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall(mailProgram, "m1")])
      .respond(new AIMessage("approved and sent"))
      .respond(new AIMessage("rejected this time"));
    const { agent, calls } = approvalAgent(model);
    const thread = { configurable: { thread_id: "redecide" } };
    await agent.invoke({ messages: [{ role: "user", content: "mail ops" }] }, thread);
    const approved = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread);
    expect(toolTexts(approved.messages).at(-1)).toBe("<result>[ 1, 'sent to ops@example.com' ]</result>");

    const config = await pausedCheckpoint(agent, thread);
    const rejected = (await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "not today" }] } }), config)) as Raised;
    expect(rejected.__interrupt__).toBeUndefined();
    // The program ran again from the checkpoint's state (its tool calls before the pause too), paused anew, and took the reject.
    expect(toolTexts(rejected.messages).at(-1)).toBe("<result>[ 2, 'ToolRejected: not today' ]</result>");
    expect(calls).toEqual({ bump: 2, email: 1 });
    const interpreter = await opened.at(-1)!.interpreter();
    expect((await interpreter.threads()).find((info) => info.threadId === "redecide")?.state).not.toBe("paused");
  });

  it("an old pause resumed with the old interrupt's id: the interrupt is raised again (new ids, the reason), and the next decision applies", async () => {
    const model = fakeModel()
      .respondWithTools([evalCall(mailProgram, "m1")])
      .respond(new AIMessage("approved and sent"))
      .respond(new AIMessage("rejected"));
    const { agent, calls } = approvalAgent(model);
    const thread = { configurable: { thread_id: "redecide-by-id" } };
    const first = (await agent.invoke({ messages: [{ role: "user", content: "mail ops" }] }, thread)) as Raised;
    const oldId = first.__interrupt__![0]!.value.quickbox.interrupts[0]!.id;
    await agent.invoke(new Command({ resume: { [oldId]: { type: "approve" } } }), thread);

    const config = await pausedCheckpoint(agent, thread);
    const again = (await agent.invoke(new Command({ resume: { [oldId]: { type: "reject" } } }), config)) as Raised;
    expect(again.__interrupt__).toHaveLength(1);
    const raised = again.__interrupt__![0]!.value;
    expect(raised.error).toMatch(/^the previous resume value was not applied: .*no pending interrupt call_/);
    const newId = raised.quickbox.interrupts[0]!.id;
    expect(newId).toMatch(/^call_[0-9a-z]{26}$/);
    expect(newId).not.toBe(oldId);
    expect(calls).toEqual({ bump: 2, email: 1 });

    const done = await agent.invoke(new Command({ resume: { [newId]: { type: "reject", message: "no" } } }), config);
    expect(toolTexts(done.messages).at(-1)).toBe("<result>[ 2, 'ToolRejected: no' ]</result>");
    expect(calls).toEqual({ bump: 2, email: 1 });
  });

  it('mode "turn": a new process (middleware) with the same store and checkpointer starts the next run fresh too', async () => {
    const store = memoryStore();
    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: "turns-restart" } };
    // One scripted model for both agents (each fakeModel numbers its messages' ids from the start).
    const model = fakeModel().respondWithTools([evalCall("var v = 1; v", "v1")]).respond(new AIMessage("one")).respondWithTools([evalCall("typeof v", "v2")]).respond(new AIMessage("two"));
    const before = createAgent({ model, tools: [], middleware: [middleware({ mode: "turn", store })], checkpointer });
    await before.invoke({ messages: [{ role: "user", content: "a" }] }, thread);
    const after = createAgent({ model, tools: [], middleware: [middleware({ mode: "turn", store })], checkpointer });
    const second = await after.invoke({ messages: [{ role: "user", content: "b" }] }, thread);
    expect(toolTexts(second.messages)).toEqual(["<result>1</result>", "<result>undefined</result>"]);
  });
});
