/** Validation and defaults for createInterpreter options. Bad input throws INVALID_OPTIONS. */
import { MIN_MEMORY_BYTES } from "./engine/base-image.js";
import { QuickboxError } from "./errors.js";
import type { ClockMode, InterpreterOptions, Isolation } from "./types.js";

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_WALL_TIMEOUT_MS = 60_000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 2 ** 20;
export const MAX_MEMORY_LIMIT_BYTES = 2 ** 31;
export const DEFAULT_MAX_STACK_SIZE_BYTES = 256 * 2 ** 10;
export const MIN_STACK_SIZE_BYTES = 16 * 2 ** 10;
/** The build's shadow stack is 5 MiB; QuickJS's limit must stay well inside it. */
export const MAX_STACK_SIZE_BYTES = 4 * 2 ** 20;
export const DEFAULT_MAX_TOOL_PAYLOAD_BYTES = 2 ** 20;
export const DEFAULT_MAX_RESULT_CHARS = 4000;

export interface ResolvedOptions {
  isolation: Isolation;
  timeoutMs: number;
  wallTimeoutMs: number;
  memoryLimitBytes: number;
  maxStackSizeBytes: number;
  maxToolPayloadBytes: number;
  maxResultChars: number;
  captureConsole: boolean;
  clock: ClockMode;
  randomSeed: number | undefined;
  wasmModule: WebAssembly.Module | undefined;
}

const KNOWN_OPTIONS = new Set<string>([
  "isolation",
  "timeoutMs",
  "wallTimeoutMs",
  "memoryLimitBytes",
  "maxStackSizeBytes",
  "maxToolPayloadBytes",
  "maxResultChars",
  "captureConsole",
  "clock",
  "randomSeed",
  "wasmModule",
]);

function invalid(message: string): never {
  throw new QuickboxError("INVALID_OPTIONS", message);
}

function positiveNumber(options: Record<string, unknown>, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    invalid(`${name} must be a finite number between ${min} and ${max}, got ${String(value)}`);
  }
  return value;
}

function oneOf<T extends string>(options: Record<string, unknown>, name: string, allowed: readonly T[], fallback: T): T {
  const value = options[name];
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) invalid(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(value)}`);
  return value as T;
}

export function resolveOptions(input: InterpreterOptions | undefined): ResolvedOptions {
  if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input))) {
    invalid("createInterpreter options must be an object");
  }
  const options = (input ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) invalid(`unknown option ${JSON.stringify(key)}; known options: ${[...KNOWN_OPTIONS].join(", ")}`);
  }
  const isolation = oneOf<Isolation>(options, "isolation", ["inline", "worker"], "inline");
  if (isolation === "worker") invalid('isolation "worker" is not available in this version; use "inline"');
  const memoryLimitBytes = positiveNumber(options, "memoryLimitBytes", DEFAULT_MEMORY_LIMIT_BYTES, MIN_MEMORY_BYTES, MAX_MEMORY_LIMIT_BYTES);
  const captureConsole = options.captureConsole ?? true;
  if (typeof captureConsole !== "boolean") invalid("captureConsole must be a boolean");
  const randomSeed = options.randomSeed;
  if (randomSeed !== undefined && (typeof randomSeed !== "number" || !Number.isFinite(randomSeed))) {
    invalid("randomSeed must be a finite number");
  }
  const wasmModule = options.wasmModule;
  if (wasmModule !== undefined && !(wasmModule instanceof WebAssembly.Module)) invalid("wasmModule must be a compiled WebAssembly.Module");
  return {
    isolation,
    timeoutMs: positiveNumber(options, "timeoutMs", DEFAULT_TIMEOUT_MS),
    wallTimeoutMs: positiveNumber(options, "wallTimeoutMs", DEFAULT_WALL_TIMEOUT_MS),
    memoryLimitBytes: Math.ceil(memoryLimitBytes / 65536) * 65536,
    maxStackSizeBytes: Math.floor(positiveNumber(options, "maxStackSizeBytes", DEFAULT_MAX_STACK_SIZE_BYTES, MIN_STACK_SIZE_BYTES, MAX_STACK_SIZE_BYTES)),
    maxToolPayloadBytes: Math.floor(positiveNumber(options, "maxToolPayloadBytes", DEFAULT_MAX_TOOL_PAYLOAD_BYTES)),
    maxResultChars: Math.floor(positiveNumber(options, "maxResultChars", DEFAULT_MAX_RESULT_CHARS)),
    captureConsole,
    clock: oneOf<ClockMode>(options, "clock", ["virtual", "real"], "virtual"),
    randomSeed: randomSeed as number | undefined,
    wasmModule: wasmModule as WebAssembly.Module | undefined,
  };
}
