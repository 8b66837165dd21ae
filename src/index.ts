export { createInterpreter } from "./interpreter.js";
export { QuickboxError, isQuickboxError } from "./errors.js";
export type { QuickboxErrorCode, SnapshotRejectionReason } from "./errors.js";
export type {
  ClockMode,
  DecisionType,
  EvalError,
  EvalOptions,
  EvalResult,
  Interpreter,
  InterpreterEvent,
  InterpreterOptions,
  Interrupt,
  Isolation,
  JsonSchema,
  SkillsBackend,
  SubagentOptions,
  TaskRequest,
  ThreadInfo,
  ThreadState,
  ToolContext,
  ToolDefinition,
  ToolSchema,
} from "./types.js";
