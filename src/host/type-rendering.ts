/**
 * JSON Schema → TypeScript type text, for the system prompt and tools.$describe: descriptions as
 * JSDoc, enums and consts as literal unions, anyOf/oneOf as unions (parenthesised inside arrays),
 * nested objects inline, optional properties with `?`, local `$ref`s resolved.
 */
import type { JsonSchema } from "./schema.js";

type Schema = Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_DEPTH = 8;

function literal(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : value === null ? "null" : String(value);
}

function jsDoc(description: unknown, indent: string): string {
  if (typeof description !== "string" || !description.trim()) return "";
  const lines = description.trim().replace(/\*\//g, "*\\/").split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`).join("\n")}\n${indent} */\n`;
}

class TypeRenderer {
  constructor(private readonly root: JsonSchema) {}

  #resolve(ref: string): JsonSchema | undefined {
    if (!ref.startsWith("#")) return undefined;
    let node: unknown = this.root;
    for (const part of ref.replace(/^#\/?/, "").split("/").filter(Boolean)) {
      if (typeof node !== "object" || node === null) return undefined;
      node = (node as Schema)[decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"))];
    }
    return typeof node === "object" || typeof node === "boolean" ? (node as JsonSchema) : undefined;
  }

  render(schema: JsonSchema | undefined, indent: string, depth: number, seenRefs: string[] = []): string {
    if (schema === undefined || schema === true) return "unknown";
    if (schema === false) return "never";
    if (depth > MAX_DEPTH) return "unknown";
    if (typeof schema.$ref === "string") {
      if (seenRefs.includes(schema.$ref)) return "unknown";
      const target = this.#resolve(schema.$ref);
      return target === undefined ? "unknown" : this.render(target, indent, depth + 1, [...seenRefs, schema.$ref]);
    }
    if ("const" in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ") || "never";
    const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(union)) {
      const parts = [...new Set(union.map((part) => this.render(part, indent, depth + 1, seenRefs)))];
      return parts.join(" | ") || "never";
    }
    if (Array.isArray(schema.allOf)) {
      return schema.allOf.map((part) => this.#wrapUnion(this.render(part as JsonSchema, indent, depth + 1, seenRefs))).join(" & ") || "unknown";
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
    if (types.length > 1) return types.map((type) => this.render({ ...schema, type }, indent, depth + 1, seenRefs)).join(" | ");
    const type = types[0] ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
    switch (type) {
      case "string":
        return "string";
      case "number":
      case "integer":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array":
        return this.#array(schema, indent, depth, seenRefs);
      case "object":
        return this.#object(schema, indent, depth, seenRefs);
      default:
        return "unknown";
    }
  }

  #wrapUnion(text: string): string {
    return text.includes(" | ") ? `(${text})` : text;
  }

  #array(schema: Schema, indent: string, depth: number, seenRefs: string[]): string {
    if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) {
      const items = (schema.prefixItems ?? schema.items) as JsonSchema[];
      return `[${items.map((item) => this.render(item, indent, depth + 1, seenRefs)).join(", ")}]`;
    }
    const item = this.render(schema.items as JsonSchema | undefined, indent, depth + 1, seenRefs);
    return `${this.#wrapUnion(item)}[]`;
  }

  #object(schema: Schema, indent: string, depth: number, seenRefs: string[]): string {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const [key, child] of Object.entries(properties)) {
      const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      const doc = typeof child === "object" ? jsDoc(child.description, inner) : "";
      lines.push(`${doc}${inner}${name}${required.has(key) ? "" : "?"}: ${this.render(child, inner, depth + 1, seenRefs)};`);
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === "object") lines.push(`${inner}[key: string]: ${this.render(extra as JsonSchema, inner, depth + 1, seenRefs)};`);
    else if (!lines.length && extra !== false) return "Record<string, unknown>";
    if (!lines.length) return "{}";
    return `{\n${lines.join("\n")}\n${indent}}`;
  }
}

export function renderType(schema: JsonSchema | undefined, indent = ""): string {
  return new TypeRenderer(schema ?? true).render(schema, indent, 0);
}

export interface SignatureParts {
  key: string;
  description?: string;
  /** Undefined: the tool takes any input; "unknown": a schema without a JSON Schema form. */
  input: JsonSchema | undefined | "opaque";
  inputDescription?: string;
  output: JsonSchema | undefined;
}

/** `/** description *\/\nkey(input: {...}): Promise<...>;` with the given indentation. */
export function renderSignature(parts: SignatureParts, indent = ""): string {
  const doc = jsDoc(parts.description, indent);
  const inputType = parts.input === "opaque" || parts.input === undefined ? "unknown" : renderType(parts.input, indent);
  const inputDoc = parts.input === "opaque" && parts.inputDescription ? `/* ${parts.inputDescription.replace(/\*\//g, "*\\/")} */ ` : "";
  const optional = parts.input === undefined ? "?" : "";
  return `${doc}${indent}${parts.key}(input${optional}: ${inputDoc}${inputType}): Promise<${renderType(parts.output, indent)}>;`;
}
