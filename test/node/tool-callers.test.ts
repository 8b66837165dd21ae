/** ctx.caller and allowedCallers in Node: the shared suite inline and in a worker, plus validation, the host's own check and resume in another interpreter. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CallResult } from "../../src/engine-contract.js";
import { HoldPolicy } from "../../src/host/hold-policy.js";
import { CallExecutor } from "../../src/host/call-executor.js";
import { ToolRegistry } from "../../src/host/tool-registry.js";
import { toolSchemas } from "../../src/host/tool-schemas.js";
import { createInterpreter, isQuickboxError, type InterpreterOptions, type ToolDefinition } from "../../src/index.js";
import { fsStore } from "../../src/node.js";
import { defineToolCallersSuite, recordingTool } from "../shared/tool-callers-suite.js";

describe("tool callers (Node, inline)", () => {
  defineToolCallersSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("tool callers (Node, worker)", () => {
  defineToolCallersSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});

describe("allowedCallers validation", () => {
  const bad: unknown[] = [[], ["model"], "program", ["program", "program"], [null], { program: true }];
  for (const allowedCallers of bad) {
    it(`refuses allowedCallers ${JSON.stringify(allowedCallers)} with INVALID_TOOL`, async () => {
      const tool = { name: "lookup", execute: () => 1, allowedCallers } as unknown as ToolDefinition;
      const error = await createInterpreter({ tools: [tool], isolation: "inline" }).then(
        async (qb) => (await qb.dispose(), undefined),
        (caught: unknown) => caught,
      );
      expect(isQuickboxError(error), String(error)).toBe(true);
      expect((error as { code: string }).code).toBe("INVALID_TOOL");
      expect((error as Error).message).toContain('tool "lookup": allowedCallers must be a non-empty array of "program" and "direct"');
    });
  }
});

describe("the host's own check", () => {
  it("a forged program call of a direct-only tool is refused on the host and the tool does not run", async () => {
    const adminReset = recordingTool("admin_reset", { allowedCallers: ["direct"] });
    const executor = new CallExecutor(new ToolRegistry([adminReset], toolSchemas), new HoldPolicy({ admin_reset: true }), undefined, { maxToolPayloadBytes: 1 << 20, sanitizeToolErrors: false, emit: () => {} });
    const results = await new Promise<CallResult[]>((resolve) => {
      const got: CallResult[] = [];
      executor.run(
        [
          { id: "c1", kind: "tool", name: "admin_reset", args: "{}" },
          { id: "c2", kind: "tool", name: "admin_reset", args: "{}", approved: true },
        ],
        { threadId: "t", signal: new AbortController().signal, evalId: "eval_x" },
        (batch) => (got.push(...batch), got.length === 2 && resolve(got.sort((a, b) => a.id.localeCompare(b.id)))),
      );
    });
    expect(results.map((result) => [result.ok, result.error?.name, result.error?.message])).toEqual([
      [false, "ToolError", 'tools.adminReset is not available to programs (allowedCallers: ["direct"])'],
      [false, "ToolError", 'tools.adminReset is not available to programs (allowedCallers: ["direct"])'],
    ]);
    expect(adminReset.seen).toHaveLength(0);
  });
});

describe("durable pauses", () => {
  it("a pause resumed by another interpreter from the store: the tool sees caller program with the thread and the paused eval's id", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quickbox-callers-"));
    try {
      const first = recordingTool("lookup");
      const qb = await createInterpreter({ store: fsStore(dir), tools: [first, recordingTool("send_email")], interruptOn: { send_email: true } });
      const paused = await qb.eval("await tools.lookup({}); await tools.sendEmail({ to: 'a' })", { threadId: "xp-callers" });
      expect(paused.status).toBe("paused");
      await qb.dispose();

      const sendEmail = recordingTool("send_email");
      const other = await createInterpreter({ store: fsStore(dir), tools: [recordingTool("lookup"), sendEmail], interruptOn: { send_email: true } });
      try {
        const done = await other.resume("xp-callers", { [paused.interrupts![0]!.id]: { type: "approve" } });
        expect(done.status).toBe("ok");
        expect(sendEmail.seen[0]!.caller).toEqual(first.seen[0]!.caller);
        expect(sendEmail.seen[0]!.caller).toMatchObject({ type: "program", threadId: "xp-callers" });
      } finally {
        await other.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a pause on a tool the resuming interpreter allows only direct calls of stays paused (TOOL_MISSING)", async () => {
    const store = fsStore(mkdtempSync(join(tmpdir(), "quickbox-callers-")));
    const qb = await createInterpreter({ store, tools: [recordingTool("send_email")], interruptOn: { send_email: true }, isolation: "inline" });
    const paused = await qb.eval("await tools.sendEmail({})", { threadId: "t" });
    await qb.dispose();
    const sendEmail = recordingTool("send_email", { allowedCallers: ["direct"] });
    const other = await createInterpreter({ store, tools: [sendEmail], isolation: "inline" });
    try {
      const error = await other.resume("t", { [paused.interrupts![0]!.id]: { type: "approve" } }).catch((caught: unknown) => caught);
      expect((error as { code?: string }).code).toBe("TOOL_MISSING");
      expect((error as Error).message).toContain("not available to programs");
      expect(sendEmail.seen).toHaveLength(0);
      expect((await other.threads()).find((info) => info.threadId === "t")?.state).toBe("paused");
    } finally {
      await other.dispose();
    }
  });
});
