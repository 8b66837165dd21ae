/**
 * The interpreter's tools: names checked and mapped to camelCase keys, schemas adapted, and the
 * manifest (keys, descriptions, TypeScript signatures) the guest's `tools` object is built from.
 */
import { QuickboxError } from "../errors.js";
import type { ToolManifestEntry } from "../engine-contract.js";
import type { ToolDefinition } from "../types.js";
import type { SchemaAdapter } from "./schema.js";
import { allowedCallersProblem, allowsCaller } from "./tool-callers.js";
import { camelCase, isValidToolKey, toolKeyProblem } from "./tool-names.js";
import type { ToolSchemas } from "./tool-schemas.js";

export interface RegisteredTool {
  definition: ToolDefinition<never>;
  key: string;
  input: SchemaAdapter | undefined;
  signature: string;
  /** Its allowedCallers include "program" (it is in the program's `tools`). */
  forPrograms: boolean;
}

function invalid(message: string): never {
  throw new QuickboxError("INVALID_TOOL", message);
}

function adapt(schemas: ToolSchemas, tool: ToolDefinition<never>, field: "inputSchema" | "outputSchema"): SchemaAdapter | undefined {
  const schema = tool[field];
  if (schema === undefined) return undefined;
  try {
    return schemas.adaptSchema(schema);
  } catch (error) {
    return invalid(`tool ${JSON.stringify(tool.name)}: ${field} is not a JSON Schema or Standard Schema (${(error as Error).message})`);
  }
}

function describeStandardOnly(schema: unknown): string | undefined {
  const description = (schema as { description?: unknown } | undefined)?.description;
  return typeof description === "string" ? description : undefined;
}

export class ToolRegistry {
  readonly #byName = new Map<string, RegisteredTool>();

  /** `schemas`: the tool-schemas capability (loadToolSchemas()), needed when there are tools. */
  constructor(tools: unknown, schemas?: ToolSchemas) {
    if (tools === undefined) return;
    if (!Array.isArray(tools)) invalid("tools must be an array of { name, description?, inputSchema?, outputSchema?, execute }");
    if (tools.length && !schemas) throw new Error("quickbox internal error: tools are registered before the tool schemas were loaded");
    const keys = new Map<string, string>();
    for (const [index, tool] of (tools as unknown[]).entries()) {
      if (typeof tool !== "object" || tool === null) invalid(`tools[${index}] must be an object`);
      const definition = tool as ToolDefinition<never>;
      if (typeof definition.name !== "string" || !definition.name) invalid(`tools[${index}].name must be a non-empty string`);
      if (typeof definition.execute !== "function") invalid(`tool ${JSON.stringify(definition.name)}: execute must be a function`);
      if (definition.description !== undefined && typeof definition.description !== "string") {
        invalid(`tool ${JSON.stringify(definition.name)}: description must be a string`);
      }
      const callersProblem = allowedCallersProblem(definition.allowedCallers);
      if (callersProblem) invalid(`tool ${JSON.stringify(definition.name)}: ${callersProblem}`);
      const key = camelCase(definition.name);
      if (!isValidToolKey(key)) {
        invalid(`tool ${JSON.stringify(definition.name)}: ${toolKeyProblem(key)}`);
      }
      const clash = keys.get(key);
      if (clash !== undefined) invalid(`tools ${JSON.stringify(clash)} and ${JSON.stringify(definition.name)} both become tools.${key}`);
      keys.set(key, definition.name);
      const input = adapt(schemas!, definition, "inputSchema");
      const output = adapt(schemas!, definition, "outputSchema");
      const signature = schemas!.renderSignature({
        key,
        ...(definition.description ? { description: definition.description } : {}),
        input: input ? (input.jsonSchema ?? "opaque") : undefined,
        ...(input && !input.jsonSchema ? { inputDescription: describeStandardOnly(definition.inputSchema) ?? "validated by the host" } : {}),
        output: output?.jsonSchema,
      });
      this.#byName.set(definition.name, { definition, key, input, signature, forPrograms: allowsCaller(definition, "program") });
    }
  }

  get(name: string): RegisteredTool | undefined {
    return this.#byName.get(name);
  }

  get size(): number {
    return this.#byName.size;
  }

  tools(): RegisteredTool[] {
    return [...this.#byName.values()];
  }

  /** The tools' own `needsApproval` settings, by name (interruptOn overrides them). */
  approvalDefaults(): Map<string, unknown> {
    const defaults = new Map<string, unknown>();
    for (const tool of this.tools()) if (tool.definition.needsApproval !== undefined) defaults.set(tool.definition.name, tool.definition.needsApproval);
    return defaults;
  }

  /** The tools a program can call (allowedCallers with "program"): its `tools`, the prompt's signatures. */
  programTools(): RegisteredTool[] {
    return this.tools().filter((tool) => tool.forPrograms);
  }

  /** Tools a program cannot call (direct-only): named as such when a program tries. */
  directOnly(): { name: string; key: string }[] {
    return this.tools()
      .filter((tool) => !tool.forPrograms)
      .map((tool) => ({ name: tool.definition.name, key: tool.key }));
  }

  manifest(): ToolManifestEntry[] {
    return this.programTools().map((tool) => ({
      name: tool.definition.name,
      key: tool.key,
      description: tool.definition.description ?? "",
      signature: tool.signature,
    }));
  }
}
