/**
 * Calls from code are gated at least as strictly as the same tool called directly by the model.
 *
 * What LangChain lets a middleware read of the agent's approvals (checked on langchain 1.5 and
 * deepagents 1.14): `humanInTheLoopMiddleware({ interruptOn })` keeps its options in a closure —
 * the middleware object has only its name, context schema and hooks — and deepagents'
 * `createDeepAgent({ interruptOn })` hands them only to that function. What *is* reachable: the
 * per-invocation form, `agent.invoke(…, { context: { interruptOn } })`, which the human-in-the-loop
 * middleware merges over its options; and the graph itself, whose checkpoints name its nodes (a
 * human-in-the-loop middleware adds `HumanInTheLoopMiddleware.after_model`).
 *
 * So a program's call of an agent tool (or `task()`) waits for a decision when any of these says so:
 * - the middleware's own `interruptOn` (quickbox's settings, or LangChain's `InterruptOnConfig` as
 *   given to the human-in-the-loop middleware: pass the same object to both);
 * - the run's `context.interruptOn` (as the human-in-the-loop middleware reads it);
 * - when the middleware was given no `interruptOn` at all and the agent has a human-in-the-loop
 *   middleware: every call from code (the safe side), with a warning saying how to be precise.
 */
import type { HoldContext, HoldPredicate, HoldSettings, InterpreterOptions } from "../../index.js";
import type { EvalForThread } from "./agent-tools.js";

/** LangChain's `InterruptOnConfig` (humanInTheLoopMiddleware): the fields that decide a hold. */
interface LangChainInterruptOn {
  allowedDecisions?: string[];
  description?: string | ((toolCall: ToolCallLike, state: unknown, runtime: unknown) => string | Promise<string>);
  /** LangChain calls it with one request object: `{ toolCall, tool, state, runtime }`. */
  when?: (request: { toolCall: ToolCallLike; tool: undefined; state: unknown; runtime: unknown }) => boolean | Promise<boolean>;
}

interface ToolCallLike {
  name: string;
  args: unknown;
  id: string;
  type: "tool_call";
}

/** LangChain's default decisions for `true` (a direct call's review offers these). */
const LANGCHAIN_DECISIONS = ["approve", "edit", "reject"] as const;
const HITL_NODE_PREFIX = "HumanInTheLoopMiddleware";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** One entry (quickbox's or LangChain's shape) decided for one call: hold settings, or false. */
async function decideEntry(entry: unknown, args: unknown, context: HoldContext, runtime: Record<string, unknown> | undefined, langChainOnly: boolean): Promise<boolean | HoldSettings> {
  if (entry === undefined || entry === false || entry === null) return false;
  // LangChain's `true` offers approve, edit and reject; quickbox's also respond.
  if (entry === true) return langChainOnly ? { allowedDecisions: [...LANGCHAIN_DECISIONS] } : true;
  if (typeof entry === "function") return (entry as HoldPredicate)(args, context);
  if (!isObject(entry)) return true;
  const config = entry as LangChainInterruptOn;
  const toolCall: ToolCallLike = { name: context.name, args, id: context.callId, type: "tool_call" };
  const state = runtime?.state;
  if (typeof config.when === "function" && !(await config.when({ toolCall, tool: undefined, state, runtime }))) return false;
  const description = typeof config.description === "function" ? await config.description(toolCall, state, runtime) : config.description;
  return {
    ...(Array.isArray(config.allowedDecisions) ? { allowedDecisions: config.allowedDecisions as HoldSettings["allowedDecisions"] } : {}),
    ...(typeof description === "string" ? { description } : {}),
  };
}

/** The checkpoint namespace of the graph the eval tool runs in (its own task's namespace dropped). */
function parentNamespace(namespace: unknown): string {
  return typeof namespace === "string" ? namespace.split("|").slice(0, -1).join("|") : "";
}

