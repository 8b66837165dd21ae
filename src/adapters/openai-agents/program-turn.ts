/**
 * The program agent's conversation, as its model (program-model.ts) reads it on each turn: the
 * request (first user message, written by the code tool: the code, its thread, the code tool call),
 * then per pause the held calls as function calls, each followed by the SDK's answer once the user
 * decided it. The SDK keeps this conversation in the run state, so it survives `state.toString()`.
 */
import type { AgentInputItem, RunContext } from "@openai/agents";
import { QuickboxError, type Decision } from "../../index.js";

/** What the code tool hands the program agent as its input. */
export interface ProgramRequest {
  code: string;
  threadId: string;
  /** The SDK's id of the code tool call (its scope: the run's context). */
  codeCallId: string;
}

export interface HeldCallAnswer {
  callId: string;
  name: string;
  /** The SDK's output for the call: the rejection message when the user rejected it. */
  output: string;
}

export interface ProgramTurn {
  request: ProgramRequest;
  /** The last pause's held calls with the SDK's answers; empty on the first turn. */
  answered: HeldCallAnswer[];
}

export function programInput(request: ProgramRequest): string {
  return JSON.stringify(request);
}

function malformed(what: string): never {
  throw new QuickboxError("INVALID_OPTIONS", `quickbox/openai-agents: the program agent's conversation is not one the code tool wrote (${what}); run the program agent only through its code tool`);
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: unknown) => (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : "")).join("");
  }
  return "";
}

function readRequest(item: AgentInputItem | undefined): ProgramRequest {
  const text = item && "role" in item && item.role === "user" ? textOf(item.content) : malformed("no request");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return malformed("request is not JSON");
  }
  const request = parsed as Partial<ProgramRequest>;
  if (typeof request.code !== "string" || typeof request.threadId !== "string" || typeof request.codeCallId !== "string") return malformed("request fields");
  return { code: request.code, threadId: request.threadId, codeCallId: request.codeCallId };
}

export function readProgramTurn(input: string | AgentInputItem[]): ProgramTurn {
  const items = typeof input === "string" ? [{ role: "user", content: input } as AgentInputItem] : input;
  const request = readRequest(items[0]);
  // The last batch: function calls that follow one another; a call after anything else starts a new one.
  let batch: { callId: string; name: string }[] = [];
  let previous: string | undefined;
  const outputs = new Map<string, string>();
  for (const item of items.slice(1)) {
    const type = "type" in item ? item.type : undefined;
    if (type === "function_call") {
      const call = item as { callId: string; name: string };
      if (previous !== "function_call") batch = [];
      batch.push({ callId: call.callId, name: call.name });
    } else if (type === "function_call_result") {
      const result = item as { callId: string; output: unknown };
      outputs.set(result.callId, typeof result.output === "string" ? result.output : textOf([result.output]));
    }
    previous = type;
  }
  const answered = batch.map((call) => ({ ...call, output: outputs.get(call.callId) ?? malformed(`no answer for ${call.callId}`) }));
  return { request, answered };
}

/** The user's decisions, as the run records them: approved → run the call; anything else → rejected with the SDK's message. */
export function decisionsOf(answered: HeldCallAnswer[], runContext: RunContext<unknown>): Record<string, Decision> {
  const decisions: Record<string, Decision> = {};
  for (const call of answered) {
    const approved = runContext.isToolApproved({ toolName: call.name, callId: call.callId }) === true;
    decisions[call.callId] = approved ? { type: "approve" } : { type: "reject", message: call.output };
  }
  return decisions;
}
