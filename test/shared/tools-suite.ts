/** Programmatic tool calling and task(): shared by Node and Chromium, inline and worker. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isQuickboxError, type InterpreterEvent, type ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const catalogue = [
  { sku: "A1", name: "anvil", price: 30, tags: ["steel"] },
  { sku: "B2", name: "bolt", price: 2, tags: ["steel", "small"] },
  { sku: "C3", name: "crate", price: 12, tags: ["wood"] },
];

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function defineToolsSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  const getProduct: ToolDefinition<{ sku: string }> = {
    name: "get_product",
    description: "Look a product up by SKU.",
    inputSchema: { type: "object", properties: { sku: { type: "string", description: "the SKU" } }, required: ["sku"], additionalProperties: false },
    execute: async ({ sku }) => {
      const product = catalogue.find((p) => p.sku === sku);
      if (!product) throw new Error(`no product ${sku}`);
      return product;
    },
  };

  describe("calling tools from code", () => {
    it("loops over items calling a tool per item, with native results", async () => {
      const qb = await make({ tools: [getProduct] });
      const result = await qb.eval(
        "let total = 0; const names = []; for (const sku of ['A1', 'B2', 'C3']) { const p = await tools.getProduct({ sku }); total += p.price; names.push(p.name) } ({ total, names, first: typeof (await tools.getProduct({ sku: 'A1' })).tags })",
      );
      expect(result.value).toEqual({ total: 44, names: ["anvil", "bolt", "crate"], first: "object" });
      expect(result.toolCalls).toBe(4);
    });

    it("fans out 100 calls with Promise.all and gets every result right", async () => {
      const square: ToolDefinition<{ n: number }> = { name: "square", execute: ({ n }) => n * n };
      const qb = await make({ tools: [square], maxToolCalls: 100 });
      const result = await qb.eval("const out = await Promise.all(Array.from({ length: 100 }, (_, n) => tools.square({ n }))); out.every((v, n) => v === n * n) && out.length");
      expect(result.value).toBe(100);
      expect(result.toolCalls).toBe(100);
    });

    it("retries after a failing tool, with backoff in virtual time", async () => {
      let attempts = 0;
      const flaky: ToolDefinition = {
        name: "flaky",
        execute: () => {
          attempts++;
          if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
          return "ok";
        },
      };
      const qb = await make({ tools: [flaky] });
      const result = await qb.eval(
        [
          "const errors = [];",
          "async function withRetry(fn, tries) { for (let i = 0; ; i++) { try { return await fn() } catch (e) { errors.push(e.name + ': ' + e.message); if (i + 1 >= tries) throw e; await new Promise((r) => setTimeout(r, 100 * 2 ** i)) } } }",
          "const value = await withRetry(() => tools.flaky(), 5);",
          "({ value, errors, waited: Date.now() })",
        ].join("\n"),
      );
      expect(result.value).toEqual({ value: "ok", errors: ["ToolError: attempt 1 failed", "ToolError: attempt 2 failed"], waited: 300 });
    });

    it("an uncaught tool failure is a ToolError result", async () => {
      const qb = await make({ tools: [getProduct] });
      const result = await qb.eval("await tools.getProduct({ sku: 'ZZ' })");
      expect(result.error?.type).toBe("ToolError");
      expect(result.error?.message).toBe("no product ZZ");
      expect(result.text).toMatch(/^<error type="ToolError">no product ZZ/);
    });

    it("sanitizeToolErrors hides the tool's message", async () => {
      const qb = await make({ tools: [getProduct], sanitizeToolErrors: true });
      const result = await qb.eval("await tools.getProduct({ sku: 'ZZ' })");
      expect(result.error).toMatchObject({ type: "ToolError", message: "Tool failed" });
    });

    it("stops early: calls after the answer is found are never made", async () => {
      const calls: string[] = [];
      const check: ToolDefinition<{ sku: string }> = { name: "check", execute: ({ sku }) => (calls.push(sku), sku === "B2") };
      const qb = await make({ tools: [check] });
      const result = await qb.eval("let found; for (const sku of ['A1', 'B2', 'C3', 'D4']) { if (await tools.check({ sku })) { found = sku; break } } found");
      expect(result.value).toBe("B2");
      expect(calls).toEqual(["A1", "B2"]);
    });

    it("passes { threadId, callId, signal } and normalises arguments", async () => {
      const seen: unknown[] = [];
      const probe: ToolDefinition = {
        name: "probe",
        execute: (input, ctx) => {
          seen.push({ input, threadId: ctx.threadId, callId: ctx.callId, aborted: ctx.signal.aborted });
          return null;
        },
      };
      const qb = await make({ tools: [probe] });
      await qb.eval("await tools.probe(); await tools.probe({ a: 1, b: undefined }); await tools.probe({ nested: { x: undefined, y: [1] } })", { threadId: "t-ctx" });
      expect(seen).toEqual([
        { input: {}, threadId: "t-ctx", callId: expect.any(String), aborted: false },
        { input: { a: 1 }, threadId: "t-ctx", callId: expect.any(String), aborted: false },
        { input: { nested: { y: [1] } }, threadId: "t-ctx", callId: expect.any(String), aborted: false },
      ]);
      const ids = seen.map((s) => (s as { callId: string }).callId);
      expect(new Set(ids).size).toBe(3);
    });

    it("returns Maps, Dates, BigInts and undefined as themselves", async () => {
      const rich: ToolDefinition = { name: "rich", execute: () => ({ when: new Date(5), map: new Map([["k", 1]]), big: 12n, nothing: undefined, list: new Set([1]) }) };
      const qb = await make({ tools: [rich] });
      const result = await qb.eval("const r = await tools.rich(); [r.when instanceof Date, r.map.get('k'), typeof r.big, 'nothing' in r, r.list.has(1)]");
      expect(result.value).toEqual([true, 1, "bigint", true, true]);
    });

    it("maps names to camelCase and offers $search and $describe", async () => {
      const noop = (name: string, description = ""): ToolDefinition => ({ name, description, execute: () => name });
      const qb = await make({ tools: [noop("web_search", "Search the web"), noop("get_URL", "Fetch a URL"), noop("send-email", "Send an email")] });
      const result = await qb.eval("[await tools.webSearch(), await tools.getURL(), await tools.sendEmail(), Object.keys(tools)]");
      expect(result.value).toEqual(["web_search", "get_URL", "send-email", ["webSearch", "getURL", "sendEmail"]]);
      const found = await qb.eval("tools.$search('email').map((t) => t.name)");
      expect(found.value).toEqual(["sendEmail"]);
      const described = await qb.eval("tools.$describe('webSearch')");
      expect(described.value).toMatchObject({ name: "webSearch", description: "Search the web" });
      expect((described.value as { signature: string }).signature).toContain("webSearch(input?: unknown): Promise<unknown>;");
    });

    it("a name that is not a tool fails with a TypeError naming the tools and the likely one", async () => {
      const noop = (name: string): ToolDefinition => ({ name, execute: () => name });
      const qb = await make({ tools: [noop("web_search"), noop("send_email")] });
      const loose = await qb.eval("await tools.Web_Search({ q: 'x' })");
      expect(loose.error?.type).toBe("TypeError");
      expect(loose.error?.message).toBe("tools.Web_Search is not a tool (did you mean tools.webSearch?); available: webSearch, sendEmail; tools.$search(query) finds tools by words");
      const typo = await qb.eval("await tools.sendEmial({})");
      expect(typo.error?.message).toMatch(/^tools\.sendEmial is not a tool \(did you mean tools\.sendEmail\?\)/);
      const unknown = await qb.eval("try { tools.fetchPage() } catch (e) { [e.name, e.message] }");
      expect(unknown.value).toEqual(["TypeError", "tools.fetchPage is not a tool; available: webSearch, sendEmail; tools.$search(query) finds tools by words"]);
      // Everything else about `tools` is a plain object's behaviour.
      const plain = await qb.eval(
        "[tools instanceof Object, 'fetchPage' in tools, Object.keys(tools), JSON.stringify(tools), String(tools), tools.hasOwnProperty('webSearch'), typeof tools.then, await tools.webSearch()]",
      );
      expect(plain.value).toEqual([true, false, ["webSearch", "sendEmail"], "{}", "[object Object]", true, "undefined", "web_search"]);
      expect((await qb.eval("tools")).text).toBe("<result>{ webSearch: [Function: webSearch], sendEmail: [Function: sendEmail] }</result>");
      const none = await make({});
      expect((await none.eval("tools.anything()")).error?.message).toBe("tools.anything is not a tool; this interpreter has no tools");
    });

    it("a tool answers to its original name too (tools.exec_command, tools[\"lookup-user\"]); keys, `in` and $search are unchanged", async () => {
      const echo = (name: string): ToolDefinition => ({ name, execute: (input) => ({ tool: name, input }) });
      const qb = await make({ tools: [echo("exec_command"), echo("lookup-user"), echo("alreadyCamel")] });
      const called = await qb.eval(
        "[await tools.exec_command({ cmd: 'ls' }), await tools['lookup-user']({ id: 1 }), await tools.execCommand({ cmd: 'pwd' }), tools.exec_command === tools.execCommand]",
      );
      expect(called.value).toEqual([
        { tool: "exec_command", input: { cmd: "ls" } },
        { tool: "lookup-user", input: { id: 1 } },
        { tool: "exec_command", input: { cmd: "pwd" } },
        true,
      ]);
      const shape = await qb.eval("[Object.keys(tools), 'exec_command' in tools, 'execCommand' in tools, tools.$search('lookup').map((t) => t.name), typeof tools['lookup-user']]");
      expect(shape.value).toEqual([["execCommand", "lookupUser", "alreadyCamel"], false, true, ["lookupUser"], "function"]);
      const described = await qb.eval("tools.$describe('exec_command').name");
      expect(described.value).toBe("execCommand");
    });

    it("JSON Schema defaults are applied before execute: top-level, nested objects, array items; given values stay", async () => {
      const seen: unknown[] = [];
      const qb = await make({
        tools: [
          {
            name: "search",
            inputSchema: {
              type: "object",
              properties: {
                query: { type: "string" },
                limit: { type: "integer", default: 10 },
                filters: { type: "object", properties: { lang: { type: "string", default: "en" }, tags: { type: "array", default: [] } } },
                sorts: { type: "array", items: { type: "object", properties: { field: { type: "string" }, order: { enum: ["asc", "desc"], default: "asc" } }, required: ["field", "order"] } },
              },
              required: ["query", "limit"],
            },
            execute: (input) => (seen.push(input), "ok"),
          },
        ],
      });
      const result = await qb.eval("await tools.search({ query: 'q', filters: {}, sorts: [{ field: 'a' }, { field: 'b', order: 'desc' }] })");
      expect(result.value).toBe("ok");
      expect(seen[0]).toEqual({ query: "q", limit: 10, filters: { lang: "en", tags: [] }, sorts: [{ field: "a", order: "asc" }, { field: "b", order: "desc" }] });
      await qb.eval("await tools.search({ query: 'q', limit: 3 })");
      expect(seen[1]).toEqual({ query: "q", limit: 3 });
      // Each call gets its own copy of an object default.
      await qb.eval("await tools.search({ query: 'q', filters: {} })");
      (seen[2] as { filters: { tags: unknown[] } }).filters.tags.push("mutated");
      await qb.eval("await tools.search({ query: 'q', filters: {} })");
      expect((seen[3] as { filters: { tags: unknown[] } }).filters.tags).toEqual([]);
    });

    it("a tool called with more than one argument fails with a TypeError saying tools take one input object, and the tool does not run", async () => {
      let runs = 0;
      const qb = await make({
        tools: [{ name: "write_file", description: "Write a file.", inputSchema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] }, execute: () => ++runs }],
      });
      const positional = await qb.eval('await tools.writeFile("/a.txt", "data")');
      expect(positional.error?.type).toBe("TypeError");
      expect(positional.error?.message).toMatch(/^tools\.writeFile takes one input object, not 2 arguments: writeFile\(input: \{ path: string; content: string; \}\)/);
      const caught = await qb.eval('try { await tools.write_file({ path: "/a", content: "x" }, { overwrite: true }) } catch (e) { [e.name, e.message.slice(0, 48)] }');
      expect(caught.value).toEqual(["TypeError", "tools.writeFile takes one input object, not 2 ar"]);
      expect(runs).toBe(0);
      // One object is fine, and so is a call with no arguments reaching the tool's own checks.
      expect((await qb.eval('await tools.writeFile({ path: "/a", content: "x" })')).value).toBe(1);
      expect(runs).toBe(1);
    });

    it("tools named like Object.prototype members, or in other scripts, are tools like any other", async () => {
      const named = (name: string): ToolDefinition => ({ name, execute: () => `ran ${name}` });
      const qb = await make({ tools: [named("toString"), named("constructor"), named("hasOwnProperty"), named("ünï_code")], interruptOn: { hasOwnProperty: true } });
      const ran = await qb.eval("[await tools.toString(), await tools.constructor(), await tools.ünïCode()]", { threadId: "proto-names" });
      expect(ran.value).toEqual(["ran toString", "ran constructor", "ran ünï_code"]);
      const paused = await qb.eval("await tools.hasOwnProperty()", { threadId: "proto-names" });
      expect(paused.status).toBe("paused");
      expect(paused.interrupts?.map((interrupt) => interrupt.name)).toEqual(["hasOwnProperty"]);
      const resumed = await qb.resume("proto-names", { [paused.interrupts![0]!.id]: { type: "approve" } });
      expect(resumed.value).toBe("ran hasOwnProperty");
    });

    it("`tools` and `task` cannot be replaced by the program", async () => {
      const qb = await make({ tools: [getProduct], subagents: { dispatch: () => "done" } });
      const result = await qb.eval("tools = null; task = null; [typeof tools.getProduct, typeof task, Object.isFrozen(tools), Object.isFrozen(task)]");
      expect(result.value).toEqual(["function", "function", true, true]);
    });
  });

  describe("validation and limits", () => {
    it("rejects bad input before execute with ToolInputError naming the tool and field (JSON Schema)", async () => {
      let executed = 0;
      const tool: ToolDefinition = { ...getProduct, execute: () => ++executed } as ToolDefinition;
      const qb = await make({ tools: [tool] });
      const result = await qb.eval("try { await tools.getProduct({ sku: 42 }) } catch (e) { [e.name, e.message] }");
      const [name, message] = result.value as [string, string];
      expect(name).toBe("ToolInputError");
      expect(message).toContain("getProduct");
      expect(message).toContain("sku");
      expect(executed).toBe(0);
    });

    it("validates with a zod schema, applying its defaults", async () => {
      const search: ToolDefinition<{ query: string; limit: number }> = {
        name: "search",
        inputSchema: z.object({ query: z.string().min(1), limit: z.number().int().default(5) }),
        execute: (input) => input,
      };
      const qb = await make({ tools: [search] });
      expect((await qb.eval("await tools.search({ query: 'x' })")).value).toEqual({ query: "x", limit: 5 });
      const bad = await qb.eval("await tools.search({ query: '' })");
      expect(bad.error?.type).toBe("ToolInputError");
      expect(bad.error?.message).toMatch(/search: invalid input: query:/);
    });

    it("maxToolCalls: the call over budget fails, caught or not", async () => {
      const one: ToolDefinition = { name: "one", execute: () => 1 };
      const qb = await make({ tools: [one], maxToolCalls: 3 });
      const caught = await qb.eval("const got = []; try { for (let i = 0; i < 5; i++) got.push(await tools.one()) } catch (e) { got.push(e.name) } got");
      expect(caught.value).toEqual([1, 1, 1, "ToolCallBudgetExceeded"]);
      const uncaught = await qb.eval("for (let i = 0; i < 5; i++) await tools.one()");
      expect(uncaught.error?.type).toBe("ToolCallBudgetExceeded");
      expect(uncaught.error?.message).toBe("tool call 4 (one) is over this eval's budget of 3 tool calls (maxToolCalls)");
      expect(uncaught.toolCalls).toBe(4);
      const unlimited = await make({ tools: [one], maxToolCalls: null });
      expect((await unlimited.eval("let s = 0; for (let i = 0; i < 300; i++) s += await tools.one(); s")).value).toBe(300);
    });

    it("maxConcurrentToolCalls queues the rest (observed by the tool)", async () => {
      let running = 0;
      let peak = 0;
      const slow: ToolDefinition<{ i: number }> = {
        name: "slow",
        execute: async ({ i }) => {
          running++;
          peak = Math.max(peak, running);
          await sleep(5);
          running--;
          return i;
        },
      };
      const qb = await make({ tools: [slow], maxConcurrentToolCalls: 4 });
      const result = await qb.eval("(await Promise.all(Array.from({ length: 20 }, (_, i) => tools.slow({ i })))).reduce((a, b) => a + b, 0)");
      expect(result.value).toBe(190);
      expect(peak).toBe(4);
    });

    it("maxToolPayloadBytes bounds arguments and results", async () => {
      const echo: ToolDefinition<{ text: string }> = { name: "echo", execute: ({ text }) => text.repeat(100) };
      const qb = await make({ tools: [echo], maxToolPayloadBytes: 1000 });
      const args = await qb.eval("try { await tools.echo({ text: 'x'.repeat(2000) }) } catch (e) { e.name + ': ' + e.message }");
      expect(args.value).toMatch(/^ToolInputError: .*maxToolPayloadBytes/);
      const result = await qb.eval("try { await tools.echo({ text: 'abcdefghijklmnopqrst' }) } catch (e) { e.name + ': ' + e.message }");
      expect(result.value).toMatch(/^ToolError: .*maxToolPayloadBytes/);
    });

    it("a tool that never resolves ends at wallTimeoutMs, and the thread still works", async () => {
      const hang: ToolDefinition = { name: "hang", execute: () => new Promise(() => {}) };
      const qb = await make({ tools: [hang], wallTimeoutMs: 300 });
      const result = await qb.eval("await tools.hang()");
      expect(result.error).toMatchObject({ type: "Timeout", details: { kind: "wall" } });
      expect((await qb.eval("1 + 1")).value).toBe(2);
    });

    it("waiting on a tool is not waiting on a timer: virtual time stands still", async () => {
      const slowTool: ToolDefinition = { name: "slow_tool", execute: async () => (await sleep(30), "tool") };
      const qb = await make({ tools: [slowTool] });
      const result = await qb.eval("const winner = await Promise.race([tools.slowTool(), new Promise((r) => setTimeout(() => r('timer'), 10))]); [winner, Date.now()]");
      expect(result.value).toEqual(["tool", 0]);
    });

    it("cancelling an eval aborts the running tool's signal", async () => {
      let aborted: boolean | undefined;
      const controller = new AbortController();
      const wait: ToolDefinition = {
        name: "wait",
        execute: (_input, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener("abort", () => {
              aborted = true;
              resolve("aborted");
            });
            setTimeout(() => controller.abort(), 20);
          }),
      };
      const qb = await make({ tools: [wait] });
      const result = await qb.eval("await tools.wait()", { signal: controller.signal });
      expect(result.error?.type).toBe("Cancelled");
      await sleep(10);
      expect(aborted).toBe(true);
      expect((await qb.eval("'after'")).value).toBe("after");
    });

    it("reports tool calls as events", async () => {
      const events: InterpreterEvent[] = [];
      const qb = await make({ tools: [getProduct], onEvent: (event) => events.push(event) });
      await qb.eval("await tools.getProduct({ sku: 'A1' }); try { await tools.getProduct({ sku: 'nope' }) } catch {}", { threadId: "ev" });
      const ends = events.filter((e) => e.type === "tool-call" && e.phase === "end");
      expect(ends).toHaveLength(2);
      expect(ends[0]).toMatchObject({ threadId: "ev", name: "get_product", args: { sku: "A1" }, ok: true, durationMs: expect.any(Number) });
      expect(ends[1]).toMatchObject({ ok: false, error: "no product nope" });
    });
  });

  describe("defining tools", () => {
    it("refuses invalid names, collisions and bad schemas with INVALID_TOOL", async () => {
      const cases: unknown[] = [
        [{ name: "2fa", execute: () => 1 }],
        [{ name: "web_search", execute: () => 1 }, { name: "web-search", execute: () => 1 }],
        [{ name: "has space", execute: () => 1 }],
        [{ name: "$search", execute: () => 1 }],
        [{ name: "then", execute: () => 1 }],
        [{ name: "ok", inputSchema: { type: "strnig" }, execute: () => 1 }],
        [{ name: "ok", inputSchema: "string", execute: () => 1 }],
        [{ name: "no_execute" }],
      ];
      for (const tools of cases) {
        try {
          await create({ tools: tools as ToolDefinition[] });
          throw new Error(`accepted ${JSON.stringify(tools)}`);
        } catch (error) {
          expect(isQuickboxError(error), String(error)).toBe(true);
          expect((error as { code: string }).code).toBe("INVALID_TOOL");
        }
      }
    });
  });

  describe("task()", () => {
    it("fans out 64 tasks with at most 32 running at once", async () => {
      let running = 0;
      let peak = 0;
      const events: InterpreterEvent[] = [];
      const qb = await make({
        onEvent: (event) => events.push(event),
        subagents: {
          types: [{ name: "researcher", description: "Finds things out." }],
          dispatch: async (request) => {
            running++;
            peak = Math.max(peak, running);
            await sleep(2);
            running--;
            return `answer to ${request.description}`;
          },
        },
      });
      const result = await qb.eval(
        "const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => task({ description: 'q' + i, subagentType: 'researcher', label: 'L' + i }))); [answers.length, answers[63]]",
      );
      expect(result.value).toEqual([64, "answer to q63"]);
      expect(peak).toBeLessThanOrEqual(32);
      expect(peak).toBeGreaterThan(1);
      expect(result.toolCalls).toBe(0);
      const ends = events.filter((e) => e.type === "task" && e.phase === "end");
      expect(ends).toHaveLength(64);
      expect(ends[0]).toMatchObject({ subagentType: "researcher", ok: true, durationMs: expect.any(Number), label: expect.stringMatching(/^L\d+$/) });
    });

    it("validates its input with clear messages", async () => {
      const qb = await make({ subagents: { types: [{ name: "general", description: "Anything." }], dispatch: () => "x" } });
      const messages = await qb.eval(
        "const out = []; for (const input of [undefined, { subagentType: 'general' }, { description: 'd' }, { description: 'd', subagentType: 'nope' }, { description: 'd', subagentType: 'general', extra: 1 }]) { try { await task(input) } catch (e) { out.push(e.message) } } out",
      );
      const list = messages.value as string[];
      expect(list).toHaveLength(5);
      expect(list[1]).toMatch(/description is required/);
      expect(list[2]).toMatch(/subagentType is required/);
      expect(list[3]).toMatch(/unknown subagentType "nope" \(one of general\)/);
      expect(list[4]).toMatch(/unknown field "extra"/);
    });

    it("parses and checks JSON replies against responseSchema", async () => {
      const qb = await make({ subagents: { dispatch: (request) => (request.description === "bad" ? '{"n":"x"}' : '{"n":3}') } });
      const schema = "{ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }";
      expect((await qb.eval(`(await task({ description: 'good', subagentType: 'any', responseSchema: ${schema} })).n`)).value).toBe(3);
      const bad = await qb.eval(`await task({ description: 'bad', subagentType: 'any', responseSchema: ${schema} })`);
      expect(bad.error?.type).toBe("TaskError");
      expect(bad.error?.message).toMatch(/responseSchema/);
      // Depth counts schema levels (each subschema one deeper), not JSON objects: 9 levels of `items`.
      const tooDeep = await qb.eval(`try { await task({ description: 'd', subagentType: 'any', responseSchema: ${"{ items: ".repeat(9)}{}${" }".repeat(9)} }) } catch (e) { e.message }`);
      expect(tooDeep.value).toMatch(/deeper than 8 schema levels/);
      // An array of objects with nested arrays of objects (deepagents' batch review) is fine.
      const review = "{ type: 'object', properties: { reviews: { type: 'array', items: { type: 'object', properties: { file: { type: 'string' }, issues: { type: 'array', items: { type: 'object', properties: { line: { type: 'number' }, message: { type: 'string' } } } } } } } } }";
      const batch = await qb.eval(`await task({ description: 'good', subagentType: 'any', responseSchema: ${review} })`);
      expect(batch.error?.message ?? "").not.toMatch(/deeper/);
    });

    it("maxTaskCalls is separate from maxToolCalls", async () => {
      const one: ToolDefinition = { name: "one", execute: () => 1 };
      const qb = await make({ tools: [one], maxToolCalls: 1, maxTaskCalls: 2, subagents: { dispatch: () => "ok" } });
      const result = await qb.eval("const r = [await tools.one(), await task({ description: 'a', subagentType: 'x' }), await task({ description: 'b', subagentType: 'x' })]; try { await task({ description: 'c', subagentType: 'x' }) } catch (e) { r.push(e.name) } r");
      expect(result.value).toEqual([1, "ok", "ok", "TaskBudgetExceeded"]);
    });

    it("is absent without subagents", async () => {
      const qb = await make({});
      expect((await qb.eval("typeof task")).value).toBe("undefined");
    });
  });
}
