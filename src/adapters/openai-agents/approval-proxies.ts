/**
 * The program agent's tools: one per tool a program can call, standing for its held calls. They
 * never run the tool (quickbox does, when the program resumes): the SDK asks for approval of each
 * held call (needsApproval: true, or the run's standing decision for the tool) and records the
 * decision in the run's context, where the program's resume reads it.
 */
import { tool, type FunctionTool } from "@openai/agents";
import type { AnyContext } from "./types.js";

export interface ApprovalProxies {
  tools: FunctionTool<AnyContext, AnyContext, string>[];
  /** The proxy's name for a tool's name (the SDK writes `get-user` as `get_user`). */
  nameOf(toolName: string): string;
}

export function approvalProxies(toolNames: Iterable<string>, descriptions: ReadonlyMap<string, string | undefined>): ApprovalProxies {
  const names = new Map<string, string>();
  const tools: FunctionTool<AnyContext, AnyContext, string>[] = [];
  for (const name of new Set(toolNames)) {
    const proxy = tool({
      name,
      description: descriptions.get(name) ?? `A call of ${name} from a program`,
      parameters: { type: "object", properties: {}, required: [], additionalProperties: true },
      strict: false,
      needsApproval: true,
      execute: async () => "approved",
    });
    names.set(name, proxy.name);
    tools.push(proxy);
  }
  return { tools, nameOf: (toolName) => names.get(toolName) ?? toolName };
}
