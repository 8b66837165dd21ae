/**
 * quickbox/ai hands its framework the program's value (the code tool's output is JSON-encoded by the
 * AI SDK for UI streams and storage): a value that explodes as a tree must not stall the host there
 * (issue 24 §1: 24 levels of shared references held the host 2 s inside the adapter's own
 * JSON.stringify; 30 levels ran for minutes). A real generateText run with a scripted model; the
 * host's loop is watched from a worker_thread.
 */
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { createCodeTool, type CodeTool, type CodeToolOutput } from "../../src/ai.js";
import { MAX_HOST_STALL_MS } from "../shared/attack-helpers.js";
import { repeatableHostBlock } from "../shared/loop-watch.js";
import { startNodeWatcher } from "./loop-watcher.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

const runsCode = (code: string): GenerateResult => ({
  content: [{ type: "tool-call", toolCallId: "call-1", toolName: "run_code", input: JSON.stringify({ code }) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});
const says = (text: string): GenerateResult => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });

const created: CodeTool[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((made) => made.dispose()));
});

describe.each(["inline", "worker"] as const)("quickbox/ai on values that explode as trees (%s)", (isolation) => {
  async function run(code: CodeTool, program: string) {
    const model = new MockLanguageModelV3({ doGenerate: [runsCode(program), says("done")] });
    const result = await generateText({ model, tools: { run_code: code }, prompt: "go", stopWhen: stepCountIs(3) });
    const output = result.steps[0]!.toolResults[0]!.output as CodeToolOutput;
    // What an app does next with the step: store it, stream it to a browser.
    return { output, storedChars: JSON.stringify(result.steps).length };
  }

  const cases: [name: string, program: string, check: (value: unknown) => void][] = [
    // 24 levels held the host ~2 s before (a failure, not a hang); 40 would never have ended.
    ...[24, 40].map((levels): [string, string, (value: unknown) => void] => [
      `a ${levels}-level tree of shared references`,
      `let o = { x: 1 }; for (let i = 0; i < ${levels}; i++) o = { a: o, b: o }; o`,
      (value) => expect((value as { b: unknown }).b).toEqual({ $shared: "#/a" }),
    ]),
    ["an array of length 2^32 - 1", "const a = [1]; a[4294967294] = 2; a", (value) => expect(value).toEqual({ $sparse: { length: 4294967295, items: { 0: 1, 4294967294: 2 } } })],
  ];
  it.each(cases)("%s: the output carries the bounded value; generateText and JSON-encoding its steps never hold the host", async (_name, program, check) => {
    const code = createCodeTool({ isolation });
    created.push(code);
    await run(code, "let w = { x: 1 }; w = { a: w, b: w }; w");
    const { value, blockMs } = await repeatableHostBlock(startNodeWatcher, MAX_HOST_STALL_MS, () => run(code, program));
    expect(value.output.status, value.output.text).toBe("ok");
    check(value.output.value);
    expect(value.storedChars).toBeLessThan(20_000);
    expect(blockMs, "the host's loop held (ms), measured from outside").toBeLessThan(MAX_HOST_STALL_MS);
  });
});
