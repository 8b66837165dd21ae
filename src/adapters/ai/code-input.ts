/**
 * The code tool's input: `{ code: string }`, checked both by the AI SDK and in `execute`. With
 * background cells (`yieldAfterMs`), `{ cellId, cancel? }` instead comes back to a program that was
 * still running.
 */
import { jsonSchema } from "ai";
import { QuickboxError } from "../../index.js";
import type { CodeToolInput } from "./types.js";

/** What one call asks for: run a program, or wait for (or cancel) a background cell. */
export type CodeRequest = { kind: "run"; code: string } | { kind: "wait"; cellId: string } | { kind: "cancel"; cellId: string };

const allowedKeys = (cells: boolean) => (cells ? ["code", "cellId", "cancel"] : ["code"]);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function parse(input: unknown, cells: boolean): CodeRequest | string {
  const shape = cells ? "{ code: string } or { cellId: string, cancel?: boolean }" : "{ code: string }";
  if (typeof input !== "object" || input === null || Array.isArray(input)) return `input must be an object ${shape}, got ${describe(input)}`;
  const record = input as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !allowedKeys(cells).includes(key));
  if (unknown.length) return `unknown input ${unknown.map((key) => JSON.stringify(key)).join(", ")}; the input is ${shape}`;
  if (cells && record.cellId !== undefined) {
    if (typeof record.cellId !== "string" || !record.cellId) return `cellId must be a non-empty string, got ${describe(record.cellId)}`;
    if (record.code !== undefined) return "give either code (a new program) or cellId (a program still running), not both";
    if (record.cancel !== undefined && typeof record.cancel !== "boolean") return `cancel must be a boolean, got ${describe(record.cancel)}`;
    return { kind: record.cancel ? "cancel" : "wait", cellId: record.cellId };
  }
  if (record.cancel !== undefined) return "cancel needs the cellId of the program to stop";
  if (typeof record.code !== "string") return `code must be a string, got ${describe(record.code)}`;
  return { kind: "run", code: record.code };
}

export function codeInputSchema(cells: boolean) {
  const properties: Record<string, { type: "string" | "boolean"; description: string }> = { code: { type: "string", description: "The JavaScript or TypeScript program to run." } };
  if (cells) {
    properties.cellId = { type: "string", description: "Instead of code: the cellId of a program that was still running, to wait for its result." };
    properties.cancel = { type: "boolean", description: "With cellId: stop that program instead of waiting." };
  }
  return jsonSchema<CodeToolInput>(
    { type: "object", properties, ...(cells ? {} : { required: ["code"] }), additionalProperties: false },
    {
      validate(value) {
        const request = parse(value, cells);
        return typeof request === "string" ? { success: false, error: new TypeError(`code tool: ${request}`) } : { success: true, value: value as CodeToolInput };
      },
    },
  );
}

/** What the call asks for, or QuickboxError INVALID_OPTIONS naming what is wrong. */
export function readRequest(input: unknown, cells: boolean): CodeRequest {
  const request = parse(input, cells);
  if (typeof request === "string") throw new QuickboxError("INVALID_OPTIONS", `code tool: ${request}`);
  return request;
}
