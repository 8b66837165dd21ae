/**
 * Drives the interpreter from a model behind an OpenAI-compatible chat completions endpoint: the
 * model gets one tool, `eval`, and the interpreter's system prompt. Nothing is sent anywhere
 * until the user fills in an endpoint and asks.
 */
import type { EvalResult } from "quickbox";

export interface ModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export type TranscriptEntry = { role: "user" | "assistant"; text: string } | { role: "program"; code: string; result: string };

interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

const EVAL_TOOL = {
  type: "function",
  function: {
    name: "eval",
    description: "Run a JavaScript/TypeScript program in the persistent sandbox. Returns what it printed and its result.",
    parameters: { type: "object", properties: { code: { type: "string", description: "the program" } }, required: ["code"] },
  },
};

const MAX_STEPS = 8;

export async function askModel(
  config: ModelConfig,
  question: string,
  context: { systemPrompt: string; evalCode(code: string): Promise<EvalResult>; onEntry(entry: TranscriptEntry): void; signal: AbortSignal },
): Promise<void> {
  const messages: ChatMessage[] = [
    { role: "system", content: context.systemPrompt },
    { role: "user", content: question },
  ];
  context.onEntry({ role: "user", text: question });
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(`${config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages, tools: [EVAL_TOOL] }),
      signal: context.signal,
    });
    if (!response.ok) throw new Error(`the model endpoint answered ${response.status} ${response.statusText}`);
    const body = (await response.json()) as { choices?: { message?: ChatMessage }[] };
    const message = body.choices?.[0]?.message;
    if (!message) throw new Error("the model endpoint sent no message");
    messages.push(message);
    if (!message.tool_calls?.length) {
      context.onEntry({ role: "assistant", text: message.content ?? "" });
      return;
    }
    for (const call of message.tool_calls) {
      let code: string;
      try {
        code = String((JSON.parse(call.function.arguments) as { code?: unknown }).code ?? "");
      } catch {
        code = "";
      }
      const result = await context.evalCode(code);
      context.onEntry({ role: "program", code, result: result.text });
      messages.push({ role: "tool", tool_call_id: call.id, content: result.text });
      if (result.status === "paused") {
        context.onEntry({ role: "assistant", text: "(The program is waiting for approval: decide in the Approvals panel.)" });
        return;
      }
    }
  }
  context.onEntry({ role: "assistant", text: `(Stopped after ${MAX_STEPS} steps.)` });
}
