/**
 * quickboxExecutor, the Executor of @cloudflare/codemode: driven by the real package's
 * createBrowserCodeTool (its `/browser` entry, which loads in any runtime) and called directly.
 * Shared by Node and Chromium, inline and worker: results and logs as codemode reports them,
 * `codemode.*` calls as quickbox tool calls under quickbox's limits, and no failure ever thrown.
 */
import { createBrowserCodeTool } from "@cloudflare/codemode/browser";
import { afterEach, describe, expect, it } from "vitest";
import type { InterpreterEvent } from "../../src/index.js";
import { quickboxExecutor, type Executor, type QuickboxExecutor, type QuickboxExecutorOptions, type ResolvedProvider } from "../../src/codemode.js";

// The executor satisfies codemode's own Executor type (a compile-time check, no run-time effect).
type CodemodeExecutor = NonNullable<Parameters<typeof createBrowserCodeTool>[0]["executor"]>;
const assignable = (executor: QuickboxExecutor): [CodemodeExecutor, Executor] => [executor, executor];

export function defineCodemodeSuite(isolation: "inline" | "worker"): void {
  const made: QuickboxExecutor[] = [];
  const executor = (options: QuickboxExecutorOptions = {}) => {
    const created = quickboxExecutor({ isolation, ...options });
    made.push(created);
    return assignable(created)[0] as QuickboxExecutor;
  };
  afterEach(async () => {
    await Promise.all(made.splice(0).map((created) => created.dispose()));
  });

  const weatherTools = (calls: unknown[]) => ({
    "get-weather": {
      description: "Current temperature for a city.",
      inputSchema: { type: "object" as const, properties: { city: { type: "string" as const } }, required: ["city"] },
      execute: async (args: Record<string, unknown>) => {
        calls.push(args);
        return { city: args.city, temperature: args.city === "Oslo" ? 4 : 21 };
      },
    },
  });

  describe(`quickboxExecutor with codemode's createBrowserCodeTool (${isolation})`, () => {
    it("runs the model's async arrow function: codemode.* calls reach the tools, result and logs come back", async () => {
      const calls: unknown[] = [];
      const events: InterpreterEvent[] = [];
      const codeTool = createBrowserCodeTool({ tools: weatherTools(calls), executor: executor({ onEvent: (event) => events.push(event) }) });
      const output = await codeTool.execute({
        code: `async () => {
          const [oslo, paris] = await Promise.all([codemode.get_weather({ city: "Oslo" }), codemode.get_weather({ city: "Paris" })]);
          console.log("checked", 2);
          console.warn("careful");
          return { colder: oslo.temperature < paris.temperature ? "Oslo" : "Paris" };
        }`,
      });
      expect(output).toEqual({ result: { colder: "Oslo" }, logs: ["checked 2", "[warn] careful"] });
      expect(calls).toEqual([{ city: "Oslo" }, { city: "Paris" }]);
      // Each codemode.* call was a quickbox tool call.
      expect(events.filter((event) => event.type === "tool-call" && event.phase === "end")).toHaveLength(2);
    });

    it("a failing program is codemode's error (the tool throws 'Code execution failed'), with the logs so far", async () => {
      const codeTool = createBrowserCodeTool({ tools: weatherTools([]), executor: executor() });
      await expect(codeTool.execute({ code: `async () => { console.log("start"); throw new TypeError("no such city"); }` })).rejects.toThrow(
        /Code execution failed: TypeError: no such city[\s\S]*Console output:\nstart/,
      );
    });
  });

  describe(`quickboxExecutor.execute (${isolation})`, () => {
    it("takes the deprecated fns record, several providers with preludes, and code in any program shape", async () => {
      const run = executor();
      expect(await run.execute("1 + 1", { add: async (a: unknown, b: unknown) => Number(a) + Number(b) })).toEqual({ result: 2, logs: [] });
      const providers: ResolvedProvider[] = [
        { name: "codemode", fns: { add: async (a: unknown, b: unknown) => Number(a) + Number(b) } },
        { name: "state", fns: { read: async (path: unknown) => `contents of ${String(path)}` }, prelude: "const readTwice = async (p) => [await state.read(p), await state.read(p)];" },
      ];
      expect(await run.execute("return [await codemode.add(2, 3), await readTwice('a.txt')]", providers)).toEqual({ result: [5, ["contents of a.txt", "contents of a.txt"]], logs: [] });
      expect((await run.execute("async function main() { return 7 }", providers)).error).toBeUndefined();
    });

    it("connectors: <name>.<method>(args) calls binding.callTool; an error answer throws in the program", async () => {
      const seen: unknown[] = [];
      const binding = {
        callTool: async (method: string, args: unknown) => {
          seen.push([method, args]);
          return method === "broken" ? { __codemode_control__: "error", message: "upstream down" } : { ok: method };
        },
      };
      const result = await executor().execute("async () => [await github.list_issues({ repo: 'x' }), await github.broken({}).catch((e) => e.message)]", [], { connectors: [{ name: "github", binding }] });
      expect(result.result).toEqual([{ ok: "list_issues" }, expect.stringContaining("upstream down")]);
      expect(seen).toEqual([["list_issues", { repo: "x" }], ["broken", {}]]);
    });

    it("never throws: bad names, unknown functions, a tool that throws, syntax errors, and a disposed executor answer { error }", async () => {
      const run = executor();
      const fns = { boom: async () => Promise.reject(new Error("kaboom")), "a-b": async () => 1, a_b: async () => 2 };
      expect(await run.execute("1", [{ name: "tools", fns: {} }])).toEqual({ result: undefined, error: 'Provider name "tools" is reserved' });
      expect((await run.execute("1", [{ name: "not valid", fns: {} }])).error).toMatch(/not a valid JavaScript identifier/);
      expect((await run.execute("1", [{ name: "codemode", fns: {} }, { name: "codemode", fns: {} }])).error).toMatch(/Duplicate provider name/);
      expect((await run.execute("1", [{ name: "codemode", fns }])).error).toMatch(/both sanitize to "a_b"/);
      expect(await run.execute("async () => codemode.missing()", [{ name: "codemode", fns: {} }])).toMatchObject({ result: undefined, error: 'ToolError: Tool "missing" not found' });
      expect(await run.execute("async () => codemode.boom()", [{ name: "codemode", fns: { boom: fns.boom } }])).toMatchObject({ result: undefined, error: "ToolError: kaboom" });
      expect((await run.execute("async () => { return 1 + ; }", [])).error).toMatch(/^SyntaxError: /);
      expect((await run.execute(42 as unknown as string, [])).error).toBe("code must be a string");
      await run.dispose();
      expect(await run.execute("1", [])).toEqual({ result: undefined, error: "this executor was disposed" });
    });

    it("quickbox's limits hold, and the executor works after each: CPU time, tool-call budget, memory", async () => {
      const fns = { tick: async () => 1 };
      const run = executor({ timeoutMs: 300, maxToolCalls: 3 });
      expect((await run.execute("async () => { while (true) {} }", [{ name: "codemode", fns }])).error).toMatch(/^Timeout: /);
      expect((await run.execute("async () => { for (let i = 0; i < 10; i++) await codemode.tick(); }", [{ name: "codemode", fns }])).error).toMatch(/^ToolCallBudgetExceeded: /);
      expect(await run.execute("async () => (await codemode.tick()) + 1", [{ name: "codemode", fns }])).toEqual({ result: 2, logs: [] });
      // Memory apart from a tight CPU budget (a busy machine must not turn the one into the other).
      const small = executor({ memoryLimitBytes: 16 * 2 ** 20 });
      expect((await small.execute("async () => { const a = []; while (true) a.push('x'.repeat(2 ** 20) + a.length); }", [])).error).toMatch(/^OutOfMemory: /);
      expect(await small.execute("async () => (await codemode.tick()) + 2", [{ name: "codemode", fns }])).toEqual({ result: 3, logs: [] });
    });

    it("executions run side by side, each with its own functions and globals, and leave no thread behind", async () => {
      const run = executor();
      const results = await Promise.all(
        ["a", "b", "c"].map((tag) => run.execute(`async () => { globalThis.mine = "${tag}"; return [await codemode.who(), mine]; }`, [{ name: "codemode", fns: { who: async () => tag } }])),
      );
      expect(results.map((result) => result.result)).toEqual([["a", "a"], ["b", "b"], ["c", "c"]]);
      expect((await run.execute("typeof mine", [])).result).toBe("undefined");
      expect(await (await run.interpreter()).threads()).toEqual([]);
    });
  });
}
