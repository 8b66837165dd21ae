/**
 * An approval configured on the agent holds for calls from code too (issue 32), with the real
 * frameworks: deepagents `createDeepAgent({ interruptOn })`, LangChain `createAgent` with
 * `humanInTheLoopMiddleware`, a run's `context.interruptOn`. Scripted models, MemorySaver.
 */
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool, type ToolMessage } from "langchain";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { InterpreterEvent } from "../../src/index.js";
import { createCodeInterpreterMiddleware, type CodeInterpreterMiddleware } from "../../src/langchain.js";

const opened: CodeInterpreterMiddleware[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((made) => made.dispose()));
});

function codeMiddleware(options: Parameters<typeof createCodeInterpreterMiddleware>[0] = {}): CodeInterpreterMiddleware {
  const made = createCodeInterpreterMiddleware({ isolation: "inline", ...options });
  opened.push(made);
  return made;
}

const evalCall = (code: string, id: string) => ({ name: "eval", args: { code }, id });

type Interrupted = { __interrupt__?: { value: { actionRequests: { name: string; args: unknown; id: string }[]; reviewConfigs: { actionName: string; allowedDecisions: string[] }[] } }[]; messages: unknown[]; files?: Record<string, unknown> };

function toolTexts(messages: unknown[]): string[] {
  return messages.filter((message): message is ToolMessage => (message as { type?: string }).type === "tool").map((message) => String(message.content));
}

/** Agent tools that record what they did. */
function officeTools() {
  const done: string[] = [];
  const sendEmail = tool(async ({ to }) => (done.push(`email ${to}`), `sent to ${to}`), { name: "send_email", description: "Send an email.", schema: z.object({ to: z.string() }) });
  const lookup = tool(async ({ q }) => (done.push(`lookup ${q}`), `found ${q}`), { name: "lookup", description: "Look something up.", schema: z.object({ q: z.string() }) });
  return { done, tools: [sendEmail, lookup] };
}

