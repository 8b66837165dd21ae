/**
 * JSON Schema `default`s, filled in before a value is checked and handed to a tool's `execute`
 * (as zod's `.default()` does for a Standard Schema): a missing property whose schema has a
 * `default` gets a copy of it. Followed: `properties`, `items` / `prefixItems` and `allOf`, at
 * any depth of the value; not followed: `$ref`, and branches of `anyOf`/`oneOf`/`if` (which one
 * applies is only known after validation). The value passed in is never changed: what has
 * defaults added is copied.
 */
type SchemaObject = Record<string, unknown>;

const MAX_DEPTH = 64;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Defaults are JSON (they come from a schema): a copy per use, so tools never share one. */
const copyOf = (value: unknown): unknown => (typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value);

export function applyDefaults(schema: unknown, value: unknown, depth = 0): unknown {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return value;
  if (value === undefined) return "default" in schema ? copyOf(schema.default) : value;
  let result: unknown = value;
  if (Array.isArray(schema.allOf)) for (const member of schema.allOf) result = applyDefaults(member, result, depth + 1);
  if (isPlainObject(result) && isPlainObject(schema.properties)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, propertySchema] of Object.entries(schema.properties)) {
      const current = Object.hasOwn(result, key) ? result[key] : undefined;
      const filled = applyDefaults(propertySchema, current, depth + 1);
      if (filled !== current) {
        copy ??= { ...result };
        copy[key] = filled;
      }
    }
    if (copy) result = copy;
  }
  if (Array.isArray(result)) {
    // 2020-12: prefixItems, then items for the rest; earlier drafts: items as a list, then additionalItems.
    const { prefixItems, items, additionalItems } = schema;
    const prefix: unknown[] = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : [];
    const rest = Array.isArray(prefixItems) || !Array.isArray(items) ? (isPlainObject(items) ? items : undefined) : isPlainObject(additionalItems) ? additionalItems : undefined;
    let copy: unknown[] | null = null;
    for (let index = 0; index < result.length; index++) {
      const itemSchema = index < prefix.length ? prefix[index] : rest;
      if (itemSchema === undefined || result[index] === undefined) continue;
      const filled = applyDefaults(itemSchema, result[index], depth + 1);
      if (filled !== result[index]) {
        copy ??= [...result];
        copy[index] = filled;
      }
    }
    if (copy) result = copy;
  }
  return result;
}
