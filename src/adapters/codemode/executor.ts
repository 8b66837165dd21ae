/**
 * quickboxExecutor: `@cloudflare/codemode`'s Executor on quickbox, for any runtime (Node, Deno,
 * browsers, workerd). Each `execute` gets a thread of its own in one shared interpreter (created on
 * first use): a setup cell makes the namespaces globals, then the program runs as a cell of its own
 * (every program shape quickbox runs: codemode's `async () => { … }` among them), under quickbox's
 * limits; the thread is reset after. It never rejects: every failure is `{ result: undefined, error }`.
 */
import { createInterpreter, type EvalResult, type ToolDefinition } from "../../index.js";
import { lazyInterpreter } from "../../adapter-support.js";
import { CALL_TOOL, namespacesOf, type NamespaceCall } from "./namespaces.js";
import type { CodemodeFunction, ExecuteOptions, ExecuteResult, QuickboxExecutor, QuickboxExecutorOptions, ResolvedProvider } from "./types.js";

const asyncDispose: typeof Symbol.asyncDispose = Symbol.asyncDispose ?? (Symbol.for("Symbol.asyncDispose") as typeof Symbol.asyncDispose);

type CallTable = Map<string, (name: string) => NamespaceCall | undefined>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function logsOf(...results: EvalResult[]): string[] {
  return results.flatMap((result) => (result.stdout ? result.stdout.replace(/\n$/, "").split("\n") : []));
}

function errorText(result: EvalResult): string {
  const error = result.error;
  if (!error) return `the program ended with status "${result.status}"`;
  return error.type === "Error" ? error.message : `${error.type}: ${error.message}`;
}

/** The one quickbox tool: `{ namespace, method, args }` → this execution's function. */
function callTool(tables: Map<string, CallTable>): ToolDefinition<{ namespace: string; method: string; args: unknown[] }> {
  return {
    name: CALL_TOOL,
    description: "Calls a function of a codemode namespace (the namespaces are globals: codemode.<fn>(…)).",
    inputSchema: {
      type: "object",
      properties: { namespace: { type: "string" }, method: { type: "string" }, args: { type: "array" } },
      required: ["namespace", "method", "args"],
      additionalProperties: false,
    },
    execute: async ({ namespace, method, args }, context) => {
      const call = tables.get(context.threadId)?.get(namespace)?.(method);
      if (!call) throw new Error(`Tool "${method}" not found`);
      return call(method, args);
    },
  };
}

export function quickboxExecutor(options: QuickboxExecutorOptions = {}): QuickboxExecutor {
  const tables = new Map<string, CallTable>();
  const interpreter = lazyInterpreter(() => createInterpreter({ ...options, tools: [callTool(tables) as ToolDefinition] }), "executor");

  async function execute(code: string, providersOrFns: ResolvedProvider[] | Record<string, CodemodeFunction>, executeOptions?: ExecuteOptions): Promise<ExecuteResult> {
    try {
      if (typeof code !== "string") return { result: undefined, error: "code must be a string" };
      const providers = Array.isArray(providersOrFns) ? providersOrFns : [{ name: "codemode", fns: providersOrFns ?? {} }];
      const namespaces = namespacesOf(providers, executeOptions?.connectors ?? []);
      if (typeof namespaces === "string") return { result: undefined, error: namespaces };
      const qb = await interpreter.get();
      const threadId = `codemode-${crypto.randomUUID()}`;
      tables.set(threadId, namespaces.calls);
      try {
        const setup = await qb.eval(namespaces.setup, { threadId });
        if (setup.status !== "ok") return { result: undefined, error: `a provider's prelude failed: ${errorText(setup)}`, logs: logsOf(setup) };
        const run = await qb.eval(code, { threadId });
        const logs = logsOf(setup, run);
        if (run.status === "ok") return { result: run.value, logs };
        return { result: undefined, error: errorText(run), logs };
      } finally {
        tables.delete(threadId);
        await qb.reset(threadId).catch(() => undefined);
      }
    } catch (error) {
      return { result: undefined, error: messageOf(error) };
    }
  }

  return {
    execute,
    interpreter: () => interpreter.get(),
    dispose: () => interpreter.dispose(),
    [asyncDispose]: () => interpreter.dispose(),
  };
}