describe("deepagents: createDeepAgent({ interruptOn }) holds calls from code too", () => {
  const writeProgram = "await tools.writeFile({ file_path: '/plan.md', content: 'from code' })";

  it("without interruptOn on the middleware: the code's write_file waits for the same decision a direct call would (approve writes, reject does not)", async () => {
    for (const decision of ["approve", "reject"] as const) {
      const warnings: string[] = [];
      const model = fakeModel().respondWithTools([evalCall(writeProgram, `w-${decision}`)]).respond(new AIMessage("done"));
      const agent = createDeepAgent({
        model,
        tools: [],
        interruptOn: { write_file: true },
        checkpointer: new MemorySaver(),
        middleware: [codeMiddleware({ ptc: ["write_file", "read_file"], onEvent: (event: InterpreterEvent) => event.type === "warning" && warnings.push(event.message) })],
      });
      const thread = { configurable: { thread_id: `deep-${decision}` } };
      const paused = (await agent.invoke({ messages: [{ role: "user", content: "plan" }] }, thread)) as Interrupted;
      const request = paused.__interrupt__?.[0]?.value;
      expect(request?.actionRequests).toEqual([expect.objectContaining({ name: "write_file", args: { file_path: "/plan.md", content: "from code" }, id: expect.stringMatching(/^call_[0-9a-z]{26}$/) })]);
      expect(request?.reviewConfigs).toEqual([{ actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"] }]);
      expect(Object.keys(paused.files ?? {})).toEqual([]);
      expect(warnings.join("\n")).toMatch(/human-in-the-loop middleware, whose interruptOn a middleware cannot read/);
      const after = (await agent.invoke(new Command({ resume: { decisions: [{ type: decision }] } }), thread)) as Interrupted;
      expect(after.__interrupt__).toBeUndefined();
      expect(Object.keys(after.files ?? {})).toEqual(decision === "approve" ? ["/plan.md"] : []);
      expect(toolTexts(after.messages).at(-1)).toMatch(decision === "approve" ? /Successfully wrote to '\/plan.md'/ : /ToolRejected/);
    }
  });

  it("with the same interruptOn given to the middleware: only write_file waits; edit writes the edited file; read_file runs at once", async () => {
    const interruptOn = { write_file: true };
    const program = "const before = await tools.readFile({ file_path: '/missing.md' }).catch(() => 'none'); await tools.writeFile({ file_path: '/a.md', content: 'x' }); before";
    const model = fakeModel().respondWithTools([evalCall(program, "w-edit")]).respond(new AIMessage("done"));
    const agent = createDeepAgent({ model, tools: [], interruptOn, checkpointer: new MemorySaver(), middleware: [codeMiddleware({ ptc: ["write_file", "read_file"], interruptOn })] });
    const thread = { configurable: { thread_id: "deep-edit" } };
    const paused = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, thread)) as Interrupted;
    expect(paused.__interrupt__?.[0]?.value.actionRequests.map((action) => action.name)).toEqual(["write_file"]);
    const after = (await agent.invoke(new Command({ resume: { decisions: [{ type: "edit", editedAction: { name: "write_file", args: { file_path: "/b.md", content: "edited" } } }] } }), thread)) as Interrupted;
    expect(Object.keys(after.files ?? {})).toEqual(["/b.md"]);
  });
});

describe("LangChain: createAgent + humanInTheLoopMiddleware", () => {
  it("the agent's interruptOn given to both: a gated tool from code waits with its when/description; an ungated one runs; nothing is sent without a decision", async () => {
    const { done, tools } = officeTools();
    const interruptOn = {
      send_email: {
        allowedDecisions: ["approve", "reject"] as ("approve" | "reject")[],
        description: (toolCall: { args: Record<string, unknown> }) => `Email to ${String(toolCall.args.to)}?`,
        when: ({ toolCall }: { toolCall: { args: Record<string, unknown> } }) => !String(toolCall.args.to).endsWith("@us.example"),
      },
    };
    const program = "[await tools.lookup({ q: 'x' }), await tools.sendEmail({ to: 'team@us.example' }), await tools.sendEmail({ to: 'eve@them.example' })]";
    const model = fakeModel().respondWithTools([evalCall(program, "hitl-1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver(), middleware: [humanInTheLoopMiddleware({ interruptOn }), codeMiddleware({ ptc: ["lookup", "send_email"], interruptOn })] });
    const thread = { configurable: { thread_id: "hitl" } };
    const paused = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, thread)) as Interrupted;
    const request = paused.__interrupt__![0]!.value;
    expect(request.actionRequests).toEqual([expect.objectContaining({ name: "send_email", args: { to: "eve@them.example" }, description: "Email to eve@them.example?" })]);
    expect(request.reviewConfigs).toEqual([{ actionName: "send_email", allowedDecisions: ["approve", "reject"] }]);
    expect(done).toEqual(["lookup x", "email team@us.example"]);
    const after = (await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread)) as Interrupted;
    expect(toolTexts(after.messages).at(-1)).toBe("<result>[ 'found x', 'sent to team@us.example', 'sent to eve@them.example' ]</result>");
    expect(done).toEqual(["lookup x", "email team@us.example", "email eve@them.example"]);
  });

  it("a quickbox predicate on the middleware decides per call on the host; the interrupt's id is the id the approved tool runs with", async () => {
    const seenIds: string[] = [];
    const paid: number[] = [];
    const pay = tool(async ({ amount }, config) => (seenIds.push(String((config as { toolCallId?: unknown }).toolCallId)), paid.push(amount), `paid ${amount}`), {
      name: "pay",
      description: "Pay an amount.",
      schema: z.object({ amount: z.number() }),
    });
    const interruptOn = { pay: (args: unknown) => (args as { amount: number }).amount > 100 };
    const model = fakeModel().respondWithTools([evalCall("[await tools.pay({ amount: 50 }), await tools.pay({ amount: 500 })]", "pay-1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: [pay], checkpointer: new MemorySaver(), middleware: [codeMiddleware({ ptc: ["pay"], interruptOn })] });
    const thread = { configurable: { thread_id: "predicate" } };
    const paused = (await agent.invoke({ messages: [{ role: "user", content: "pay" }] }, thread)) as Interrupted;
    const [request] = paused.__interrupt__![0]!.value.actionRequests;
    expect(request).toEqual(expect.objectContaining({ name: "pay", args: { amount: 500 }, id: expect.stringMatching(/^call_[0-9a-z]{26}$/) }));
    expect(paid).toEqual([50]);
    const after = (await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread)) as Interrupted;
    expect(toolTexts(after.messages).at(-1)).toBe("<result>[ 'paid 50', 'paid 500' ]</result>");
    expect(paid).toEqual([50, 500]);
    expect(seenIds[1]).toBe(request!.id);
    expect(seenIds[0]).toMatch(/^call_[0-9a-z]{26}$/);
    expect(seenIds[0]).not.toBe(seenIds[1]);
  });

  it("a run's context.interruptOn (the human-in-the-loop middleware's per-invocation form) holds calls from code too", async () => {
    const { done, tools } = officeTools();
    const model = fakeModel().respondWithTools([evalCall("await tools.sendEmail({ to: 'a@b.example' })", "ctx-1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver(), middleware: [humanInTheLoopMiddleware({}), codeMiddleware({ ptc: ["send_email"], interruptOn: {} })] });
    const thread = { configurable: { thread_id: "ctx" }, context: { interruptOn: { send_email: true } } };
    const paused = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, thread)) as Interrupted;
    expect(paused.__interrupt__?.[0]?.value.reviewConfigs).toEqual([{ actionName: "send_email", allowedDecisions: ["approve", "edit", "reject"] }]);
    expect(done).toEqual([]);
  });

  it("interruptOn: {} on the middleware says no call from code needs approval: nothing waits, no warning", async () => {
    const { done, tools } = officeTools();
    const warnings: string[] = [];
    const model = fakeModel().respondWithTools([evalCall("await tools.lookup({ q: 'y' })", "none-1")]).respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools,
      checkpointer: new MemorySaver(),
      middleware: [humanInTheLoopMiddleware({ interruptOn: { send_email: true } }), codeMiddleware({ ptc: ["lookup"], interruptOn: {}, onEvent: (event: InterpreterEvent) => event.type === "warning" && warnings.push(event.message) })],
    });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, { configurable: { thread_id: "none" } })) as Interrupted;
    expect(result.__interrupt__).toBeUndefined();
    expect(done).toEqual(["lookup y"]);
    expect(warnings).toEqual([]);
  });

  it("an agent without a human-in-the-loop middleware: calls from code run as before", async () => {
    const { done, tools } = officeTools();
    const model = fakeModel().respondWithTools([evalCall("await tools.sendEmail({ to: 'c@d.example' })", "plain-1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver(), middleware: [codeMiddleware({ ptc: ["send_email"] })] });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, { configurable: { thread_id: "plain" } })) as Interrupted;
    expect(result.__interrupt__).toBeUndefined();
    expect(done).toEqual(["email c@d.example"]);
  });

  it("a program calling tools.task(…) is pointed at the task() global", async () => {
    const model = fakeModel().respondWithTools([evalCall("try { await tools.task({ description: 'x' }) } catch (e) { e.message }", "task-1")]).respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: [], middleware: [codeMiddleware()] });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "go" }] })) as Interrupted;
    expect(toolTexts(result.messages).at(-1)).toMatch(/tools\.task is not a tool: call subagents with the global task\(\{ description, subagentType \}\)/);
  });
});
