import { a as QuickboxError } from "./snapshot-codec-CMGbdmR3.js";
// src/adapters/mcp/call-result.ts
function isTextBlock(block) {
	return typeof block === "object" && block !== null && block.type === "text" && typeof block.text === "string";
}
/** An image, audio, resource link or embedded resource, without annotations and _meta. */
function plainBlock(block) {
	if (isTextBlock(block)) return block.text;
	if (typeof block !== "object" || block === null) return block;
	const { annotations: _annotations, _meta, resource, ...rest } = block;
	if (typeof resource === "object" && resource !== null) {
		const { _meta: _resourceMeta, ...contents } = resource;
		return {
			...rest,
			...contents
		};
	}
	return rest;
}
/** All text → one string ("" when there is no content at all); anything else → an array of strings and plain objects. */
function unwrapContent(content) {
	if (content.every(isTextBlock)) return content.map((block) => block.text).join("\n");
	return content.map(plainBlock);
}
function errorText(toolName, content) {
	return content.filter(isTextBlock).map((block) => block.text).join("\n").trim() || `MCP tool "${toolName}" failed`;
}
function unwrapCallResult(toolName, result) {
	const content = Array.isArray(result.content) ? result.content : [];
	if (result.isError === true) throw new Error(errorText(toolName, content));
	if (result.structuredContent !== void 0 && result.structuredContent !== null) return result.structuredContent;
	if (result.content === void 0 && "toolResult" in result) return result.toolResult;
	return unwrapContent(content);
}
// src/adapters/mcp/list-tools.ts
var MAX_PAGES = 1e3;
async function listAllTools(client) {
	const tools = [];
	const seenCursors = /* @__PURE__ */ new Set();
	let cursor;
	for (let page = 0; page < MAX_PAGES; page++) {
		const result = await client.listTools(cursor === void 0 ? void 0 : { cursor });
		tools.push(...result.tools);
		cursor = result.nextCursor;
		if (cursor === void 0 || cursor === "") return tools;
		if (seenCursors.has(cursor)) throw new Error(`mcpTools: the MCP server returned the cursor ${JSON.stringify(cursor)} twice while listing tools`);
		seenCursors.add(cursor);
	}
	throw new Error(`mcpTools: the MCP server's tool list did not end after ${MAX_PAGES} pages`);
}
// src/adapters/mcp/mcp-tools.ts
/** mcpTools: the tools of an MCP server as quickbox ToolDefinitions. */
/** MCP allows `.` and `/` in names; a program's tool key cannot hold them, so they become `_`. */
function programSafeName(name) {
	return name.replace(/[^A-Za-z0-9_-]/g, "_");
}
function isClient(value) {
	return typeof value === "object" && value !== null && typeof value.listTools === "function" && typeof value.callTool === "function";
}
function toDefinition(client, tool, options) {
	const description = tool.description ?? tool.title;
	return {
		name: programSafeName(`${options.prefix ?? ""}${tool.name}`),
		...description ? { description } : {},
		inputSchema: tool.inputSchema,
		...tool.outputSchema ? { outputSchema: tool.outputSchema } : {},
		async execute(input, { signal }) {
			const requestOptions = {
				signal,
				...options.callTimeoutMs !== void 0 ? { timeout: options.callTimeoutMs } : {}
			};
			const result = await client.callTool({
				name: tool.name,
				arguments: input
			}, void 0, requestOptions);
			return unwrapCallResult(tool.name, result);
		}
	};
}
async function mcpTools(client, options = {}) {
	if (!isClient(client)) throw new QuickboxError("INVALID_OPTIONS", "mcpTools: client must be an MCP Client (with listTools and callTool)");
	if (options.prefix !== void 0 && typeof options.prefix !== "string") throw new QuickboxError("INVALID_OPTIONS", "mcpTools: prefix must be a string");
	if (options.filter !== void 0 && typeof options.filter !== "function") throw new QuickboxError("INVALID_OPTIONS", "mcpTools: filter must be a function");
	const listed = await listAllTools(client);
	return (options.filter ? listed.filter(options.filter) : listed).map((tool) => toDefinition(client, tool, options));
}
export { mcpTools };
