/**
 * A `tools/call` result as the program's value: `structuredContent` when the server sent it,
 * otherwise the content blocks (text blocks joined; other blocks as plain objects). `isError`
 * becomes a thrown Error, which the program's await sees as a catchable ToolError.
 */
import type { McpCallResult } from "./types.js";

type Block = { type?: unknown; text?: unknown; resource?: unknown; [key: string]: unknown };

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return typeof block === "object" && block !== null && (block as Block).type === "text" && typeof (block as Block).text === "string";
}

/** An image, audio, resource link or embedded resource, without annotations and _meta. */
function plainBlock(block: unknown): unknown {
  if (isTextBlock(block)) return block.text;
  if (typeof block !== "object" || block === null) return block;
  const { annotations: _annotations, _meta, resource, ...rest } = block as Block;
  if (typeof resource === "object" && resource !== null) {
    const { _meta: _resourceMeta, ...contents } = resource as Record<string, unknown>;
    return { ...rest, ...contents };
  }
  return rest;
}

/** All text → one string ("" when there is no content at all); anything else → an array of strings and plain objects. */
export function unwrapContent(content: unknown[]): unknown {
  if (content.every(isTextBlock)) return content.map((block) => block.text).join("\n");
  return content.map(plainBlock);
}

function errorText(toolName: string, content: unknown[]): string {
  const text = content
    .filter(isTextBlock)
    .map((block) => block.text)
    .join("\n")
    .trim();
  return text || `MCP tool "${toolName}" failed`;
}

export function unwrapCallResult(toolName: string, result: McpCallResult): unknown {
  const content = Array.isArray(result.content) ? result.content : [];
  if (result.isError === true) throw new Error(errorText(toolName, content));
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (result.content === undefined && "toolResult" in result) return result.toolResult;
  return unwrapContent(content);
}
