/** Caller provenance (ctx.caller) and allowedCallers: shared by Node and Chromium, inline and worker. */
import { describe, expect, it } from "vitest";
import type { ToolCaller, ToolContext, ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** A tool that records the context of every call it gets. */
export function recordingTool(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition & { seen: ToolContext[] } {
  const seen: ToolContext[] = [];
  return { name, description: `The ${name} tool.`, execute: (_input: unknown, context: ToolContext) => (seen.push(context), name), seen, ...extra };
}

export function defineToolCallersSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  describe("ctx.caller", () => {
    it("a tool called from a program sees caller program with its thread and eval; each eval has its own id", async () => {
      const lookup = recordingTool("lookup");
      const qb = await make({ tools: [lookup] });
      const first = await qb.eval("await Promise.all([tools.lookup({}), tools.lookup({})])", { threadId: "t-callers" });
      expect(first.status).toBe("ok");
      await qb.eval("await tools.lookup({})", { threadId: "t-callers" });
      expect(lookup.seen).toHaveLength(3);
      const callers = lookup.seen.map((context) => context.caller);
      for (const caller of callers) {
        expect(caller).toEqual({ type: "program", threadId: "t-callers", evalId: expect.stringMatching(/^eval_[0-9a-f]{32}$/) });
      }
      const ids = callers.map((caller) => (caller as Extract<ToolCaller, { type: "program" }>).evalId);
      expect(ids[0]).toBe(ids[1]);
      expect(ids[2]).not.toBe(ids[0]);
      expect(lookup.seen.every((context) => context.threadId === "t-callers" && context.signal instanceof AbortSignal)).toBe(true);
    });

    it("the eval's id is EvalResult.evalId and is on its tool-call events", async () => {
      const lookup = recordingTool("lookup");
      const events: { type: string; phase?: string; evalId?: string }[] = [];
      const qb = await make({ tools: [lookup], onEvent: (event) => events.push(event as never) });
      const result = await qb.eval("await tools.lookup({})", { threadId: "t-ids" });
      const seen = (lookup.seen[0]!.caller as Extract<ToolCaller, { type: "program" }>).evalId;
      expect(result.evalId).toBe(seen);
      const toolEvents = events.filter((event) => event.type === "tool-call");
      expect(toolEvents.map((event) => [event.phase, event.evalId])).toEqual([["start", seen], ["end", seen]]);
      expect((await qb.eval("1", { threadId: "t-ids" })).evalId).not.toBe(seen);
    });

    it("a paused call approved by resume, and the calls after it, keep the paused eval's id", async () => {
      const sendEmail = recordingTool("send_email");
      const lookup = recordingTool("lookup");
      const qb = await make({ tools: [sendEmail, lookup], interruptOn: { send_email: true } });
      const paused = await qb.eval("await tools.lookup({}); const sent = await tools.sendEmail({ to: 'a' }); await tools.lookup({}); sent", { threadId: "t-pause" });
      expect(paused.status).toBe("paused");
      await qb.eval("1", { threadId: "other" }); // another eval in between must not matter
      const done = await qb.resume("t-pause", { [paused.interrupts![0]!.id]: { type: "approve" } });
      expect(done.value).toBe("send_email");
      const [before, after] = lookup.seen.map((context) => context.caller);
      expect(sendEmail.seen[0]!.caller).toEqual(before);
      expect(after).toEqual(before);
      expect(before).toMatchObject({ type: "program", threadId: "t-pause" });
      expect(paused.evalId).toBe((before as Extract<ToolCaller, { type: "program" }>).evalId);
      expect(done.evalId).toBe(paused.evalId);
    });
  });

  describe("allowedCallers", () => {
    it('a direct-only tool is not in tools, tools.$search or the system prompt; a program calling it is told it is not available to programs, and the thread goes on', async () => {
      const adminReset = recordingTool("admin_reset", { allowedCallers: ["direct"] });
      const lookup = recordingTool("lookup", { allowedCallers: ["program", "direct"] });
      const qb = await make({ tools: [adminReset, lookup] });
      expect(qb.systemPrompt()).toContain("lookup");
      expect(qb.systemPrompt()).not.toMatch(/adminReset|admin_reset/);
      const listed = await qb.eval("({ keys: Object.keys(tools), search: tools.$search('tool').map((t) => t.name), has: 'adminReset' in tools })", { threadId: "t-direct" });
      expect(listed.value).toEqual({ keys: ["lookup"], search: ["lookup"], has: false });
      const called = await qb.eval("const x = 41; await tools.adminReset({})", { threadId: "t-direct" });
      expect(called.status).toBe("error");
      expect(called.error?.type).toBe("TypeError");
      expect(called.error?.message).toContain("tools.adminReset is not available to programs");
      const byOwnName = await qb.eval("await tools.admin_reset({})", { threadId: "t-direct" });
      expect(byOwnName.error?.message).toContain("tools.admin_reset is not available to programs");
      const described = await qb.eval("try { tools.$describe('adminReset') } catch (e) { e.message }", { threadId: "t-direct" });
      expect(described.value).toContain('no tool named "adminReset"');
      expect(adminReset.seen).toHaveLength(0);
      const after = await qb.eval("x + 1 + (await tools.lookup({})).length", { threadId: "t-direct" });
      expect(after.value).toBe(48);
    });

    it("with only direct-only tools, the prompt and program have no tools", async () => {
      const qb = await make({ tools: [recordingTool("admin_reset", { allowedCallers: ["direct"] })] });
      expect(qb.systemPrompt()).not.toContain("declare const tools");
      const result = await qb.eval("Object.keys(tools).length");
      expect(result.value).toBe(0);
    });
  });
}
