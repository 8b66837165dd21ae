/**
 * quickbox/openai-agents with the real @openai/agents and a scripted model (ScriptedModel from
 * @openai/agents/testing, no network): the agent's tools called from code, held calls as the run's
 * interruptions (ids = quickbox call ids), approve / reject / partial decisions through the SDK's
 * RunState, needsApproval as a function, direct-only tools, and failures that end the run.
 */
import { Agent, defineToolInputGuardrail, run, RunState, setTracingDisabled, tool, ToolGuardrailFunctionOutputFactory, type RunContext } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeTool, type CodeTool } from "../../src/openai-agents.js";
import { isQuickboxError } from "../../src/index.js";

setTracingDisabled(true);
const CALL_ID = /^call_[0-9a-z]{26}$/;

const created: CodeTool[] = [];
function codeTool(options: Parameters<typeof createCodeTool>[0]): CodeTool {
  const made = createCodeTool({ isolation: "inline", ...options });
  created.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(created.splice(0).map((made) => made.dispose()));
});

/** The outputs of function calls the model was shown in its n-th request. */
function toolOutputsShown(model: ScriptedModel, callIndex: number): string[] {
  const input = model.calls[callIndex]!.request.input;
  if (typeof input === "string") return [];
  return input.flatMap((item) => {
    if (item.type !== "function_call_result") return [];
    const output = item.output as unknown;
    return [typeof output === "string" ? output : (output as { text: string }).text];
  });
}

const weather = tool({
  name: "get_weather",
  description: "Current temperature for a city.",
  parameters: z.object({ city: z.string(), units: z.enum(["C", "F"]).nullable().optional() }),
  execute: async ({ city, units }) => ({ city, units: units ?? "C", temperature: city === "Oslo" ? 4 : 21 }),
});

const emailParameters = z.object({ to: z.string(), amount: z.number().nullable().optional() });
type EmailApproval = boolean | ((runContext: RunContext<unknown>, input: z.infer<typeof emailParameters>, callId?: string) => Promise<boolean>);

function emailTool(sent: string[], needsApproval: EmailApproval = true) {
  return tool({
    name: "send_email",
    description: "Send an email.",
    parameters: emailParameters,
    needsApproval,
    execute: async ({ to }) => {
      sent.push(to);
      return `sent to ${to}`;
    },
  });
}

describe("createCodeTool: tools called from code", () => {
  it("runs a program that calls the agent's tools with Promise.all; the model reads the wire text", async () => {
    const seen: { callId: string | undefined; context: unknown }[] = [];
    const population = tool({
      name: "population",
      description: "Population of a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
      strict: true,
      execute: async (input, runContext?: RunContext<unknown>, details?) => {
        seen.push({ callId: details?.toolCall?.callId, context: runContext?.context });
        return (input as { city: string }).city === "Oslo" ? 709_000 : 2_100_000;
      },
    });
    const code = codeTool({ tools: [weather, population] });
    const program = `
      const cities = ["Oslo", "Paris"];
      const [temps, people] = await Promise.all([
        Promise.all(cities.map((city) => tools.getWeather({ city }))),
        Promise.all(cities.map((city) => tools.population({ city }))),
      ]);
      console.log("checked", cities.length);
      cities.map((city, i) => ({ city, temperature: temps[i].temperature, people: people[i] }))
    `;
    const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_1" })], [assistantMessage("Oslo is colder.")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, weather, population] });

    const result = await run(agent, "Compare Oslo and Paris.", { context: { user: "ada" } });

    expect(result.finalOutput).toBe("Oslo is colder.");
    expect(result.interruptions).toEqual([]);
    const [shown] = toolOutputsShown(model, 1);
    expect(shown).toContain("<stdout>\nchecked 2\n</stdout>");
    expect(shown).toContain("{ city: 'Oslo', temperature: 4, people: 709000 }");
    // The tools got the run's context, and a tool call whose id is the call's quickbox id.
    expect(seen).toHaveLength(2);
    for (const call of seen) {
      expect(call.callId).toMatch(CALL_ID);
      expect(call.context).toEqual({ user: "ada" });
    }
  });

  it("describes the tools and gives the interpreter's prompt; direct-only tools are not reachable from code", async () => {
    const secret = tool({ name: "read_secret", description: "Reads the vault.", parameters: z.object({}), allowedCallers: ["direct"], execute: async () => "s3cret" });
    const code = codeTool({ tools: [weather, secret] });
    expect(code.name).toBe("run_code");
    expect(code.description).toContain("tools.getWeather(input): Current temperature for a city.");
    expect(code.description).not.toContain("readSecret");
    expect(await code.systemPrompt()).not.toContain("readSecret");
    const program = "await tools.readSecret({})";
    const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_1" })], [assistantMessage("ok")]]);
    await run(new Agent({ name: "assistant", model, tools: [code, weather, secret] }), "go");
    expect(toolOutputsShown(model, 1)[0]).toMatch(/^<error type="TypeError">tools.readSecret is not a tool; available: getWeather;/);
  });

  it("an optional (nullable) property may be left out by a program; a wrong one is a ToolInputError", async () => {
    const code = codeTool({ tools: [weather] });
    const program = `
      const a = await tools.getWeather({ city: "Oslo" });
      let b; try { await tools.getWeather({ town: "Oslo" }); } catch (e) { b = e.name; }
      [a.units, b]
    `;
    const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_1" })], [assistantMessage("ok")]]);
    await run(new Agent({ name: "assistant", model, tools: [code] }), "go");
    expect(toolOutputsShown(model, 1)).toEqual(["<result>[ 'C', 'ToolInputError' ]</result>"]);
  });
});

