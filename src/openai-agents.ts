/** quickbox/openai-agents: the OpenAI Agents SDK adapter (see src/adapters/openai-agents/). */
export { createCodeTool } from "./adapters/openai-agents/code-tool.js";
export type { CodeThreadId, CodeTool, CodeToolControls, CreateCodeToolOptions } from "./adapters/openai-agents/types.js";
