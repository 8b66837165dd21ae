/**
 * quickbox/ai with the real `ai` package and a scripted model (MockLanguageModelV3, no network):
 * tools called from code, a durable approval pause resumed by the app, thread choice, lifecycle,
 * and clear errors for bad input.
 */
import * as ai from "ai";
import { generateText, jsonSchema, stepCountIs, tool, type ModelMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as zod from "zod";
import { z } from "zod";
import * as quickboxAi from "../../src/ai.js";
import { createCodeTool, resumedProgramMessage, type CodeTool, type CodeToolOutput } from "../../src/ai.js";
import * as quickbox from "../../src/index.js";
import { memoryStore, type ToolDefinition } from "../../src/index.js";
import { runReadmeExample } from "../shared/readme-example.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function callsTool(toolName: string, input: unknown, toolCallId = "call-1"): GenerateResult {
  return {
    content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

function says(text: string): GenerateResult {
  return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
}

/** The text of every tool result the model was shown in its n-th call. */
function toolResultsShown(model: MockLanguageModelV3, callIndex: number): string[] {
  const prompt = model.doGenerateCalls[callIndex]!.prompt;
  return prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" && "value" in part.output ? [String(part.output.value)] : []))
      : [],
  );
}

function lastUserText(model: MockLanguageModelV3, callIndex: number): string {
  const users = model.doGenerateCalls[callIndex]!.prompt.filter((message) => message.role === "user");
  const last = users[users.length - 1]!;
  return last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

const created: CodeTool[] = [];
function codeTool(...args: Parameters<typeof createCodeTool>): CodeTool {
  const made = createCodeTool({ isolation: "inline", ...args[0] });
  created.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(created.splice(0).map((made) => made.dispose()));
});

const weather = tool({
  description: "Current temperature for a city.",
  inputSchema: z.object({ city: z.string(), units: z.enum(["C", "F"]).default("C") }),
  execute: async ({ city, units }) => ({ city, units, temperature: city === "Oslo" ? 4 : 21 }),
});

describe("createCodeTool with generateText", () => {
  it("runs a program that calls two AI SDK tools with Promise.all and feeds the result back to the model", async () => {
    const lookups: string[] = [];
    const population = tool({
      description: "Population of a city.",
      inputSchema: jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
      execute: async ({ city }, { toolCallId, abortSignal }) => {
        lookups.push(`${city}:${typeof toolCallId}:${abortSignal instanceof AbortSignal}`);
        return city === "Oslo" ? 709_000 : 2_100_000;
      },
    });
    const weatherSpy = vi.fn(weather.execute!);
    const code = codeTool({ tools: { get_weather: { ...weather, execute: weatherSpy }, population } });
    const program = `
      const cities = ["Oslo", "Paris"];
      const [temps, people] = await Promise.all([
        Promise.all(cities.map((city) => tools.getWeather({ city }))),
        Promise.all(cities.map((city) => tools.population({ city }))),
      ]);
      console.log("checked", cities.length);
      cities.map((city, i) => ({ city, temperature: temps[i].temperature, units: temps[i].units, people: people[i] }))
    `;
    const model = new MockLanguageModelV3({ doGenerate: [callsTool("run_code", { code: program }), says("Oslo is colder and smaller.")] });

    const result = await generateText({ model, tools: { run_code: code }, prompt: "Compare Oslo and Paris.", stopWhen: stepCountIs(3) });

    expect(result.text).toBe("Oslo is colder and smaller.");
    const output = result.steps[0]!.toolResults[0]!.output as CodeToolOutput;
    expect(output.status).toBe("ok");
    expect(output.value).toEqual([
      { city: "Oslo", temperature: 4, units: "C", people: 709_000 },
      { city: "Paris", temperature: 21, units: "C", people: 2_100_000 },
    ]);
    // zod's default ("C") was applied before the AI SDK tool's execute ran.
    expect(weatherSpy.mock.calls.map(([input]) => input)).toEqual([
      { city: "Oslo", units: "C" },
      { city: "Paris", units: "C" },
    ]);
    expect(lookups.sort()).toEqual(["Oslo:string:true", "Paris:string:true"]);
    // The model read the wire text, not a JSON dump of the output.
    const shown = toolResultsShown(model, 1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toBe(output.text);
    expect(shown[0]).toContain("<stdout>\nchecked 2\n</stdout>");
    expect(shown[0]).toContain("<result>[\n  { city: 'Oslo', temperature: 4, units: 'C', people: 709000 },");
  });

  it("describes the tools to the model and gives the full system prompt on request", async () => {
    const code = codeTool({ tools: { get_weather: weather, send_email: tool({ description: "Send an email.", inputSchema: z.object({ to: z.string() }), needsApproval: true, execute: async () => "sent" }) } });
    expect(code.description).toContain("tools.getWeather(input): Current temperature for a city.");
    expect(code.description).toContain("tools.sendEmail(input): Send an email.; may pause the program until the user approves");
    const prompt = await code.systemPrompt();
    expect(prompt).toContain("getWeather(input: {");
    expect(prompt).toContain('units?: "C" | "F";');
    expect(prompt).toContain("sendEmail(input: {");
    const model = new MockLanguageModelV3({ doGenerate: [says("hi")] });
    await generateText({ model, tools: { run_code: code }, system: prompt, prompt: "hi" });
    const sent = model.doGenerateCalls[0]!;
    expect(sent.prompt[0]).toEqual({ role: "system", content: prompt });
    const functionTool = sent.tools?.[0];
    expect(functionTool?.type === "function" && functionTool.inputSchema).toMatchObject({ properties: { code: { type: "string" } }, required: ["code"] });
  });

  it("quickbox ToolDefinitions (e.g. from mcpTools) sit next to the AI SDK tools, with interruptOn by name", async () => {
    const refunds: number[] = [];
    const refund: ToolDefinition<{ cents: number }> = {
      name: "issue_refund",
      description: "Refund an amount.",
      inputSchema: { type: "object", properties: { cents: { type: "integer" } }, required: ["cents"] },
      execute: ({ cents }) => refunds.push(cents),
    };
    const code = codeTool({ tools: { get_weather: weather }, quickboxTools: [refund], interruptOn: { issue_refund: true } });
    expect(code.description).toContain("tools.issueRefund(input): Refund an amount.");
    const paused = (await code.execute!(
      { code: "const w = await tools.getWeather({ city: 'Rome' }); await tools.issueRefund({ cents: w.temperature * 100 })" },
      { toolCallId: "c", messages: [] },
    )) as CodeToolOutput;
    expect(paused.interrupts).toMatchObject([{ name: "issue_refund", args: { cents: 2100 } }]);
    expect(await code.resume(paused.threadId, { [paused.interrupts![0]!.id]: { type: "approve" } })).toMatchObject({ status: "ok", value: 1 });
    expect(refunds).toEqual([2100]);
  });

  it("keeps state per thread between calls, and a threadId function picks the thread from the call", async () => {
    const code = codeTool({ threadId: (call) => String((call.experimental_context as { user: string }).user) });
    const run = async (user: string, program: string) => {
      const model = new MockLanguageModelV3({ doGenerate: [callsTool("run_code", { code: program }), says("ok")] });
      const result = await generateText({ model, tools: { run_code: code }, prompt: "x", stopWhen: stepCountIs(2), experimental_context: { user } });
      return result.steps[0]!.toolResults[0]!.output as CodeToolOutput;
    };
    expect((await run("ana", "var total = 40; total")).value).toBe(40);
    expect((await run("ben", "var total = 1; total")).value).toBe(1);
    const ana = await run("ana", "total += 2; total");
    expect(ana).toMatchObject({ status: "ok", value: 42, threadId: "ana" });
  });

  it("a threadId function that returns no id is refused (it must not fall back to a shared thread)", async () => {
    const code = codeTool({ threadId: (call) => (call.experimental_context as { conversationId?: string } | undefined)?.conversationId as string });
    await expect(code.execute!({ code: "1" }, { toolCallId: "c", messages: [] })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
  });

  it("progress() reaches the app through onEvent, with the code tool's thread id, before the tool call returns", async () => {
    const seen: string[] = [];
    const code = codeTool({ threadId: "conv-1", onEvent: (event) => event.type === "progress" && seen.push(`${event.threadId}: ${String(event.value)}`) });
    const output = (await code.execute!({ code: "progress('half way'); 42" }, { toolCallId: "c", messages: [] })) as CodeToolOutput;
    seen.push(`output ${output.text}`);
    expect(seen).toEqual(["conv-1: half way", "output <result>42</result>"]);
  });

  it("a result JSON cannot carry (a BigInt) is left out of value; the text still shows it", async () => {
    const code = codeTool();
    const output = (await code.execute!({ code: "({ big: 2n ** 70n, n: 1 })" }, { toolCallId: "c", messages: [] })) as CodeToolOutput;
    expect(output.status).toBe("ok");
    expect(output.value).toBeUndefined();
    expect(output.text).toBe("<result>{ big: 1180591620717411303424n, n: 1 }</result>");
    expect(() => JSON.stringify(output)).not.toThrow();
  });
});

describe("approval: a paused program continues after the app's decision", () => {
  function approvalSetup() {
    const host = { stepsLogged: 0, emailsSent: [] as string[] };
    const logStep = tool({
      description: "Log a step.",
      inputSchema: z.object({ step: z.string() }),
      execute: async () => ++host.stepsLogged,
    });
    const sendEmail = tool({
      description: "Send an email.",
      inputSchema: z.object({ to: z.string() }),
      needsApproval: true,
      execute: async ({ to }) => {
        host.emailsSent.push(to);
        return `sent to ${to}`;
      },
    });
    const program = `
      globalThis.runs = (globalThis.runs ?? 0) + 1;
      await tools.logStep({ step: "before approval" });
      const receipt = await tools.sendEmail({ to: "ana@example.com" });
      ({ runs, receipt: receipt.toUpperCase() })
    `;
    return { host, tools: { log_step: logStep, send_email: sendEmail }, program };
  }

  it("returns the pause to the model and the app, then resume continues the same program once", async () => {
    const { host, tools, program } = approvalSetup();
    const code = codeTool({ tools });
    const model = new MockLanguageModelV3({
      doGenerate: [callsTool("run_code", { code: program }), says("I asked you to approve the email."), says("The email was sent.")],
    });
    const messages: ModelMessage[] = [{ role: "user", content: "Email Ana." }];

    const first = await generateText({ model, tools: { run_code: code }, messages, stopWhen: stepCountIs(3) });
    const paused = first.steps[0]!.toolResults[0]!.output as CodeToolOutput;
    expect(paused.status).toBe("paused");
    expect(paused.text).toContain("<paused>");
    expect(paused.interrupts).toHaveLength(1);
    const interrupt = paused.interrupts![0]!;
    expect(interrupt).toMatchObject({ kind: "tool", name: "send_email", args: { to: "ana@example.com" } });
    expect(interrupt.id).toMatch(/^call_[0-9a-z]{26}$/);
    expect(host).toEqual({ stepsLogged: 1, emailsSent: [] });
    // The model was told what waits and not to re-run the program.
    const shown = toolResultsShown(model, 1)[0]!;
    expect(shown).toContain('- send_email {"to":"ana@example.com"}');
    expect(shown).toContain("Do not run it again");
    expect(first.text).toBe("I asked you to approve the email.");
    expect(await code.pending()).toEqual([{ threadId: paused.threadId, interrupts: [interrupt] }]);

    // The user approves; the app continues the same program (its heap, not a re-run).
    const done = await code.resume(paused.threadId, { [interrupt.id]: { type: "approve" } });
    expect(done).toMatchObject({ status: "ok", threadId: paused.threadId, value: { runs: 1, receipt: "SENT TO ANA@EXAMPLE.COM" } });
    expect(host).toEqual({ stepsLogged: 1, emailsSent: ["ana@example.com"] });
    expect(await code.pending()).toEqual([]);

    const second = await generateText({
      model,
      tools: { run_code: code },
      messages: [...messages, ...first.response.messages, resumedProgramMessage(done)],
    });
    expect(second.text).toBe("The email was sent.");
    expect(lastUserText(model, 2)).toContain("<result>{ runs: 1, receipt: 'SENT TO ANA@EXAMPLE.COM' }</result>");
  });

  it("a rejection reaches the program as a catchable ToolRejected, and the tool never runs", async () => {
    const { host, tools } = approvalSetup();
    const code = codeTool({ tools });
    const paused = await code.execute!(
      { code: `try { await tools.sendEmail({ to: "ben@example.com" }) } catch (error) { error.name + ": " + error.message }` },
      { toolCallId: "c1", messages: [] },
    );
    expect(paused).toMatchObject({ status: "paused" });
    const id = (paused as CodeToolOutput).interrupts![0]!.id;
    const done = await code.resume((paused as CodeToolOutput).threadId, { [id]: { type: "reject", message: "not today" } });
    expect(done).toMatchObject({ status: "ok", value: "ToolRejected: not today" });
    expect(host.emailsSent).toEqual([]);
  });

  it("needsApproval as a function: calls it clears run at once, the others pause", async () => {
    const paid: number[] = [];
    const asked: unknown[] = [];
    const pay = tool({
      description: "Pay an amount.",
      inputSchema: z.object({ amount: z.number() }),
      needsApproval: async ({ amount }, { experimental_context }) => {
        asked.push(amount);
        return amount > 100 || (experimental_context as { cautious?: boolean } | undefined)?.cautious === true;
      },
      execute: async ({ amount }) => {
        paid.push(amount);
        return `paid ${amount}`;
      },
    });
    const code = codeTool({ tools: { pay } });
    const program = `[await tools.pay({ amount: 5 }), await tools.pay({ amount: 500 }), await tools.pay({ amount: 7 })]`;
    const paused = (await code.execute!({ code: program }, { toolCallId: "c1", messages: [] })) as CodeToolOutput;
    expect(paused.status).toBe("paused");
    expect(paused.interrupts!.map((interrupt) => interrupt.args)).toEqual([{ amount: 500 }]);
    expect(paid).toEqual([5]);
    const done = await code.resume(paused.threadId, { [paused.interrupts![0]!.id]: { type: "approve" } });
    expect(done).toMatchObject({ status: "ok", value: ["paid 5", "paid 500", "paid 7"] });
    expect(paid).toEqual([5, 500, 7]);
    expect(asked).toEqual([5, 500, 7]);

    // The context of the resume reaches the function: now 7 needs approval too.
    const again = (await code.execute!({ code: "await tools.pay({ amount: 500 }); await tools.pay({ amount: 7 })" }, { toolCallId: "c2", messages: [] })) as CodeToolOutput;
    const next = await code.resume(again.threadId, { [again.interrupts![0]!.id]: { type: "approve" } }, { experimental_context: { cautious: true } });
    expect(next.status).toBe("paused");
    expect(next.interrupts!.map((interrupt) => interrupt.args)).toEqual([{ amount: 7 }]);
  });

  it("needsApproval as a function is decided per call before it runs: calls it clears cost no pause and no store write; a flagged call is one approval whose id is the call's", async () => {
    const writes = { count: 0 };
    const inner = memoryStore();
    const store: quickbox.SnapshotStore = {
      get: (key) => inner.get(key),
      put: (key, value, meta) => (writes.count++, inner.put(key, value, meta)),
      delete: (key) => inner.delete(key),
      list: (prefix) => inner.list(prefix),
    };
    const paid: { amount: number; toolCallId: string }[] = [];
    const asked: { amount: number; toolCallId: string }[] = [];
    const pay = tool({
      description: "Pay an amount.",
      inputSchema: z.object({ amount: z.number() }),
      needsApproval: ({ amount }, { toolCallId }) => (asked.push({ amount, toolCallId }), amount > 100),
      execute: async ({ amount }, { toolCallId }) => (paid.push({ amount, toolCallId }), `paid ${amount}`),
    });
    const lookup = tool({ description: "Look up.", inputSchema: z.object({ n: z.number() }), execute: async ({ n }) => n });
    const code = codeTool({ tools: { pay, lookup }, store, threadId: "payments" });
    // The same program shape with a tool that needs nothing: the store writes an eval costs anyway.
    expect(((await code.execute!({ code: "[await tools.lookup({ n: 1 }), await tools.lookup({ n: 2 })]" }, { toolCallId: "c0", messages: [] })) as CodeToolOutput).status).toBe("ok");
    const baseline = writes.count;
    writes.count = 0;
    const cleared = (await code.execute!({ code: "[await tools.pay({ amount: 5 }), await tools.pay({ amount: 7 })]" }, { toolCallId: "c1", messages: [] })) as CodeToolOutput;
    expect(cleared).toMatchObject({ status: "ok", value: ["paid 5", "paid 7"] });
    expect(writes.count).toBe(baseline);
    writes.count = 0;
    const paused = (await code.execute!({ code: "await tools.pay({ amount: 500 })" }, { toolCallId: "c2", messages: [] })) as CodeToolOutput;
    expect(paused.status).toBe("paused");
    expect(paused.interrupts).toHaveLength(1);
    const approvalId = paused.interrupts![0]!.id;
    expect(asked.at(-1)).toEqual({ amount: 500, toolCallId: approvalId });
    await code.resume("payments", { [approvalId]: { type: "approve" } });
    expect(paid.at(-1)).toEqual({ amount: 500, toolCallId: approvalId });
    // needsApproval is asked once per call: never again for the approved one.
    expect(asked.map((entry) => entry.amount)).toEqual([5, 7, 500]);
  });

  it("a paused program survives its code tool: another one with the same store and thread resumes it", async () => {
    const { host, tools, program } = approvalSetup();
    const store = memoryStore();
    const first = codeTool({ tools, store, threadId: "conversation-7" });
    const paused = (await first.execute!({ code: program }, { toolCallId: "c1", messages: [] })) as CodeToolOutput;
    expect(paused.status).toBe("paused");
    await first.dispose();

    const later = codeTool({ tools, store, threadId: "conversation-7" });
    const [waiting] = await later.pending();
    expect(waiting).toMatchObject({ threadId: "conversation-7", interrupts: [{ id: paused.interrupts![0]!.id, name: "send_email" }] });
    const done = await later.resume("conversation-7", { [waiting!.interrupts[0]!.id]: { type: "approve" } });
    expect(done).toMatchObject({ status: "ok", value: { runs: 1, receipt: "SENT TO ANA@EXAMPLE.COM" } });
    expect(host).toEqual({ stepsLogged: 1, emailsSent: ["ana@example.com"] });
  });

  it("interruptOn given to createCodeTool narrows the decisions of a tool that needs approval", async () => {
    const { tools } = approvalSetup();
    const code = codeTool({ tools, interruptOn: { send_email: { allowedDecisions: ["approve", "reject"] } } });
    const paused = (await code.execute!({ code: `await tools.sendEmail({ to: "x@example.com" })` }, { toolCallId: "c1", messages: [] })) as CodeToolOutput;
    expect(paused.interrupts![0]!.allowedDecisions).toEqual(["approve", "reject"]);
    await expect(code.resume(paused.threadId, { [paused.interrupts![0]!.id]: { type: "respond", value: "fake" } })).rejects.toMatchObject({
      code: "DECISION_NOT_ALLOWED",
    });
  });

  it("a model calling the code tool while its program is paused gets a clear tool error", async () => {
    const { tools, program } = approvalSetup();
    const code = codeTool({ tools, threadId: "support-42" });
    const model = new MockLanguageModelV3({
      doGenerate: [callsTool("run_code", { code: program }), callsTool("run_code", { code: "1 + 1" }, "call-2"), says("waiting")],
    });
    const result = await generateText({ model, tools: { run_code: code }, prompt: "x", stopWhen: stepCountIs(3) });
    expect((result.steps[0]!.toolResults[0]!.output as CodeToolOutput).status).toBe("paused");
    const error = result.steps[1]!.content.find((part) => part.type === "tool-error");
    expect(error?.type === "tool-error" && String(error.error)).toContain('The previous program (thread "support-42") is still paused');
  });
});

describe("bad input and lifecycle", () => {
  it("the AI SDK rejects a non-string code before execute, with a message the model can read", async () => {
    const code = codeTool();
    const model = new MockLanguageModelV3({ doGenerate: [callsTool("run_code", { code: 42 }), says("sorry")] });
    const result = await generateText({ model, tools: { run_code: code }, prompt: "x", stopWhen: stepCountIs(2) });
    const error = result.steps[0]!.content.find((part) => part.type === "tool-error");
    expect(error?.type === "tool-error" && String(error.error)).toContain("code tool: code must be a string, got number");
    expect(toolResultsShown(model, 1).join("")).toContain("code must be a string, got number");
  });

  it("execute called directly with bad input throws INVALID_OPTIONS", async () => {
    const code = codeTool();
    await expect(code.execute!({ code: 42 } as never, { toolCallId: "c", messages: [] })).rejects.toMatchObject({
      name: "QuickboxError",
      code: "INVALID_OPTIONS",
      message: "code tool: code must be a string, got number",
    });
    await expect(code.execute!(null as never, { toolCallId: "c", messages: [] })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
  });

  it("tools given as an array, or without execute, fail at once with a clear QuickboxError", () => {
    expect(() => createCodeTool({ tools: [weather] as never })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTIONS", message: expect.stringContaining("tools must be an object of AI SDK tools") }),
    );
    const clientSide = tool({ description: "Ask the user.", inputSchema: z.object({ q: z.string() }) });
    expect(() => createCodeTool({ tools: { ask_user: clientSide } })).toThrow(
      expect.objectContaining({ code: "INVALID_TOOL", message: "createCodeTool: tools.ask_user has no execute function, so a program cannot call it" }),
    );
  });

  it("a program calling a tool that does not exist gets an error result, not a crash", async () => {
    const code = codeTool({ tools: { get_weather: weather } });
    const output = (await code.execute!({ code: "await tools.getWether({ city: 'Oslo' })" }, { toolCallId: "c", messages: [] })) as CodeToolOutput;
    expect(output.status).toBe("error");
    expect(output.error?.type).toBe("TypeError");
    expect(output.text).toContain("tools.getWether is not a tool (did you mean tools.getWeather?)");
    expect(output.text).toContain("cell-1.js:1:");
  });

  it("schema failures reach the program as ToolInputError naming the field", async () => {
    const code = codeTool({ tools: { get_weather: weather } });
    const output = (await code.execute!(
      { code: "try { await tools.getWeather({ city: 7 }) } catch (e) { e.name + ' | ' + e.message }" },
      { toolCallId: "c", messages: [] },
    )) as CodeToolOutput;
    expect(output.status).toBe("ok");
    expect(output.value).toBe("ToolInputError | tools.getWeather: invalid input: city: Invalid input: expected string, received number");

    // A jsonSchema() without validate is checked as JSON Schema.
    const population = tool({
      inputSchema: jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
      execute: async () => 1,
    });
    const plain = codeTool({ tools: { population } });
    const missing = (await plain.execute!({ code: "tools.population({}).catch((e) => e.name + ' | ' + e.message)" }, { toolCallId: "c", messages: [] })) as CodeToolOutput;
    expect(missing.value).toMatch(/^ToolInputError \| tools\.population: invalid input: .*city/);
  });

  it("creates the interpreter only on first use, and refuses work after dispose", async () => {
    const code = createCodeTool({ isolation: "inline", timeoutMs: -1 }); // invalid, but nothing is created yet
    await expect(code.execute!({ code: "1" }, { toolCallId: "c", messages: [] })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    await code.dispose();

    const live = createCodeTool({ isolation: "inline" });
    expect((await live.execute!({ code: "6 * 7" }, { toolCallId: "c", messages: [] })) as CodeToolOutput).toMatchObject({ value: 42 });
    const interpreter = await live.interpreter();
    await live.dispose();
    await expect(interpreter.eval("1")).rejects.toMatchObject({ code: "DISPOSED" });
    await expect(live.execute!({ code: "1" }, { toolCallId: "c", messages: [] })).rejects.toMatchObject({ code: "DISPOSED" });
  });
});

describe("worker isolation (the default; needs npm run build)", () => {
  it("runs the Promise.all program in a worker with the AI SDK tools on this thread", async () => {
    const code = createCodeTool({ tools: { get_weather: weather } });
    created.push(code);
    const model = new MockLanguageModelV3({
      doGenerate: [callsTool("run_code", { code: `(await Promise.all(["Oslo", "Rome"].map((city) => tools.getWeather({ city })))).map((w) => w.temperature)` }), says("done")],
    });
    const result = await generateText({ model, tools: { run_code: code }, prompt: "x", stopWhen: stepCountIs(2) });
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ status: "ok", value: [4, 21] });
    expect(result.text).toBe("done");
  });
});

describe("README", () => {
  it("the quickbox/ai example runs: the program pauses at sendEmail, the user approves, the same program finishes", async () => {
    const program = `
      const [oslo, rome] = await Promise.all(["Oslo", "Rome"].map((city) => tools.getWeather({ city })));
      globalThis.runs = (globalThis.runs ?? 0) + 1;
      await tools.sendEmail({ to: "ana@example.com", body: (rome.temperature > oslo.temperature ? "Rome" : "Oslo") + " is warmer." });
      runs
    `;
    const model = new MockLanguageModelV3({
      doGenerate: [callsTool("run_code", { code: program }), says("Please approve the email."), says("Sent: Rome is warmer.")],
    });
    const weatherLookups: string[] = [];
    const weather = { current: async (city: string) => (weatherLookups.push(city), { city, temperature: city === "Rome" ? 24 : 6 }) };
    const mailer = { send: vi.fn(async (_email: { to: string; body: string }) => "queued") };
    const askUser = vi.fn(async (_name: string, _args: unknown) => true);

    const logs = await runReadmeExample(
      "## Vercel AI SDK: `quickbox/ai`",
      { ai, zod, quickbox, "quickbox/ai": quickboxAi, "@ai-sdk/openai": { openai: () => model } },
      { weather, mailer, askUser },
    );

    expect(logs).toEqual(["Sent: Rome is warmer."]);
    expect(weatherLookups.sort()).toEqual(["Oslo", "Rome"]);
    expect(askUser.mock.calls).toEqual([["send_email", { to: "ana@example.com", body: "Rome is warmer." }]]);
    expect(mailer.send.mock.calls).toEqual([[{ to: "ana@example.com", body: "Rome is warmer." }]]);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(model.doGenerateCalls[0]!.prompt[0]).toMatchObject({ role: "system", content: expect.stringContaining("getWeather(input: {") });
    expect(lastUserText(model, 2)).toContain("<result>1</result>"); // the program ran once
  });
});
