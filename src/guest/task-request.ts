/**
 * The rules of a task() request, in one place: the guest checks the program's input against them
 * (with clear messages), and the host checks every request it receives again — a program can
 * forge the guest's reports, so the host never relies on the guest's check. Pure functions over
 * plain JSON data; no guest or host state, and no imports (the host imports this module; the
 * guest's intrinsics module must not reach it).
 */

/** JSON.stringify as the caller trusts it (the guest passes the one it captured before user code ran). */
export type Stringify = (value: unknown) => string | undefined;

export const TASK_FIELDS = ["description", "subagentType", "label", "responseSchema"];
export const MAX_RESPONSE_SCHEMA_BYTES = 4096;
/** Schema levels: the response schema itself is level 1; each subschema one level deeper. */
export const MAX_RESPONSE_SCHEMA_DEPTH = 8;
export const MAX_RESPONSE_SCHEMA_PROPERTIES = 32;

/** Keywords whose value is a subschema, an array of subschemas or a map of named subschemas. */
const SUBSCHEMA = new Set(["items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "not", "if", "then", "else"]);
const SUBSCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/** The first problem of a response schema's shape: depth in schema levels, and its properties. */
function schemaShapeProblem(schema: unknown, level: number, counter: { properties: number }): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return null;
  if (level > MAX_RESPONSE_SCHEMA_DEPTH) return `responseSchema is nested deeper than ${MAX_RESPONSE_SCHEMA_DEPTH} schema levels`;
  for (const [keyword, value] of Object.entries(schema)) {
    const children = SUBSCHEMA.has(keyword)
      ? [value]
      : SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)
        ? value
        : SUBSCHEMA_MAPS.has(keyword) && typeof value === "object" && value !== null
          ? Object.values(value)
          : [];
    if (keyword === "properties" && typeof value === "object" && value !== null) {
      counter.properties += Object.keys(value).length;
      if (counter.properties > MAX_RESPONSE_SCHEMA_PROPERTIES) return `responseSchema has more than ${MAX_RESPONSE_SCHEMA_PROPERTIES} properties`;
    }
    for (const child of children) {
      const problem = schemaShapeProblem(child, level + 1, counter);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * What is wrong with a task request (its fields as plain data, responseSchema already a JSON
 * copy), or null. `typeNames`: the subagent types the interpreter declares (none: any type).
 */
export function taskRequestProblem(fields: Record<string, unknown>, typeNames: readonly string[], jsonStringify: Stringify = JSON.stringify): string | null {
  const unknown = Object.keys(fields).filter((key) => !TASK_FIELDS.includes(key));
  if (unknown.length) return `unknown field ${unknown.map((k) => jsonStringify(k)).join(", ")} (expected ${TASK_FIELDS.join(", ")})`;
  if (typeof fields.description !== "string" || !fields.description.trim()) return "description is required and must be a non-empty string";
  if (typeof fields.subagentType !== "string" || !fields.subagentType) {
    return `subagentType is required and must be a string${typeNames.length ? ` (one of ${typeNames.join(", ")})` : ""}`;
  }
  if (typeNames.length && !typeNames.includes(fields.subagentType)) return `unknown subagentType ${jsonStringify(fields.subagentType)} (one of ${typeNames.join(", ")})`;
  if (fields.label !== undefined && typeof fields.label !== "string") return "label must be a string";
  if (fields.responseSchema === undefined) return null;
  if (typeof fields.responseSchema !== "object" || fields.responseSchema === null || Array.isArray(fields.responseSchema)) return "responseSchema must be a JSON Schema object";
  const text = jsonStringify(fields.responseSchema);
  if (typeof text !== "string") return "responseSchema must be a JSON Schema object";
  if (text.length > MAX_RESPONSE_SCHEMA_BYTES) return `responseSchema is larger than ${MAX_RESPONSE_SCHEMA_BYTES} bytes`;
  return schemaShapeProblem(fields.responseSchema, 1, { properties: 0 });
}
