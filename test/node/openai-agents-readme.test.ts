/**
 * README's OpenAI Agents SDK example, run as written with a scripted model in place of OpenAI's
 * (the Agent it builds gets a ScriptedModel) and a memory store in place of the files: the program
 * pauses at sendEmail, the state goes through toString/fromString, the user approves, the same
 * program finishes.
 */
import * as agents from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { expect, it, vi } from "vitest";
import * as zod from "zod";
import * as quickbox from "../../src/index.js";
import * as quickboxOpenAIAgents from "../../src/openai-agents.js";
import { runReadmeExample } from "../shared/readme-example.js";

agents.setTracingDisabled(true);

it("README's quickbox/openai-agents example runs: the program pauses at sendEmail, the state is serialized, the user approves, the same program finishes", async () => {
  const program = `
    const [oslo, rome] = await Promise.all(["Oslo", "Rome"].map((city) => tools.getWeather({ city })));
    globalThis.runs = (globalThis.runs ?? 0) + 1;
    await tools.sendEmail({ to: "ana@example.com", body: (rome.temperature > oslo.temperature ? "Rome" : "Oslo") + " is warmer." });
    runs
  `;
  const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_1" })], [assistantMessage("Sent: Rome is warmer.")]]);
  // The example's Agent, with the scripted model in place of the default (OpenAI) one.
  class Agent extends agents.Agent {
    constructor(config: agents.AgentOptions) {
      super({ ...config, model });
    }
  }
  const weatherLookups: string[] = [];
  const weather = { current: async (city: string) => (weatherLookups.push(city), { city, temperature: city === "Rome" ? 24 : 6 }) };
  const mailer = { send: vi.fn(async (_email: { to: string; body: string }) => "queued") };
  const askUser = vi.fn(async (_name: string | undefined, _args: string | undefined) => true);

  const logs = await runReadmeExample(
    "## OpenAI Agents SDK: `quickbox/openai-agents`",
    {
      "@openai/agents": { ...agents, Agent },
      zod,
      quickbox,
      "quickbox/node": { fsStore: () => quickbox.memoryStore() },
      "quickbox/openai-agents": quickboxOpenAIAgents,
    },
    { weather, mailer, askUser },
  );

  expect(logs).toEqual(["Sent: Rome is warmer."]);
  expect(weatherLookups.sort()).toEqual(["Oslo", "Rome"]);
  expect(askUser).toHaveBeenCalledTimes(1);
  expect(askUser.mock.calls[0]![0]).toBe("send_email");
  expect(JSON.parse(askUser.mock.calls[0]![1]!)).toEqual({ to: "ana@example.com", body: "Rome is warmer." });
  expect(mailer.send).toHaveBeenCalledTimes(1);
  expect(mailer.send).toHaveBeenCalledWith({ to: "ana@example.com", body: "Rome is warmer." });
  // The model was shown the finished program: it ran once, not again after the approval.
  const shown = JSON.stringify(model.calls[1]!.request.input);
  expect(shown).toContain("<result>1</result>");
  // The agent's instructions carry the interpreter's prompt.
  expect(model.calls[0]!.request.systemInstructions).toContain("sendEmail(input: {");
});
