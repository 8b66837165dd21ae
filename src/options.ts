/** Validation and defaults for createInterpreter options. Bad input throws INVALID_OPTIONS. */
import { MIN_MEMORY_BYTES } from "./engine/wasm-build.js";
import type { EngineOptions } from "./engine-contract.js";
import { QuickboxError } from "./errors.js";
import { HoldPolicy } from "./host/hold-policy.js";
import { SubagentRunner } from "./host/subagents.js";
import { ToolRegistry } from "./host/tool-registry.js";
import type { ToolSchemas } from "./host/tool-schemas.js";
import { SkillLibrary } from "./host/skills.js";
import { safeEmitter, type EmitEvent } from "./host/events.js";
import { hostRuntime, type HostRuntime } from "./runtime/host-runtime.js";
import type { ClockMode, InterpreterEvent, InterpreterOptions, Isolation, PersistenceMode, RecoverDecision, SnapshotStore } from "./types.js";
import type { KeyInput } from "./snapshot/snapshot-keys.js";
import { memoryStore } from "./stores/memory-store.js";
import { isSnapshotStore } from "./stores/store-contract.js";

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_WALL_TIMEOUT_MS = 60_000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 2 ** 20;
export const MAX_MEMORY_LIMIT_BYTES = 2 ** 31;
export const DEFAULT_MAX_STACK_SIZE_BYTES = 256 * 2 ** 10;
export const MIN_STACK_SIZE_BYTES = 16 * 2 ** 10;
/** The build's shadow stack is 5 MiB; QuickJS's limit must stay well inside it. */
export const MAX_STACK_SIZE_BYTES = 4 * 2 ** 20;
export const DEFAULT_MAX_TOOL_PAYLOAD_BYTES = 2 ** 20;
/** Per thread: what replay needs to rebuild it on another build (DESIGN.md §6). */
export const DEFAULT_MAX_JOURNAL_BYTES = 4 * 2 ** 20;
export const DEFAULT_MAX_RESULT_CHARS = 4000;
export const DEFAULT_MAX_TOOL_CALLS = 256;
export const DEFAULT_MAX_CONCURRENT_TOOL_CALLS = 32;
export const DEFAULT_MAX_TASK_CALLS = 64;
export const DEFAULT_MAX_CONCURRENT_TASKS = 32;
export const MAX_WORKERS = 64;

/** Options as the host side uses them. */
export interface ResolvedOptions {
  /** The runtime's facts (runtime/host-runtime.ts), handed on to the transport. */
  runtime: HostRuntime;
  engine: EngineOptions;
  isolation: Isolation;
  workers: number;
  tools: ToolRegistry;
  /** interruptOn: which calls wait for a decision (host-side: it may hold predicates). */
  holds: HoldPolicy;
  subagents: SubagentRunner | undefined;
  sanitizeToolErrors: boolean;
  promptTools: "signatures" | "names";
  onEvent: ((event: InterpreterEvent) => void) | undefined;
  /** onEvent, made safe: a listener that throws is ignored. */
  emit: EmitEvent;
  skills: SkillLibrary | undefined;
  wasmModule: WebAssembly.Module | undefined;
  store: SnapshotStore;
  /** True when the caller passed a store: then every eval that changes a thread is persisted. */
  storeConfigured: boolean;
  maxSnapshotBytes: number;
  maxLiveThreads: number;
  recover: ((call: { threadId: string; callId: string; name: string; args: unknown }) => RecoverDecision | Promise<RecoverDecision>) | undefined;
  /** How long another interpreter's claim on a pause holds (see host/threads/claims.ts). */
  claimTimeoutMs: number;
}

/** The default claimTimeoutMs is the wall budget plus this: a resume that is still working is never taken for dead. */
export const CLAIM_MARGIN_MS = 15_000;

export const DEFAULT_MAX_LIVE_THREADS = 64;
/**
 * workerd: an isolate has 128 MB in total (JS heap and every wasm memory), and Durable Objects of
 * one class may share an isolate. A thread's memory is allocated whole: one live thread costs
 * 32 MiB plus the 6.6 MB base image (no booted spare is kept on workerd; see instance-pool.ts).
 */
