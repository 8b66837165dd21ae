export { createInterpreter } from "./interpreter.js";
export { QuickboxError, isQuickboxError } from "./errors.js";
export { memoryStore } from "./stores/memory-store.js";
export { pruneSnapshots } from "./stores/store-contract.js";
export type { QuickboxErrorCode, SnapshotRejectionReason } from "./errors.js";
export type {
  ClockMode,
  Decision,
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
  PersistenceMode,
  PrunableSnapshotStore,
  AtomicSnapshotStore,
  PruneOptions,
  RecoverDecision,
  SnapshotInfo,
  SnapshotStore,
  StoreRecord,
  StoreRecordMeta,
  SkillsBackend,
  SubagentOptions,
  TaskRequest,
  ThreadInfo,
  ThreadState,
  ToolCaller,
  ToolCallerType,
  ToolContext,
  ToolDefinition,
  ToolSchema,
} from "./types.js";
