/**
 * An AI SDK schema (zod, jsonSchema(), any Standard Schema) as a quickbox tool schema: the JSON
 * Schema from `asSchema(schema).jsonSchema` renders the signature in the system prompt, and the AI
 * SDK schema's own `validate` checks (and transforms: defaults, coercions) the program's input, so
 * a tool's `execute` gets what it would get from the AI SDK.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { asSchema, type FlexibleSchema } from "ai";
import type { JsonSchema, ToolSchema } from "../../index.js";

type Issue = StandardSchemaV1.Issue;

function isIssueList(value: unknown): value is Issue[] {
  return Array.isArray(value) && value.every((issue) => typeof issue === "object" && issue !== null && typeof (issue as Issue).message === "string");
}

/** zod errors carry `issues`; the AI SDK's TypeValidationError carries Standard Schema issues as `cause`. */
function issuesOf(error: unknown): Issue[] {
  if (typeof error === "object" && error !== null) {
    const { issues, cause } = error as { issues?: unknown; cause?: unknown };
    if (isIssueList(issues)) return issues;
    if (isIssueList(cause)) return cause;
  }
  return [{ message: error instanceof Error ? error.message : String(error) }];
}

export async function jsonSchemaOf(schema: FlexibleSchema<unknown>): Promise<JsonSchema> {
  return (await asSchema(schema).jsonSchema) as JsonSchema;
}

export async function toToolSchema(schema: FlexibleSchema<unknown> | undefined): Promise<ToolSchema> {
  const aiSchema = asSchema(schema);
  const json = (await aiSchema.jsonSchema) as JsonSchema;
  const check = aiSchema.validate?.bind(aiSchema);
  if (!check) return json;
  const standard: StandardSchemaV1 & { "~standard": { jsonSchema: { input(): JsonSchema; output(): JsonSchema } } } = {
    "~standard": {
      version: 1,
      vendor: "quickbox-ai-sdk",
      async validate(value) {
        const result = await check(value);
        return result.success ? { value: result.value } : { issues: issuesOf(result.error) };
      },
      jsonSchema: { input: () => json, output: () => json },
    },
  };
  return standard;
}
