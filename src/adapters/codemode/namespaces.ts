/**
 * The namespaces of one execution (providers and connectors): checked as codemode checks them, then
 * made globals of the program's thread by a setup cell. A namespace is a Proxy whose every method
 * calls quickbox's one tool for them (`tools.codemode`), so each `codemode.x(…)` is a quickbox tool
 * call (budgets, payload limits, events); the host finds the function in this execution's table.
 */
import type { ConnectorBinding, ResolvedProvider } from "./types.js";
import { functionsByName } from "./function-names.js";

/** The quickbox tool that carries every namespace call. */
export const CALL_TOOL = "codemode";

/** codemode's reserved names, and the program's own globals that a namespace must not replace. */
const RESERVED = new Set(["__dispatchers", "__connectors", "__logs", "WorkerEntrypoint", "CodeExecutor", "Promise", "setTimeout", "Error", "console", "tools", "task", "progress", "__quickboxCall"]);
const IDENTIFIER = /^[a-zA-Z_$][a-zA-Z0-9_$]*$/;

export type NamespaceCall = (name: string, args: unknown[]) => Promise<unknown>;

export interface Namespaces {
  /** By namespace name: how one of its methods is called; undefined when it has no such method. */
  calls: Map<string, (name: string) => NamespaceCall | undefined>;
  /** The setup cell: the namespaces as globals, then the providers' preludes. */
  setup: string;
}

function nameProblem(name: unknown, seen: Set<string>, what: string): string | undefined {
  if (typeof name !== "string" || !IDENTIFIER.test(name)) return `${what} name "${String(name)}" is not a valid JavaScript identifier`;
  if (RESERVED.has(name)) return `${what} name "${name}" is reserved`;
  if (seen.has(name)) return `Duplicate ${what.toLowerCase()} name "${name}"`;
  seen.add(name);
  return undefined;
}

const namespaceSource = (name: string) =>
  `const ${name} = new Proxy({}, { get: (_, method) => typeof method === "string" && method !== "then" ? (...args) => __quickboxCall({ namespace: ${JSON.stringify(name)}, method, args }) : undefined });`;

/** A connector answers with a control object for an error, or to pause the execution for an approval (codemode's runtime). */
const CONTROL_KEY = "__codemode_control__";

function connectorAnswer(answer: unknown): unknown {
  if (typeof answer !== "object" || answer === null || !(CONTROL_KEY in answer)) return answer;
  const control = answer as { [CONTROL_KEY]: unknown; message?: unknown };
  if (control[CONTROL_KEY] === "error") throw new Error(String(control.message));
  if (control[CONTROL_KEY] === "pause") throw new Error("this connector asked to pause the execution for an approval, which quickboxExecutor does not do");
  return answer;
}

/** The namespaces, or what is wrong with them (the words codemode's executor uses). */
export function namespacesOf(providers: ResolvedProvider[], connectors: ConnectorBinding[]): Namespaces | string {
  const seen = new Set<string>();
  const calls = new Map<string, (name: string) => NamespaceCall | undefined>();
  const preludes: string[] = [];
  for (const provider of providers) {
    const problem = nameProblem(provider?.name, seen, "Provider");
    if (problem) return problem;
    if (typeof provider.fns !== "object" || provider.fns === null) return `Provider "${provider.name}" has no fns`;
    const fns = functionsByName(provider.name, provider.fns);
    if (typeof fns === "string") return fns;
    calls.set(provider.name, (method) => {
      const fn = fns.get(method);
      return typeof fn === "function" ? (_, args) => (fn as (...a: unknown[]) => Promise<unknown>)(...args) : undefined;
    });
    if (typeof provider.prelude === "string" && provider.prelude) preludes.push(provider.prelude);
  }
  for (const connector of connectors) {
    const problem = nameProblem(connector?.name, seen, "Connector");
    if (problem) return problem;
    const binding = connector.binding;
    calls.set(connector.name, () => async (method, args) => connectorAnswer(await binding.callTool(method, args[0])));
  }
  const setup = [`const __quickboxCall = tools.${CALL_TOOL};`, ...[...calls.keys()].map(namespaceSource), ...preludes, "undefined"].join("\n");
  return { calls, setup };
}
