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
  InterpreterOptions,
  Interrupt,
  Isolation,
  ThreadInfo,
  ThreadState,
} from "./types.js";
