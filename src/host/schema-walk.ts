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

const escapePointerToken = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * A `$ref` in `schema` that does not lead to a schema mapSchemas visits, or null. A validator
 * resolves a JSON pointer anywhere in the document (@cfworker/json-schema indexes the objects under
 * keywords it does not know, too), so a reference to such a place would reach a `pattern` or
 * `format` that no rewrite saw. Allowed: `#` (the root), `#/…` pointers to visited schemas, and
 * `#name` for an `$anchor` declared in one.
 */
export function unreachableRef(schema: unknown): string | null {
  const pointers = new Set<string>();
  const anchors = new Set<string>();
  const refs: string[] = [];
  const pending: { node: unknown; pointer: string; depth: number }[] = [{ node: schema, pointer: "", depth: 0 }];
  while (pending.length) {
    const { node, pointer, depth } = pending.pop()!;
    if (typeof node !== "object" || node === null || Array.isArray(node) || depth > MAX_DEPTH) continue;
    pointers.add(pointer);
    for (const [keyword, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${pointer}/${escapePointerToken(keyword)}`;
      if (keyword === "$ref" || keyword === "$dynamicRef" || keyword === "$recursiveRef") refs.push(typeof value === "string" ? value : JSON.stringify(value));
      else if (keyword === "$anchor" || keyword === "$dynamicAnchor") {
        if (typeof value === "string") anchors.add(value);
      } else if (SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)) value.forEach((child, index) => pending.push({ node: child, pointer: `${at}/${index}`, depth: depth + 1 }));
      else if (SUBSCHEMA.has(keyword)) pending.push({ node: value, pointer: at, depth: depth + 1 });
      else if (SUBSCHEMA_MAPS.has(keyword) && typeof value === "object" && value !== null && !Array.isArray(value)) {
        for (const [name, child] of Object.entries(value)) pending.push({ node: child, pointer: `${at}/${escapePointerToken(name)}`, depth: depth + 1 });
      }
    }
  }
  for (const ref of refs) {
    if (!ref.startsWith("#")) return ref;
    const fragment = ref.slice(1);
    if (fragment === "" || (!fragment.startsWith("/") && anchors.has(fragment))) continue;
    let pointer: string;
    try {
      pointer = decodeURIComponent(fragment);
    } catch {
      return ref;
    }
    if (!pointers.has(pointer)) return ref;
  }
  return null;
}
