/**
 * Visiting the schemas inside a JSON Schema (not the data in `const`, `enum`, `default`,
 * `examples`): the keywords whose values are a subschema, a list of them, or a map of named ones.
 */
const SUBSCHEMA = new Set(["items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "not", "if", "then", "else"]);
const SUBSCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const MAX_DEPTH = 200;

/**
 * A copy of `schema` in which every schema object was passed through `visit` (its subschemas
 * first). `visit` gets a shallow copy it may change and return.
 */
export function mapSchemas(schema: unknown, visit: (schema: Record<string, unknown>) => Record<string, unknown>, depth = 0): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > MAX_DEPTH) return schema;
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  for (const [keyword, value] of Object.entries(copy)) {
    if (SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)) copy[keyword] = value.map((child) => mapSchemas(child, visit, depth + 1));
    else if (SUBSCHEMA.has(keyword)) copy[keyword] = mapSchemas(value, visit, depth + 1);
    else if (SUBSCHEMA_MAPS.has(keyword) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const map: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value)) map[name] = mapSchemas(child, visit, depth + 1);
      copy[keyword] = map;
    }
  }
  return visit(copy);
}