describe("createCodeTool: the SDK's checks apply to calls from code", () => {
  it("an input guardrail's rejection is the program's error; its tripwire ends the run; errorFunction: null throws ToolError", async () => {
    const ran: string[] = [];
    const noSecrets = defineToolInputGuardrail({
      name: "no_secrets",
      run: async ({ toolCall }) => {
        const { text } = JSON.parse(toolCall.arguments) as { text: string };
        if (text.includes("password")) return ToolGuardrailFunctionOutputFactory.rejectContent("no passwords in notes");
        if (text.includes("shutdown")) return ToolGuardrailFunctionOutputFactory.throwException();
        return ToolGuardrailFunctionOutputFactory.allow();
      },
    });
    const note = tool({
      name: "save_note",
      description: "Save a note.",
      parameters: z.object({ text: z.string() }),
      inputGuardrails: [noSecrets],
      errorFunction: null,
      execute: async ({ text }) => {
        if (text === "fail") throw new Error("disk full");
        ran.push(text);
        return "saved";
      },
    });
    const code = codeTool({ tools: [note] });
    const attempt = (text: string) => `await tools.saveNote({ text: ${JSON.stringify(text)} }).catch((e) => e.name + ": " + e.message)`;
    const model = new ScriptedModel([
      [functionCall("run_code", { code: `[${attempt("hello")}, ${attempt("my password")}, ${attempt("fail")}]` }, { callId: "fc_1" })],
      [functionCall("run_code", { code: attempt("shutdown now") }, { callId: "fc_2" })],
    ]);
    const error = await run(new Agent({ name: "assistant", model, tools: [code, note] }), "notes").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(toolOutputsShown(model, 1)).toEqual(["<result>[ 'saved', 'ToolError: no passwords in notes', 'ToolError: disk full' ]</result>"]);
    expect((error as Error).name).toBe("ToolCallError");
    expect((error as { error?: Error }).error?.name).toBe("ToolInputGuardrailTripwireTriggered");
    expect(ran).toEqual(["hello"]);
  });
});

