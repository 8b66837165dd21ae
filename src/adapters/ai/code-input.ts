/** The code tool's input: `{ code: string }`, checked both by the AI SDK and in `execute`. */
import { jsonSchema } from "ai";
import { QuickboxError } from "../../index.js";
import type { CodeToolInput } from "./types.js";

function inputProblem(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return `input must be an object { code: string }, got ${describe(input)}`;
  const code = (input as { code?: unknown }).code;
  if (typeof code !== "string") return `code must be a string, got ${describe(code)}`;
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

export const codeInputSchema = jsonSchema<CodeToolInput>(
  {
    type: "object",
    properties: { code: { type: "string", description: "The JavaScript or TypeScript program to run." } },
    required: ["code"],
    additionalProperties: false,
  },
  {
    validate(value) {
      const problem = inputProblem(value);
      return problem ? { success: false, error: new TypeError(`code tool: ${problem}`) } : { success: true, value: value as CodeToolInput };
    },
  },
);

/** The program text, or QuickboxError INVALID_OPTIONS naming what is wrong. */
export function readCode(input: unknown): string {
  const problem = inputProblem(input);
  if (problem) throw new QuickboxError("INVALID_OPTIONS", `code tool: ${problem}`);
  return (input as CodeToolInput).code;
}
