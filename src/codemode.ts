/** quickbox/codemode: an Executor for `@cloudflare/codemode` (see src/adapters/codemode/). */
export { quickboxExecutor } from "./adapters/codemode/executor.js";
export type { CodemodeFunction, ConnectorBinding, ExecuteOptions, ExecuteResult, Executor, QuickboxExecutor, QuickboxExecutorOptions, ResolvedProvider } from "./adapters/codemode/types.js";