describe("createCodeTool: approvals through the SDK's human-in-the-loop flow", () => {
  const program = `
    const before = "drafted";
    const reply = await tools.sendEmail({ to: "ada@example.com" });
    [before, reply]
  `;

  async function pausedRun(sent: string[]) {
    const email = emailTool(sent);
    const code = codeTool({ tools: [email] });
    const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    return { code, model, agent, result: await run(agent, "Email Ada.") };
  }

  it("a held call is the run's interruption, named and identified as quickbox holds it; approve runs it once and the program goes on", async () => {
    const sent: string[] = [];
    const { code, model, agent, result } = await pausedRun(sent);
    expect(sent).toEqual([]);
    expect(result.interruptions).toHaveLength(1);
    const [item] = result.interruptions;
    expect(item!.name).toBe("send_email");
    expect(JSON.parse(item!.arguments!)).toEqual({ to: "ada@example.com" });
    const callId = (item!.rawItem as { callId: string }).callId;
    expect(callId).toMatch(CALL_ID);
    const [thread] = (await (await code.interpreter()).threads()).filter((t) => t.state === "paused");
    expect(thread!.interrupts!.map((interrupt) => interrupt.id)).toEqual([callId]);

    result.state.approve(item!);
    const resumed = await run(agent, result.state);

    expect(resumed.finalOutput).toBe("done");
    expect(sent).toEqual(["ada@example.com"]);
    expect(toolOutputsShown(model, 1)).toEqual(["<result>[ 'drafted', 'sent to ada@example.com' ]</result>"]);
  });

  it("reject: the program's await throws ToolRejected with the SDK's message, and the tool never runs", async () => {
    const sent: string[] = [];
    const { model, agent, result } = await pausedRun(sent);
    result.state.reject(result.interruptions[0]!, { message: "Ada is on holiday." });
    const resumed = await run(agent, result.state);
    expect(resumed.finalOutput).toBe("done");
    expect(sent).toEqual([]);
    const [shown] = toolOutputsShown(model, 1);
    expect(shown).toMatch(/^<error type="ToolRejected">Ada is on holiday\./);
  });

  it("survives state.toString() / RunState.fromString in the same process", async () => {
    const sent: string[] = [];
    const { agent, result } = await pausedRun(sent);
    const state = await RunState.fromString(agent, result.state.toString());
    state.approve(state.getInterruptions()[0]!);
    expect((await run(agent, state)).finalOutput).toBe("done");
    expect(sent).toEqual(["ada@example.com"]);
  });

  it("needsApproval as a function is asked per call from code, with the quickbox call id: cleared calls run at once", async () => {
    const sent: string[] = [];
    const asked: { input: unknown; callId: string | undefined }[] = [];
    const email = emailTool(sent, async (_context, input, callId) => {
      asked.push({ input, callId });
      return (input.amount ?? 0) > 100;
    });
    const code = codeTool({ tools: [email] });
    const twoCalls = `
      const small = await tools.sendEmail({ to: "small@example.com", amount: 5 });
      const large = await tools.sendEmail({ to: "large@example.com", amount: 500 });
      [small, large]
    `;
    const model = new ScriptedModel([[functionCall("run_code", { code: twoCalls }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    const result = await run(agent, "Pay.");
    expect(sent).toEqual(["small@example.com"]);
    expect(result.interruptions.map((item) => JSON.parse(item.arguments!))).toEqual([{ to: "large@example.com", amount: 500 }]);
    expect(asked.map((call) => call.callId)).toEqual(asked.map(() => expect.stringMatching(CALL_ID)));
    expect((result.interruptions[0]!.rawItem as { callId: string }).callId).toBe(asked[1]!.callId);

    result.state.approve(result.interruptions[0]!);
    await run(agent, result.state);
    expect(sent).toEqual(["small@example.com", "large@example.com"]);
    expect(toolOutputsShown(model, 1)).toEqual(["<result>[ 'sent to small@example.com', 'sent to large@example.com' ]</result>"]);
  });

  it("two held calls: deciding one keeps the run interrupted on the other; then the program goes on with both answers", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email] });
    const both = `await Promise.allSettled([tools.sendEmail({ to: "a@example.com" }), tools.sendEmail({ to: "b@example.com" })]).then((r) => r.map((x) => x.status + ":" + (x.value ?? x.reason.name)))`;
    const model = new ScriptedModel([[functionCall("run_code", { code: both }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    const first = await run(agent, "Email both.");
    expect(first.interruptions).toHaveLength(2);
    const [toA, toB] = first.interruptions;
    first.state.approve(JSON.parse(toA!.arguments!).to === "a@example.com" ? toA! : toB!);

    const second = await run(agent, first.state);
    expect(second.interruptions).toHaveLength(1);
    expect(JSON.parse(second.interruptions[0]!.arguments!)).toEqual({ to: "b@example.com" });
    expect(sent).toEqual([]);

    second.state.reject(second.interruptions[0]!);
    const third = await run(agent, second.state);
    expect(third.finalOutput).toBe("done");
    expect(sent).toEqual(["a@example.com"]);
    expect(toolOutputsShown(model, 1)).toEqual(["<result>[ 'fulfilled:sent to a@example.com', 'rejected:ToolRejected' ]</result>"]);
  });

  it("approve(item, { alwaysApprove: true }) holds no later call of that tool in the run, from code as for direct calls", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email] });
    const twice = `const first = await tools.sendEmail({ to: "a@example.com" }); const second = await tools.sendEmail({ to: "b@example.com" }); [first, second]`;
    const model = new ScriptedModel([[functionCall("run_code", { code: twice }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    const result = await run(agent, "Email both.");
    expect(result.interruptions).toHaveLength(1);
    result.state.approve(result.interruptions[0]!, { alwaysApprove: true });
    const resumed = await run(agent, result.state);
    expect(resumed.interruptions).toEqual([]);
    expect(resumed.finalOutput).toBe("done");
    expect(sent).toEqual(["a@example.com", "b@example.com"]);
  });

  it("a program may pause more often than the SDK's default maxTurns (10): each pause is approved and the program goes on", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email] });
    const loop = `let n = 0; for (let i = 0; i < 14; i++) { await tools.sendEmail({ to: "r" + i + "@example.com" }); n++; } n`;
    const model = new ScriptedModel([[functionCall("run_code", { code: loop }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    let result = await run(agent, "Email them.");
    let pauses = 0;
    while (result.interruptions.length) {
      pauses++;
      result.state.approve(result.interruptions[0]!);
      result = await run(agent, result.state);
    }
    expect(pauses).toBe(14);
    expect(result.finalOutput).toBe("done");
    expect(sent).toHaveLength(14);
    expect(toolOutputsShown(model, 1)).toEqual(["<result>14</result>"]);
  });

  it("works with the engine in a worker (the default isolation)", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email], isolation: "worker" });
    const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    const result = await run(agent, "Email Ada.");
    result.state.approve(result.interruptions[0]!);
    expect((await run(agent, result.state)).finalOutput).toBe("done");
    expect(sent).toEqual(["ada@example.com"]);
  });
});

