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

/** `depth` bounds the walk: schemas are the app's, but a cyclic object must not hang the host. */
export function relaxedSchema(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema) || depth > 64) return schema;
  const out: Schema = { ...schema };
  for (const key of ONE) if (key in out) out[key] = relaxedSchema(out[key], depth + 1);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((branch) => relaxedSchema(branch, depth + 1));
  for (const key of MAP) {
    const entries = out[key];
    if (isSchema(entries)) out[key] = Object.fromEntries(Object.entries(entries).map(([name, sub]) => [name, relaxedSchema(sub, depth + 1)]));
  }
  const properties = schema.properties;
  if (Array.isArray(schema.required) && isSchema(properties)) {
    out.required = schema.required.filter((name) => !(typeof name === "string" && Object.hasOwn(properties, name) && acceptsNull(properties[name])));
  }
  return out;
}
