/** quickbox/ai: the Vercel AI SDK adapter (see src/adapters/ai/). */
export { createCodeTool } from "./adapters/ai/code-tool.js";
export { resumedProgramMessage } from "./adapters/ai/resumed-message.js";
export type {
  CodeThreadId,
  CodeTool,
  CodeToolControls,
  CodeToolInput,
  CodeToolOutput,
  CreateCodeToolOptions,
  PausedProgram,
  ResumeCodeOptions,
} from "./adapters/ai/types.js";
