/** quickbox/langchain: the code interpreter as LangChain.js v1 / deepagents middleware. */
export {
  createCodeInterpreterMiddleware,
  type CheckpointLister,
  type CheckpointPruneOptions,
  type CodeInterpreterMiddleware,
} from "./adapters/langchain/code-interpreter-middleware.js";
export type { AgentTool, CodeInterpreterMiddlewareOptions, LangChainInterruptOnConfig } from "./adapters/langchain/middleware-options.js";
export type { CodeInterruptPayload } from "./adapters/langchain/interrupt-payload.js";
