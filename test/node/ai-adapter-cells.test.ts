/**
 * Background cells through quickbox/ai (`yieldAfterMs`), with the real `ai` package and a scripted
 * model (MockLanguageModelV3) that reads the cellId from the tool result it was given, as a model
 * would: run → running → wait → running → wait → result; cancel; a cell that pauses for approval.
 * Tools are held open by promises the script releases, so the assertions are about order.
 */
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeTool, type CodeTool, type CodeToolOutput } from "../../src/ai.js";
import { isQuickboxError } from "../../src/index.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type GenerateOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function callsTool(input: unknown, toolCallId: string): GenerateResult {
  return { content: [{ type: "tool-call", toolCallId, toolName: "run_code", input: JSON.stringify(input) }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] };
}

function says(text: string): GenerateResult {
  return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
}

/** The text of the last tool result the model was shown. */
function lastToolText(options: GenerateOptions): string {
  const messages = options.prompt.filter((message) => message.role === "tool");
  const parts = messages.at(-1)?.content ?? [];
  const output = (parts.at(-1) as { output?: { type: string; value: unknown } } | undefined)?.output;
  return typeof output?.value === "string" ? output.value : JSON.stringify(output?.value);
}

function cellIdIn(text: string): string {
  const found = /cell_[a-z0-9]{12}/.exec(text);
  if (!found) throw new Error(`no cell id in: ${text}`);
  return found[0];
}

/** A tool whose calls wait until the script opens it. */
function gateTool() {
  let open: (value: number) => void = () => {};
  const opened = new Promise<number>((resolve) => (open = resolve));
  return { tool: tool({ description: "Waits for a slow report.", inputSchema: z.object({}), execute: () => opened }), open };
}

const created: CodeTool[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((made) => made.dispose()));
});

