/** task(): the program's subagent calls, dispatched on the host through `subagents.dispatch`. */
import { QuickboxError } from "../errors.js";
import type { CallResult, GuestCall, SubagentManifest } from "../engine-contract.js";
import { truncateText } from "../result/wire-format.js";
import type { InterpreterEvent, SubagentOptions, TaskRequest, ToolContext } from "../types.js";
import { errorMessage } from "./error-message.js";
import { encodeForGuest } from "./guest-encoding.js";
import { hostSliceIsFull, nextHostSlice } from "../util/host-slices.js";
import { describeIssues } from "./schema-issues.js";
import { loadToolSchemas } from "./tool-schemas-loader.js";
import type { ToolSchemas } from "./tool-schemas.js";

export class SubagentRunner {
  readonly #options: SubagentOptions;

  constructor(options: unknown) {
    if (typeof options !== "object" || options === null || typeof (options as SubagentOptions).dispatch !== "function") {
      throw new QuickboxError("INVALID_OPTIONS", "subagents must be { dispatch(request, context), types?: { name, description }[] }");
    }
    const types = (options as SubagentOptions).types;
    if (types !== undefined) {
      if (!Array.isArray(types) || !types.every((t) => typeof t?.name === "string" && t.name && typeof t.description === "string")) {
        throw new QuickboxError("INVALID_OPTIONS", "subagents.types must be an array of { name, description } with non-empty names");
      }
      if (new Set(types.map((t) => t.name)).size !== types.length) throw new QuickboxError("INVALID_OPTIONS", "subagents.types has duplicate names");
    }
    this.#options = options as SubagentOptions;
  }

  get types(): { name: string; description: string }[] {
    return this.#options.types ?? [];
  }

  manifest(): SubagentManifest {
    return { enabled: true, types: this.types.map(({ name, description }) => ({ name, description })) };
  }

  async run(
    call: GuestCall,
    args: unknown,
    context: ToolContext,
    emit: (event: InterpreterEvent) => void,
    maxPayloadBytes: number,
  ): Promise<CallResult> {
    const request = args as TaskRequest;
    const base = {
      type: "task" as const,
      threadId: context.threadId,
      callId: call.id,
      subagentType: request.subagentType,
      description: request.description,
      ...(request.label ? { label: request.label } : {}),
    };
    const started = performance.now();
    emit({ ...base, phase: "start" });
    let result: CallResult;
    let schema: Awaited<ReturnType<ToolSchemas["adaptProgramSchema"]>> | undefined;
    try {
      // The program's schema is checked (and its patterns compiled) before the subagent runs.
      if (request.responseSchema !== undefined) {
        const { adaptProgramSchema } = await loadToolSchemas();
        schema = await adaptProgramSchema(request.responseSchema).catch((error: unknown) => {
          throw new Error(`responseSchema: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
      let reply = await this.#options.dispatch(request, context);
      if (schema) {
        if (typeof reply === "string") {
          try {
            reply = JSON.parse(reply);
          } catch {
            throw new Error("the subagent's reply is not JSON, but a responseSchema was given");
          }
        }
        const checked = await schema.validate(reply);
        if (!checked.ok) throw new Error(`the subagent's reply does not match responseSchema: ${describeIssues(checked.issues)}`);
      }
      while (hostSliceIsFull()) await nextHostSlice();
      result = { id: call.id, ok: true, ...encodeForGuest(reply, maxPayloadBytes) };
    } catch (error) {
      result = { id: call.id, ok: false, error: { name: "TaskError", message: truncateText(errorMessage(error), maxPayloadBytes) } };
    } finally {
      schema?.release();
    }
    emit({ ...base, phase: "end", durationMs: performance.now() - started, ok: result.ok, ...(result.error ? { error: result.error.message } : {}) });
    return result;
  }
}
