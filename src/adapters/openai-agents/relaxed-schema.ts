/**
 * An Agents SDK tool's `parameters` are written for the model's strict mode: every property is
 * required, and an optional one says so by also accepting null. A program calls the tool like
 * JavaScript does, leaving optional properties out: quickbox checks its arguments against the same
 * schema with such properties no longer required (the SDK's own parser then reads them as before).
 */
type Schema = { [key: string]: unknown };

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a schema accepts null (`type: [..., "null"]`, `type: "null"`, or an anyOf/oneOf branch that does). */
function acceptsNull(schema: unknown): boolean {
  if (!isSchema(schema)) return false;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.some(acceptsNull)) return true;
  }
  return false;
}

/** The keys under which a JSON Schema keeps sub-schemas (one, a list, or a map of them). */
const ONE = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const LIST = ["anyOf", "oneOf", "allOf", "prefixItems"];
const MAP = ["properties", "$defs", "definitions", "patternProperties"];

/**
 * Schemas are the app's, but a cyclic or very deep object must not hang the host: a node met again
 * gets the same copy (cycles stay cycles), and below 64 levels a node is kept as it is.
 */
export function relaxedSchema(schema: unknown, depth = 0, copies = new Map<Schema, Schema>()): unknown {
  if (!isSchema(schema) || depth > 64) return schema;
  const known = copies.get(schema);
  if (known) return known;
  const out: Schema = { ...schema };
  copies.set(schema, out);
  const walk = (sub: unknown) => relaxedSchema(sub, depth + 1, copies);
  for (const key of ONE) if (key in out) out[key] = walk(out[key]);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(walk);
  for (const key of MAP) {
    const entries = out[key];
    if (isSchema(entries)) out[key] = Object.fromEntries(Object.entries(entries).map(([name, sub]) => [name, walk(sub)]));
  }
  const properties = schema.properties;
  if (Array.isArray(schema.required) && isSchema(properties)) {
    out.required = schema.required.filter((name) => !(typeof name === "string" && Object.hasOwn(properties, name) && acceptsNull(properties[name])));
  }
  return out;
}
