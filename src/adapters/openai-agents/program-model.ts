/**
 * The program agent's "model": not a language model but quickbox. Each turn it runs or resumes the
 * program (program-runs.ts) and answers as a model would — the held calls of a paused program as
 * function calls (with their quickbox ids as call ids), which the SDK turns into the run's
 * interruptions; the end of the program as an assistant message with its wire text, which becomes
 * the code tool's output.
 */
import { Usage, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from "@openai/agents";

/** An item a model answers with (the narrower type of a streamed response, which a response also takes). */
type OutputItem = Extract<StreamEvent, { type: "response_done" }>["response"]["output"][number];
import type { ProgramRuns, ProgramStep } from "./program-runs.js";
import { readProgramTurn } from "./program-turn.js";

/** `callName`: the name of the program agent's tool that stands for a held call's tool. */
function outputOf(step: ProgramStep, callName: (toolName: string) => string): OutputItem[] {
  if (step.kind === "done") {
    return [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: step.text }] }];
  }
  return (step.result.interrupts ?? []).map((interrupt) => ({
    type: "function_call" as const,
    callId: interrupt.id,
    name: callName(interrupt.name),
    arguments: JSON.stringify(interrupt.args ?? null),
    status: "completed" as const,
  }));
}

export class ProgramModel implements Model {
  constructor(
    private readonly runs: ProgramRuns,
    private readonly callName: (toolName: string) => string,
  ) {}

  async #answer(request: ModelRequest): Promise<OutputItem[]> {
    return outputOf(await this.runs.step(readProgramTurn(request.input), request.signal), this.callName);
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    return { usage: new Usage(), output: await this.#answer(request) };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const output = await this.#answer(request);
    yield { type: "response_done", response: { id: `program_${crypto.randomUUID()}`, usage: { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output } };
  }
}
