// The OpenAI Agents SDK (@openai/agents, a scripted model: no network) with quickbox/openai-agents
// from the packed tarball: the model's program calls the agent's tools; a call that needs approval
// is the run's interruption; the state is serialized, read back by a new agent and code tool (a
// new interpreter on the same files), approved, and the same program finishes.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, run, RunState, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";
import { fsStore } from "quickbox/node";
import { createCodeTool } from "quickbox/openai-agents";

setTracingDisabled(true);
const dir = mkdtempSync(join(tmpdir(), "quickbox-consumer-agents-"));
const sent = [];
const doubleIt = tool({ name: "double_it", description: "Doubles n.", parameters: z.object({ n: z.number() }), execute: async ({ n }) => n * 2 });
const sendEmail = tool({
  name: "send_email",
  description: "Send an email.",
  parameters: z.object({ to: z.string() }),
  needsApproval: true,
  execute: async ({ to }) => (sent.push(to), `sent to ${to}`),
});
const program = "const xs = await Promise.all([1, 2, 3].map((n) => tools.doubleIt({ n }))); const reply = await tools.sendEmail({ to: 'ada@example.com' }); [xs, reply]";
const first = new ScriptedModel([[functionCall("run_code", { code: "const xs = await Promise.all([1, 2, 3].map((n) => tools.doubleIt({ n }))); xs" }, { callId: "fc_0" })], [functionCall("run_code", { code: program }, { callId: "fc_1" })]]);

function agentWith(model) {
  const code = createCodeTool({ tools: [doubleIt, sendEmail], store: fsStore(dir), threadId: "consumer" });
  return { code, agent: new Agent({ name: "assistant", model, tools: [code, doubleIt, sendEmail] }) };
}

let saved;
{
  const { code, agent } = agentWith(first);
  try {
    const result = await run(agent, "Double and email.");
    const shown = first.calls[1].request.input.find((item) => item.type === "function_call_result");
    console.log(`program: ${shown.output.text ?? shown.output}`);
    const [item] = result.interruptions;
    console.log(`interrupted: ${item.name} ${/^call_[0-9a-z]{26}$/.test(item.rawItem.callId) ? "call_<26>" : item.rawItem.callId}`);
    saved = result.state.toString();
  } finally {
    await code.dispose();
  }
}
{
  const model = new ScriptedModel([[assistantMessage("done")]]);
  const { code, agent } = agentWith(model);
  try {
    const state = await RunState.fromString(agent, saved);
    state.approve(state.getInterruptions()[0]);
    const result = await run(agent, state);
    const shown = model.calls[0].request.input.filter((item) => item.type === "function_call_result").at(-1);
    console.log(`resumed: ${shown.output.text ?? shown.output}`);
    console.log(`final: ${result.finalOutput} sent=${sent.join(",")}`);
  } finally {
    await code.dispose();
  }
}