/**
 * Whether the agent running this eval has a human-in-the-loop middleware: its node shows in the
 * graph's latest checkpoint (read through the run's checkpointer). Unknown (no checkpointer, an
 * unreadable checkpoint) → false: without a checkpointer no approval can pause a run anyway.
 */
async function hasHumanInTheLoop(runtime: Record<string, unknown> | undefined): Promise<boolean> {
  const configurable = isObject(runtime?.configurable) ? runtime.configurable : undefined;
  const checkpointer = configurable?.__pregel_checkpointer as { getTuple?: (config: unknown) => Promise<unknown> } | undefined;
  if (!configurable || typeof checkpointer?.getTuple !== "function") return false;
  const namespace = parentNamespace(configurable.checkpoint_ns);
  const checkpointId = isObject(configurable.checkpoint_map) ? configurable.checkpoint_map[namespace] : undefined;
  try {
    const tuple = (await checkpointer.getTuple({ configurable: { thread_id: configurable.thread_id, checkpoint_ns: namespace, ...(checkpointId ? { checkpoint_id: checkpointId } : {}) } })) as
      | { checkpoint?: { channel_versions?: Record<string, unknown>; versions_seen?: Record<string, unknown> } }
      | undefined;
    const names = [...Object.keys(tuple?.checkpoint?.channel_versions ?? {}), ...Object.keys(tuple?.checkpoint?.versions_seen ?? {})];
    return names.some((name) => name.startsWith(HITL_NODE_PREFIX) || name.startsWith(`branch:to:${HITL_NODE_PREFIX}`));
  } catch {
    return false;
  }
}

export interface CodeApprovalOptions {
  /** The middleware's `interruptOn` (undefined: not given). */
  configured: Record<string, unknown> | undefined;
  /** The eval running on a thread (its LangChain runtime: state, context, config). */
  evalFor: EvalForThread;
  /** Told once per thread when calls are held because the agent has approvals the middleware cannot read. */
  warn: (threadId: string, message: string) => void;
}

/**
 * The interpreter's `interruptOn` for this tool set: every agent tool a program may call (and
 * "task"), plus whatever else the middleware's own `interruptOn` names (quickbox tools).
 */
export function codeInterruptOn(names: string[], options: CodeApprovalOptions): NonNullable<InterpreterOptions["interruptOn"]> {
  const { configured, evalFor, warn } = options;
  const interruptOn: NonNullable<InterpreterOptions["interruptOn"]> = {};
  for (const [name, entry] of Object.entries(configured ?? {})) if (!names.includes(name)) interruptOn[name] = entry as never;
  const warned = new Set<string>();
  for (const name of names) {
    interruptOn[name] = async (args, context) => {
      const runtime = evalFor(context.threadId)?.config;
      const fromContext = isObject(runtime?.context) && isObject(runtime.context.interruptOn) ? runtime.context.interruptOn[name] : undefined;
      const fromContextDecided = await decideEntry(fromContext, args, context, runtime, true);
      if (fromContextDecided !== false) return fromContextDecided;
      const configuredDecided = await decideEntry(configured?.[name], args, context, runtime, false);
      if (configuredDecided !== false) return configuredDecided;
      if (configured !== undefined || !(await hasHumanInTheLoop(runtime))) return false;
      if (!warned.has(context.threadId)) {
        warned.add(context.threadId);
        warn(
          context.threadId,
          `calls from code to ${names.join(", ")} wait for approval: this agent has a human-in-the-loop middleware, whose interruptOn a middleware cannot read. Pass the same interruptOn to createCodeInterpreterMiddleware({ interruptOn }) to hold only the calls it holds (interruptOn: {} to hold none)`,
        );
      }
      return { allowedDecisions: [...LANGCHAIN_DECISIONS], description: `The program called ${name === "task" ? "task()" : name}; this agent requires approvals, so calls from code wait for a decision.` };
    };
  }
  return interruptOn;
}