describe("createCodeTool: what ends the run, and bad options", () => {
  it("resuming a state whose decision was already carried out rejects run() (the SDK's ToolCallError, with quickbox's error); the tool ran once", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email] });
    const model = new ScriptedModel([[functionCall("run_code", { code: `await tools.sendEmail({ to: "x@example.com" })` }, { callId: "fc_code" })], [assistantMessage("done")]]);
    const agent = new Agent({ name: "assistant", model, tools: [code, email] });
    const result = await run(agent, "go");
    const saved = result.state.toString();
    result.state.approve(result.interruptions[0]!);
    await run(agent, result.state);

    const again = await RunState.fromString(agent, saved);
    again.approve(again.getInterruptions()[0]!);
    const error = await run(agent, again).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe("ToolCallError");
    const cause = (error as { error?: unknown }).error;
    expect(isQuickboxError(cause)).toBe(true);
    expect((cause as { code: string }).code).toBe("NOT_PAUSED");
    expect(sent).toEqual(["x@example.com"]);
  });

  it("a second program on a thread that waits for a decision gets a message the model can act on", async () => {
    const sent: string[] = [];
    const email = emailTool(sent);
    const code = codeTool({ tools: [email], threadId: "one-thread" });
    const model = new ScriptedModel([
      [functionCall("run_code", { code: `await tools.sendEmail({ to: "x@example.com" })` }, { callId: "fc_a" }), functionCall("run_code", { code: "1 + 1" }, { callId: "fc_b" })],
    ]);
    const result = await run(new Agent({ name: "assistant", model, tools: [code, email] }), "go");
    expect(result.interruptions).toHaveLength(1);
    const items = result.state.toJSON().generatedItems as { type: string; output?: { text?: string } }[];
    expect(JSON.stringify(items)).toContain("is still paused waiting for the user's decision");
  });

  it("refuses bad options with INVALID_OPTIONS", () => {
    const bad = (options: object) => {
      try {
        createCodeTool(options as Parameters<typeof createCodeTool>[0]);
        return undefined;
      } catch (error) {
        return isQuickboxError(error) ? error.code : error;
      }
    };
    expect(bad({ tools: "no" })).toBe("INVALID_OPTIONS");
    expect(bad({ name: "run code!" })).toBe("INVALID_OPTIONS");
    expect(bad({ threadId: "" })).toBe("INVALID_OPTIONS");
    expect(bad({ subagents: { dispatch: () => "x" } })).toBe("INVALID_OPTIONS");
  });
});
