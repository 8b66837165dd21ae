/**
 * quickbox/openai-agents in Chromium, with the real @openai/agents and a scripted model: a program
 * calls the agent's tools; a call that needs approval is the run's interruption; the state goes
 * through toString/fromString, is approved, and the same program finishes — inline and in a worker.
 */
import { Agent, run, RunState, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeTool } from "../../src/openai-agents.js";

setTracingDisabled(true);

for (const isolation of ["inline", "worker"] as const) {
  describe(`quickbox/openai-agents (Chromium, ${isolation})`, () => {
    it("a held call from a program is the run's interruption; approved from a serialized state, the program finishes", async () => {
      const sent: string[] = [];
      const double = tool({ name: "double_it", description: "Doubles n.", parameters: z.object({ n: z.number() }), execute: async ({ n }) => n * 2 });
      const email = tool({
        name: "send_email",
        description: "Send an email.",
        parameters: z.object({ to: z.string() }),
        needsApproval: true,
        execute: async ({ to }) => (sent.push(to), `sent to ${to}`),
      });
      const code = createCodeTool({ tools: [double, email], isolation });
      try {
        const program = "const xs = await Promise.all([1, 2, 3].map((n) => tools.doubleIt({ n }))); const reply = await tools.sendEmail({ to: 'ada@example.com' }); [xs, reply]";
        const model = new ScriptedModel([[functionCall("run_code", { code: program }, { callId: "fc_code" })], [assistantMessage("done")]]);
        const agent = new Agent({ name: "assistant", model, tools: [code, double, email] });
        const paused = await run(agent, "Double and email.");
        expect(paused.interruptions.map((item) => item.name)).toEqual(["send_email"]);
        expect((paused.interruptions[0]!.rawItem as { callId: string }).callId).toMatch(/^call_[0-9a-z]{26}$/);
        expect(sent).toEqual([]);
        const state = await RunState.fromString(agent, paused.state.toString());
        state.approve(state.getInterruptions()[0]!);
        const finished = await run(agent, state);
        expect(finished.finalOutput).toBe("done");
        expect(sent).toEqual(["ada@example.com"]);
        expect(JSON.stringify(model.calls[1]!.request.input)).toContain("<result>[ [ 2, 4, 6 ], 'sent to ada@example.com' ]</result>");
      } finally {
        await code.dispose();
      }
    });
  });
}