export const WORKERD_DEFAULT_MEMORY_LIMIT_BYTES = 32 * 2 ** 20;
export const WORKERD_DEFAULT_MAX_LIVE_THREADS = 1;
function keyOption(options: Record<string, unknown>, name: string): KeyInput | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const isKey = typeof CryptoKey !== "undefined" && value instanceof CryptoKey;
  if (name === "encryptionKey") {
    // AES-GCM takes 128, 192 or 256-bit keys: a wrong length fails here, not at the first snapshot.
    if (!isKey && !(value instanceof Uint8Array && [16, 24, 32].includes(value.length))) {
      invalid(`encryptionKey must be a CryptoKey (AES-GCM) or 16, 24 or 32 raw bytes in a Uint8Array, got ${describeValue(value)}`);
    }
    return value as KeyInput;
  }
  const empty = typeof value === "string" ? !value : value instanceof Uint8Array && value.length === 0;
  if (empty || (typeof value !== "string" && !(value instanceof Uint8Array) && !isKey)) invalid(`${name} must be a non-empty string, a non-empty Uint8Array or a CryptoKey, got ${describeValue(value)}`);
  return value as KeyInput;
}

/** Longest wait setTimeout can schedule (ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A wait in ms given per call (`yieldAfterMs`, `timeoutMs` of wait()): what is wrong with it, or
 * undefined when it is a whole number from 1 to what setTimeout can wait (or absent).
 */
export function timerMsProblem(name: string, value: unknown): string | undefined {
  if (value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS)) return undefined;
  return `${name} must be a whole number of ms from 1 to ${MAX_TIMER_MS}, got ${describeValue(value)}`;
}

/** A value as an error message shows it: strings quoted, with the type where it is not obvious. */
function describeValue(value: unknown): string {
  if (typeof value === "string") return `${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)} (a string)`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === "object" && value !== null) return Array.isArray(value) ? "an array" : "an object";
  return `${String(value)}${typeof value === "number" ? "" : ` (${typeof value})`}`;
}

export const KNOWN_OPTIONS = new Set<string>([
  "isolation",
  "tools",
  "subagents",
  "timeoutMs",
  "wallTimeoutMs",
  "memoryLimitBytes",
  "maxStackSizeBytes",
  "maxToolCalls",
  "maxConcurrentToolCalls",
  "maxTaskCalls",
  "maxConcurrentTasks",
  "maxToolPayloadBytes",
  "maxResultChars",
  "captureConsole",
  "streamConsole",
  "clock",
  "randomSeed",
  "sanitizeToolErrors",
  "promptTools",
  "workers",
  "onEvent",
  "skills",
  "wasmModule",
  "interruptOn",
  "mode",
  "store",
  "snapshotSigningKey",
  "encryptionKey",
  "maxSnapshotBytes",
  "maxLiveThreads",
  "recover",
  "claimTimeoutMs",
  "maxJournalBytes",
]);

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", message);
}

function positiveNumber(options: Record<string, unknown>, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    invalid(`${name} must be a finite number between ${min} and ${max}, got ${describeValue(value)}`);
  }
  return value;
}

/** Counts and sizes: whole numbers (a fraction is a mistake, not something to round). */
function wholeNumber(options: Record<string, unknown>, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = positiveNumber(options, name, fallback, min, max);
  if (!Number.isInteger(value)) invalid(`${name} must be a whole number, got ${value}`);
  return value;
}

function budget(options: Record<string, unknown>, name: string, fallback: number): number | null {
  if (options[name] === null) return null;
  return wholeNumber(options, name, fallback, 0);
}

