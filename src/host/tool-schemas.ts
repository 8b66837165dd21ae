/**
 * What tools with schemas need on the host: the JSON Schema / Standard Schema validator (with its
 * formats, defaults and the program's patterns) and the TypeScript signatures of the prompt. A
 * capability of its own, loaded on first use (tool-schemas-loader.ts): an app without tools never
 * loads it.
 */
import { adaptProgramSchema, adaptSchema } from "./schema.js";
import { renderSignature } from "./type-rendering.js";

export const toolSchemas = { adaptSchema, adaptProgramSchema, renderSignature };
export type ToolSchemas = typeof toolSchemas;
