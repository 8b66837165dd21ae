/**
 * Tool and response schemas: JSON Schema (validated with @cfworker/json-schema, which generates no
 * code, so it runs on workerd too), or any Standard Schema (zod v4, valibot, arktype, …). A Standard
 * Schema that also implements the Standard JSON Schema interface (zod 4.2+) is rendered in the
 * system prompt from its JSON Schema.
 */
import { Validator, type Schema as CfSchema } from "@cfworker/json-schema";
import { withProgramPatterns } from "./program-patterns.js";
import { withSafeFormats } from "./safe-formats.js";
import { unreachableRef } from "./schema-walk.js";
import { applyDefaults } from "./schema-defaults.js";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { SchemaIssue } from "./schema-issues.js";

export type JsonSchema = { [key: string]: unknown } | boolean;
export type AnySchema = JsonSchema | StandardSchemaV1;

export { describeIssues, type SchemaIssue } from "./schema-issues.js";

export type SchemaCheck = { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[] };

export interface SchemaAdapter {
  validate(value: unknown): Promise<SchemaCheck>;
  /** JSON Schema for rendering signatures, when one is known. */
  readonly jsonSchema: JsonSchema | undefined;
}

export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return typeof standard === "object" && standard !== null && typeof standard.validate === "function";
}

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** Structural sanity checks; returns a reason, or null when the schema looks usable. */
export function jsonSchemaProblem(schema: unknown, path = "schema"): string | null {
  if (typeof schema === "boolean") return null;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return `${path} must be an object or a boolean`;
  const record = schema as Record<string, unknown>;
  const type = record.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.every((t) => typeof t === "string" && JSON_TYPES.has(t))) return `${path}.type must be a JSON Schema type name, got ${JSON.stringify(type)}`;
  }
  if (record.properties !== undefined) {
    if (typeof record.properties !== "object" || record.properties === null || Array.isArray(record.properties)) return `${path}.properties must be an object`;
    for (const [key, child] of Object.entries(record.properties)) {
      const problem = jsonSchemaProblem(child, `${path}.properties.${key}`);
      if (problem) return problem;
    }
  }
  if (record.required !== undefined && !(Array.isArray(record.required) && record.required.every((r) => typeof r === "string"))) {
    return `${path}.required must be an array of property names`;
  }
  if (record.items !== undefined && !Array.isArray(record.items)) {
    const problem = jsonSchemaProblem(record.items, `${path}.items`);
    if (problem) return problem;
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (record[key] === undefined) continue;
    if (!Array.isArray(record[key])) return `${path}.${key} must be an array`;
    for (const [index, child] of (record[key] as unknown[]).entries()) {
      const problem = jsonSchemaProblem(child, `${path}.${key}[${index}]`);
      if (problem) return problem;
    }
  }
  if (record.enum !== undefined && !Array.isArray(record.enum)) return `${path}.enum must be an array`;
  return null;
}

function draftOf(schema: JsonSchema): "4" | "7" | "2019-09" | "2020-12" {
  const uri = typeof schema === "object" ? String(schema.$schema ?? "") : "";
  if (uri.includes("draft-04")) return "4";
  if (uri.includes("draft-07") || uri.includes("draft-06")) return "7";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12";
}

/** "#/items/2/id" → "items[2].id" */
function readablePath(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => {
      const unescaped = part.replace(/~1/g, "/").replace(/~0/g, "~");
      try {
        return decodeURIComponent(unescaped);
      } catch {
        return unescaped;
      }
    })
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

function jsonSchemaAdapter(schema: JsonSchema, checked: JsonSchema = withSafeFormats(schema)): SchemaAdapter {
  const validator = new Validator(checked as CfSchema, draftOf(schema), false);
  return {
    jsonSchema: schema,
    async validate(input) {
      const value = applyDefaults(schema, input);
      let result;
      try {
        result = validator.validate(value);
      } catch (error) {
        // Values the validator cannot walk (a key with a lone surrogate, say) fail the check.
        return { ok: false, issues: [{ path: "", message: `the value cannot be checked: ${error instanceof Error ? error.message : String(error)}` }] };
      }
      if (result.valid) return { ok: true, value };
      // The deepest errors name the failing field; the summary errors only repeat "properties failed".
      const leaves = result.errors.filter((error) => !["properties", "allOf", "items", "$ref"].includes(error.keyword));
      return {
        ok: false,
        issues: (leaves.length ? leaves : result.errors).map((error) => ({ path: readablePath(error.instanceLocation), message: error.error })),
      };
    },
  };
}

function standardPath(path: StandardSchemaV1.Issue["path"]): string {
  if (!path) return "";
  return path
    .map((segment) => (typeof segment === "object" ? segment.key : segment))
    .reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");
}

function standardJsonSchema(schema: StandardSchemaV1): JsonSchema | undefined {
  const converter = (schema as unknown as { "~standard": Partial<StandardJSONSchemaV1["~standard"]> })["~standard"].jsonSchema;
  if (!converter || typeof converter.input !== "function") return undefined;
  try {
    return converter.input({ target: "draft-2020-12" }) as JsonSchema;
  } catch {
    return undefined;
  }
}

function standardAdapter(schema: StandardSchemaV1): SchemaAdapter {
  return {
    jsonSchema: standardJsonSchema(schema),
    async validate(value) {
      const result = await schema["~standard"].validate(value);
      if (!result.issues) return { ok: true, value: result.value };
      return { ok: false, issues: result.issues.map((issue) => ({ path: standardPath(issue.path), message: issue.message })) };
    },
  };
}

/** Throws an Error with the reason when `schema` is neither a JSON Schema nor a Standard Schema. */
export function adaptSchema(schema: unknown): SchemaAdapter {
  if (isStandardSchema(schema)) return standardAdapter(schema);
  const problem = jsonSchemaProblem(schema);
  if (problem) throw new Error(problem);
  return jsonSchemaAdapter(schema as JsonSchema);
}

/**
 * A schema the program chose (task()'s responseSchema): its `pattern`s run on a linear-time
 * engine (program-chosen regular expressions never run on the host's backtracking one), its
 * formats on linear checks. Call `release()` when done with it.
 */
export async function adaptProgramSchema(schema: unknown): Promise<SchemaAdapter & { release(): void }> {
  const problem = jsonSchemaProblem(schema);
  if (problem) throw new Error(problem);
  const ref = unreachableRef(schema);
  if (ref !== null) {
    throw new Error(`$ref ${JSON.stringify(ref.slice(0, 80))} does not point to a subschema of this schema; refer to "#", "#/$defs/<name>", "#/properties/<name>" or another subschema`);
  }
  const patterns = await withProgramPatterns(withSafeFormats(schema as JsonSchema));
  return { ...jsonSchemaAdapter(schema as JsonSchema, patterns.schema), release: patterns.release };
}