function oneOf<T extends string>(options: Record<string, unknown>, name: string, allowed: readonly T[], fallback: T): T {
  const value = options[name];
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) invalid(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(value)}`);
  return value as T;
}

function flag(options: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = options[name] ?? fallback;
  if (typeof value !== "boolean") invalid(`${name} must be a boolean`);
  return value;
}

/** `runtime`: this process's unless a test names another. */
/** `schemas`: the tool-schemas capability, loaded by the caller when `input.tools` is not empty. */
export function resolveOptions(input: InterpreterOptions | undefined, runtime: HostRuntime = hostRuntime(), schemas?: ToolSchemas): ResolvedOptions {
  if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input))) {
    invalid("createInterpreter options must be an object");
  }
  const options = (input ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) invalid(`unknown option ${JSON.stringify(key)}; known options: ${[...KNOWN_OPTIONS].join(", ")}`);
  }
  const smallIsolate = runtime.requestScopedIsolate;
  const memoryLimitBytes = wholeNumber(options, "memoryLimitBytes", smallIsolate ? WORKERD_DEFAULT_MEMORY_LIMIT_BYTES : DEFAULT_MEMORY_LIMIT_BYTES, MIN_MEMORY_BYTES, MAX_MEMORY_LIMIT_BYTES);
  const randomSeed = options.randomSeed;
  if (randomSeed !== undefined && (typeof randomSeed !== "number" || !Number.isFinite(randomSeed))) invalid("randomSeed must be a finite number");
  const wasmModule = options.wasmModule;
  if (wasmModule !== undefined && !(wasmModule instanceof WebAssembly.Module)) invalid("wasmModule must be a compiled WebAssembly.Module");
  const onEvent = options.onEvent;
  if (onEvent !== undefined && typeof onEvent !== "function") invalid("onEvent must be a function");
  const store = options.store;
  if (store !== undefined && !isSnapshotStore(store)) invalid("store must implement SnapshotStore: get, put, delete, list");
  const recover = options.recover;
  if (recover !== undefined && typeof recover !== "function") invalid("recover must be a function");
  const engine: EngineOptions = {
    mode: oneOf<PersistenceMode>(options, "mode", ["thread", "turn", "call"], "thread"),
    snapshotSigningKey: keyOption(options, "snapshotSigningKey"),
    encryptionKey: keyOption(options, "encryptionKey"),
    timeoutMs: positiveNumber(options, "timeoutMs", DEFAULT_TIMEOUT_MS),
    wallTimeoutMs: positiveNumber(options, "wallTimeoutMs", DEFAULT_WALL_TIMEOUT_MS),
    memoryLimitBytes: Math.ceil(memoryLimitBytes / 65536) * 65536,
    maxStackSizeBytes: wholeNumber(options, "maxStackSizeBytes", DEFAULT_MAX_STACK_SIZE_BYTES, MIN_STACK_SIZE_BYTES, MAX_STACK_SIZE_BYTES),
    maxJournalBytes: wholeNumber(options, "maxJournalBytes", DEFAULT_MAX_JOURNAL_BYTES, 0),
    maxToolPayloadBytes: wholeNumber(options, "maxToolPayloadBytes", DEFAULT_MAX_TOOL_PAYLOAD_BYTES),
    maxResultChars: wholeNumber(options, "maxResultChars", DEFAULT_MAX_RESULT_CHARS),
    captureConsole: flag(options, "captureConsole", true),
    streamConsole: flag(options, "streamConsole", false),
    clock: oneOf<ClockMode>(options, "clock", ["virtual", "real"], "virtual"),
    randomSeed: randomSeed as number | undefined,
    maxToolCalls: budget(options, "maxToolCalls", DEFAULT_MAX_TOOL_CALLS),
    maxConcurrentToolCalls: wholeNumber(options, "maxConcurrentToolCalls", DEFAULT_MAX_CONCURRENT_TOOL_CALLS),
    maxTaskCalls: budget(options, "maxTaskCalls", DEFAULT_MAX_TASK_CALLS),
    maxConcurrentTasks: wholeNumber(options, "maxConcurrentTasks", DEFAULT_MAX_CONCURRENT_TASKS),
  };
  const tools = new ToolRegistry(options.tools, schemas);
  const holds = new HoldPolicy(options.interruptOn, tools.approvalDefaults());
  for (const name of holds.names()) {
    if (name !== "task" && !tools.get(name)) invalid(`interruptOn names "${name}", which is not a tool (use the tool's own name, or "task")`);
  }
  return {
    runtime,
    engine,
    isolation: oneOf<Isolation>(options, "isolation", ["inline", "worker"], runtime.defaultIsolation),
    workers: wholeNumber(options, "workers", 1, 1, MAX_WORKERS),
    tools,
    holds,
    subagents: options.subagents === undefined ? undefined : new SubagentRunner(options.subagents),
    sanitizeToolErrors: flag(options, "sanitizeToolErrors", false),
    promptTools: oneOf(options, "promptTools", ["signatures", "names"] as const, "signatures"),
    onEvent: onEvent as ResolvedOptions["onEvent"],
    emit: safeEmitter(onEvent as ResolvedOptions["onEvent"]),
    skills: options.skills === undefined ? undefined : new SkillLibrary(options.skills as never),
    wasmModule: wasmModule as WebAssembly.Module | undefined,
    store: (store as SnapshotStore | undefined) ?? memoryStore(),
    storeConfigured: store !== undefined,
    maxSnapshotBytes: wholeNumber(options, "maxSnapshotBytes", engine.memoryLimitBytes),
    maxLiveThreads: wholeNumber(options, "maxLiveThreads", smallIsolate ? WORKERD_DEFAULT_MAX_LIVE_THREADS : DEFAULT_MAX_LIVE_THREADS, 1),
    recover: recover as ResolvedOptions["recover"],
    claimTimeoutMs: positiveNumber(options, "claimTimeoutMs", engine.wallTimeoutMs + CLAIM_MARGIN_MS),
  };
}
