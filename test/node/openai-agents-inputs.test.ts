/**
 * quickbox/openai-agents with input it does not write itself: the model's arguments to the code
 * tool (only `code` is read — a model cannot pick the thread), and the tools' strict-mode schemas
 * as quickbox checks them (relaxedSchema: nullable properties optional, at any depth; a cyclic
 * schema object ends the walk instead of hanging the host).
 */
import { Agent, run, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { expect, it } from "vitest";
import { relaxedSchema } from "../../src/adapters/openai-agents/relaxed-schema.js";
import { createCodeTool } from "../../src/openai-agents.js";

setTracingDisabled(true);

it("a model's extra arguments (threadId, codeCallId) do not choose the thread the program runs in", async () => {
  const code = createCodeTool({ isolation: "inline", threadId: "mine" });
  try {
    const model = new ScriptedModel([
      [functionCall("run_code", { code: "globalThis.marker = 'set'; 1", threadId: "victim", codeCallId: "fc_other" }, { callId: "fc_1" })],
      [assistantMessage("ok")],
    ]);
    await run(new Agent({ name: "assistant", model, tools: [code] }), "go");
    const threads = await (await code.interpreter()).threads();
    expect(threads.map((thread) => thread.threadId)).toEqual(["mine"]);
  } finally {
    await code.dispose();
  }
});

it("a code argument that is not a string is refused by the SDK's own parsing, and nothing runs", async () => {
  const code = createCodeTool({ isolation: "inline" });
  try {
    const model = new ScriptedModel([[functionCall("run_code", { code: 42 }, { callId: "fc_1" })], [assistantMessage("ok")]]);
    await run(new Agent({ name: "assistant", model, tools: [code] }), "go");
    expect(await (await code.interpreter()).threads()).toEqual([]);
  } finally {
    await code.dispose();
  }
});

it("relaxedSchema: a property that accepts null is no longer required, at any depth; others stay required", () => {
  const strict = {
    type: "object",
    properties: {
      city: { type: "string" },
      units: { type: ["string", "null"] },
      window: {
        type: "object",
        properties: { from: { type: "string" }, to: { anyOf: [{ type: "string" }, { type: "null" }] } },
        required: ["from", "to"],
        additionalProperties: false,
      },
      stops: { type: "array", items: { type: "object", properties: { at: { type: "null" }, id: { type: "number" } }, required: ["at", "id"] } },
    },
    required: ["city", "units", "window", "stops"],
    additionalProperties: false,
  };
  const relaxed = relaxedSchema(strict) as typeof strict;
  expect(relaxed.required).toEqual(["city", "window", "stops"]);
  expect(relaxed.properties.window.required).toEqual(["from"]);
  expect(relaxed.properties.stops.items.required).toEqual(["id"]);
  expect(relaxed.additionalProperties).toBe(false);
  expect(strict.required).toEqual(["city", "units", "window", "stops"]); // the tool's own schema is untouched
  expect(relaxedSchema(true)).toBe(true);
});

it("relaxedSchema: a cyclic schema stays a cycle, a wide cyclic one ends at once, a very deep one is kept as it is below 64 levels", () => {
  const cyclic: { [key: string]: unknown } = { type: "object", properties: {}, required: ["a", "b"] };
  Object.assign(cyclic.properties as object, { a: cyclic, b: cyclic, c: { type: ["object", "null"], properties: { back: cyclic } } });
  const started = performance.now();
  const relaxed = relaxedSchema(cyclic) as { properties: { a: unknown; b: unknown; c: { properties: { back: unknown } } }; required: string[] };
  expect(performance.now() - started).toBeLessThan(1000);
  expect(relaxed.properties.a).toBe(relaxed);
  expect(relaxed.properties.b).toBe(relaxed);
  expect(relaxed.properties.c.properties.back).toBe(relaxed);
  expect(relaxed.required).toEqual(["a", "b"]);

  const leaf = { type: "object", properties: { x: { type: ["string", "null"] } }, required: ["x"] };
  let deep: { [key: string]: unknown } = leaf;
  for (let i = 0; i < 100; i++) deep = { type: "object", properties: { next: deep }, required: ["next"] };
  let node = relaxedSchema(deep) as { properties: { next: unknown } } | typeof leaf;
  let levels = 0;
  while ("next" in node.properties) {
    node = (node as { properties: { next: typeof node } }).properties.next;
    levels++;
  }
  expect(levels).toBe(100);
  expect(node).toBe(leaf); // below the bound: the app's own node, not relaxed
});
