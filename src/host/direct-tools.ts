/**
 * Tools the host or an adapter calls itself, for the model (allowedCallers with "direct"): the
 * input checked as for a program's call (schema defaults applied), then `execute` with
 * `ctx.caller` `{ type: "direct" }`. The adapters offer these to the model next to the code tool.
 */
import type { JsonSchema, ToolDefinition } from "../types.js";
import { describeIssues } from "./schema-issues.js";
import { toolSchemas } from "./tool-schemas.js";
import { allowsCaller, DIRECT_CALLER } from "./tool-callers.js";
import { ToolRegistry } from "./tool-registry.js";

/** What a direct call gets besides its input: the adapter's thread (conversation) and the model's tool call id. */
export interface DirectCallContext {
  threadId: string;
  callId: string;
  signal: AbortSignal;
}

export interface DirectTool {
  name: string;
  description: string | undefined;
  /** The input's JSON Schema for the model (an open object when only a Standard Schema without one is known). */
  inputJsonSchema: JsonSchema;
  /** Checks the input and runs the tool; an input the schema rejects throws an Error named ToolInputError. */
  call(input: unknown, context: DirectCallContext): Promise<unknown>;
}

const OPEN_OBJECT: JsonSchema = { type: "object", properties: {}, additionalProperties: true };

/** The tools of `definitions` that may be called directly (checked as createInterpreter checks them: INVALID_TOOL). */
export function directTools(definitions: readonly ToolDefinition<never>[]): DirectTool[] {
  return new ToolRegistry(definitions, toolSchemas)
    .tools()
    .filter((tool) => allowsCaller(tool.definition, "direct"))
    .map(({ definition, input }) => ({
      name: definition.name,
      description: definition.description,
      inputJsonSchema: typeof input?.jsonSchema === "object" ? input.jsonSchema : OPEN_OBJECT,
      async call(value: unknown, context: DirectCallContext): Promise<unknown> {
        let checked = value;
        if (input) {
          const result = await input.validate(value ?? {});
          if (!result.ok) throw Object.assign(new Error(`${definition.name}: invalid input: ${describeIssues(result.issues)}`), { name: "ToolInputError" });
          checked = result.value;
        }
        return definition.execute(checked as never, { ...context, caller: DIRECT_CALLER });
      },
    }));
}