describe("background cells with generateText (yieldAfterMs)", () => {
  it("a program still running returns its cellId; the model waits with { cellId } until the result", async () => {
    const gate = gateTool();
    const code = createCodeTool({ isolation: "inline", threadId: "chat-1", yieldAfterMs: 30, tools: { slow_report: gate.tool } });
    created.push(code);
    expect(code.description).toContain("call it again with { cellId }");
    const shown: string[] = [];
    let turn = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        turn++;
        if (turn === 1) return callsTool({ code: "const n = await tools.slowReport({}); n * 2" }, "c1");
        shown.push(lastToolText(options));
        if (turn === 2) return callsTool({ cellId: cellIdIn(shown[0]!) }, "c2");
        if (turn === 3) {
          gate.open(21);
          return callsTool({ cellId: cellIdIn(shown[1]!) }, "c3");
        }
        return says("the report says 42");
      },
    });
    const result = await generateText({ model, tools: { run_code: code }, prompt: "go", stopWhen: stepCountIs(6) });
    const outputs = result.steps.flatMap((step) => step.toolResults.map((toolResult) => toolResult.output as CodeToolOutput));
    expect(outputs.map((output) => output.status)).toEqual(["running", "running", "ok"]);
    expect(outputs[0]!.cellId).toBe(outputs[1]!.cellId);
    expect(outputs[2]!.value).toBe(42);
    // One <running> text, naming only what the model can call: this tool with { cellId } (not the interpreter's wait()).
    const cell = outputs[0]!.cellId!;
    expect(shown[0]).toMatch(
      new RegExp(
        `^<running>cell ${cell} on thread "chat-1" is still running after \\d+ ms; calling this tool with \\{"cellId": "${cell}"\\} returns its result, ` +
          `calling it with \\{"cellId": "${cell}", "cancel": true\\} stops it; each call waits up to 30 ms; do not run the program again</running>$`,
      ),
    );
    expect(shown[0]).not.toMatch(/wait\(|cancel\(/);
    expect(outputs[0]!.text).toBe(shown[0]);
    // The output names the run while it still runs, as the program's tool calls do.
    expect(outputs[0]!.evalId).toMatch(/^eval_/);
    expect(outputs[1]!.evalId).toBe(outputs[0]!.evalId);
    expect(outputs[2]!.evalId).toBe(outputs[0]!.evalId);
    expect(shown[2]).toBe("<result>42</result>");
    // The offered schema has the cellId and cancel inputs.
    const offered = model.doGenerateCalls[0]!.tools?.find((each) => each.name === "run_code") as { inputSchema?: { properties?: Record<string, unknown> } } | undefined;
    expect(Object.keys(offered?.inputSchema?.properties ?? {}).sort()).toEqual(["cancel", "cellId", "code"]);
  });

  it("{ cellId, cancel: true } stops the program: Cancelled, and the thread works after", async () => {
    const gate = gateTool();
    const code = createCodeTool({ isolation: "worker", threadId: "chat-2", yieldAfterMs: 1000, tools: { slow_report: gate.tool } });
    created.push(code);
    const call = { toolCallId: "x", messages: [] };
    const running = (await code.execute!({ code: "let kept = 1; await tools.slowReport({}); kept = 2" }, call)) as CodeToolOutput;
    expect(running.status).toBe("running");
    const cancelled = (await code.execute!({ cellId: running.cellId!, cancel: true }, call)) as CodeToolOutput;
    expect(cancelled).toMatchObject({ status: "error", error: { type: "Cancelled" } });
    expect(((await code.execute!({ code: "kept" }, call)) as CodeToolOutput).value).toBe(1);
  });

  it("a background cell that reaches a needsApproval tool pauses; resume continues it", async () => {
    const gate = gateTool();
    const sent: string[] = [];
    const sendEmail = tool({ description: "Send an email.", inputSchema: z.object({ to: z.string() }), needsApproval: true, execute: async ({ to }) => (sent.push(to), `sent to ${to}`) });
    const code = createCodeTool({ isolation: "inline", threadId: "chat-3", yieldAfterMs: 1000, tools: { slow_report: gate.tool, send_email: sendEmail } });
    created.push(code);
    const call = { toolCallId: "x", messages: [] };
    const running = (await code.execute!({ code: 'const n = await tools.slowReport({}); await tools.sendEmail({ to: "ana@example.com" }); n' }, call)) as CodeToolOutput;
    expect(running.status).toBe("running");
    gate.open(7);
    // The model asks again while the cell still runs (a loaded machine can take longer than one yieldAfterMs to pause).
    let paused = (await code.execute!({ cellId: running.cellId! }, call)) as CodeToolOutput;
    for (let asks = 1; asks < 10 && paused.status === "running"; asks++) paused = (await code.execute!({ cellId: running.cellId! }, call)) as CodeToolOutput;
    expect(paused.status).toBe("paused");
    expect(paused.interrupts?.[0]).toMatchObject({ name: "send_email", args: { to: "ana@example.com" } });
    const resumed = await code.resume("chat-3", { [paused.interrupts![0]!.id]: { type: "approve" } });
    expect(resumed).toMatchObject({ status: "ok", value: 7 });
    expect(sent).toEqual(["ana@example.com"]);
  });

  it("one conversation cannot read or cancel another's cell: UNKNOWN_CELL, and the owner still gets its result", async () => {
    const gate = gateTool();
    const code = createCodeTool({ isolation: "inline", yieldAfterMs: 30, tools: { slow_report: gate.tool }, threadId: (call) => String((call.experimental_context as { conversation: string }).conversation) });
    created.push(code);
    const a = { toolCallId: "a1", messages: [], experimental_context: { conversation: "A" } };
    const b = { toolCallId: "b1", messages: [], experimental_context: { conversation: "B" } };
    const running = (await code.execute!({ code: "await tools.slowReport({}); 'A-SECRET for A only'" }, a)) as CodeToolOutput;
    expect(running.status).toBe("running");
    const codeOf = (promise: Promise<unknown>) => promise.then((value) => JSON.stringify(value), (error: unknown) => (isQuickboxError(error) ? error.code : String(error)));
    expect(await codeOf(Promise.resolve(code.execute!({ cellId: running.cellId! }, b)))).toBe("UNKNOWN_CELL");
    expect(await codeOf(Promise.resolve(code.execute!({ cellId: running.cellId!, cancel: true }, b)))).toBe("UNKNOWN_CELL");
    gate.open(1);
    expect((await code.execute!({ cellId: running.cellId! }, a)) as CodeToolOutput).toMatchObject({ status: "ok", value: "A-SECRET for A only" });
  });

  it("bad yieldAfterMs and bad inputs are INVALID_OPTIONS; without yieldAfterMs the tool takes { code } only; an unknown cell is UNKNOWN_CELL", async () => {
    for (const yieldAfterMs of [0, -5, 1.5, "30"]) {
      expect(() => createCodeTool({ yieldAfterMs: yieldAfterMs as never })).toThrow(/yieldAfterMs must be a whole number/);
    }
    const plain = createCodeTool({ isolation: "inline" });
    const cells = createCodeTool({ isolation: "inline", yieldAfterMs: 30 });
    created.push(plain, cells);
    const call = { toolCallId: "x", messages: [] };
    const codeOf = async (promise: Promise<unknown>) => promise.then(() => "resolved", (error: unknown) => (isQuickboxError(error) ? error.code : String(error)));
    expect(await codeOf(Promise.resolve(plain.execute!({ cellId: "cell_aaaaaaaaaaaa" } as never, call)))).toBe("INVALID_OPTIONS");
    expect(await codeOf(Promise.resolve(cells.execute!({ code: "1", cellId: "cell_aaaaaaaaaaaa" }, call)))).toBe("INVALID_OPTIONS");
    expect(await codeOf(Promise.resolve(cells.execute!({ cancel: true }, call)))).toBe("INVALID_OPTIONS");
    expect(await codeOf(Promise.resolve(cells.execute!({ cellId: "cell_aaaaaaaaaaaa" }, call)))).toBe("UNKNOWN_CELL");
    expect(((await cells.execute!({ code: "1 + 1" }, call)) as CodeToolOutput).value).toBe(2);
  });
});
