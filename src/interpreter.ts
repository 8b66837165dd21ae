/** createInterpreter: the public entry point (DESIGN.md §3). */
import type { EngineClient, EngineOutcome, GuestManifest, SkillFiles } from "./engine-contract.js";
import { QuickboxError } from "./errors.js";
import type { BackgroundCells } from "./host/background-cells.js";
import { startCell } from "./host/cell-start.js";
import { CallExecutor } from "./host/call-executor.js";
import { SkillLibrary } from "./host/skills.js";
import type { RunNotes } from "./host/threads/eval-ids.js";
import { ThreadDirectory } from "./host/threads/thread-directory.js";
import { loadToolSchemas } from "./host/tool-schemas-loader.js";
import { resolveOptions, timerMsProblem } from "./options.js";
import { toEvalResult } from "./result/eval-result.js";
import { valueCodec } from "./result/value-codec.js";
import { abortedBeforeStart, skillNotAvailable } from "./result/outcomes.js";
import { hmacKey } from "./snapshot/snapshot-keys.js";
import { WorkerPool } from "./transport/worker-pool.js";
import { defaultWasmModule } from "./runtime/wasm-loading.js";
import type { EvalOptions, EvalResult, Interpreter, InterpreterOptions } from "./types.js";

/** The result of an eval or resume that never started (nothing ran). */
function notStarted(outcome: EngineOutcome): EvalResult {
  // Nothing ran: there is no value to bound.
  return toEvalResult(outcome, { captureConsole: true, durationMs: 0, toolCalls: 0, warnings: [], maxValueChars: 0 });
}

const asyncDispose: typeof Symbol.asyncDispose = Symbol.asyncDispose ?? (Symbol.for("Symbol.asyncDispose") as typeof Symbol.asyncDispose);

export function validThreadId(threadId: unknown): string {
  if (threadId === undefined) return "default";
  if (typeof threadId !== "string" || threadId.length === 0 || threadId.length > 256) {
    throw new QuickboxError("INVALID_OPTIONS", "threadId must be a non-empty string of at most 256 characters");
  }
  return threadId;
}

/** A misspelt option (`thread` for `threadId`) must not be ignored silently. */
function rejectUnknownKeys(method: string, options: object | undefined, known: string[]): void {
  for (const key of Object.keys(options ?? {})) {
    if (!known.includes(key)) throw new QuickboxError("INVALID_OPTIONS", `${method}: unknown option ${JSON.stringify(key)}; known options: ${known.join(", ")}`);
  }
}

/** A whole number of ms in [1, 2^31 - 1] (what setTimeout can wait), or undefined. */
function validMs(method: string, name: string, value: unknown): number | undefined {
  const problem = timerMsProblem(name, value);
  if (problem) throw new QuickboxError("INVALID_OPTIONS", `${method}: ${problem}`);
  return value as number | undefined;
}

interface ValidRunOptions {
  signal?: AbortSignal;
  yieldAfterMs?: number;
}

/** Run options that ask for nothing (no signal, not in the background). */
const PLAIN_RUN: ValidRunOptions = Object.freeze({});
const EVAL_OPTION_KEYS = ["threadId", "signal", "yieldAfterMs"];
const RESUME_OPTION_KEYS = ["signal", "yieldAfterMs"];

function validRunOptions(method: string, options: { signal?: unknown; yieldAfterMs?: unknown } | undefined, known: string[]): ValidRunOptions {
  if (options === undefined) return PLAIN_RUN;
  if (typeof options !== "object" || options === null) throw new QuickboxError("INVALID_OPTIONS", `${method}: options must be an object`);
  rejectUnknownKeys(method, options, known);
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new QuickboxError("INVALID_OPTIONS", `${method}: signal must be an AbortSignal`);
  const yieldAfterMs = validMs(method, "yieldAfterMs", options.yieldAfterMs);
  if (!signal && yieldAfterMs === undefined) return PLAIN_RUN;
  const valid: ValidRunOptions = {};
  if (signal) valid.signal = signal;
  if (yieldAfterMs !== undefined) valid.yieldAfterMs = yieldAfterMs;
  return valid;
}

/** Whether the options name tools (then the tool-schemas capability is loaded before they are checked). */
const hasTools = (options: InterpreterOptions | undefined) => Array.isArray(options?.tools) && options.tools.length > 0;

export async function createInterpreter(options?: InterpreterOptions): Promise<Interpreter> {
  // Loaded while the engine starts, not part of the page's own chunk: the prompt's rules (systemPrompt()
  // is synchronous) and the value codec (results are read synchronously when a request settles).
  const prompting = import("./system-prompt.js");
  const loading = Promise.all([prompting, valueCodec.load()]);
  loading.catch(() => undefined); // awaited below; an early throw must not leave it unhandled
  const resolved = resolveOptions(options, undefined, hasTools(options) ? await loadToolSchemas() : undefined);
  const manifest: GuestManifest = {
    tools: resolved.tools.manifest(),
    directOnly: resolved.tools.directOnly(),
    subagents: resolved.subagents ? resolved.subagents.manifest() : { enabled: false, types: [] },
  };
  const executor = new CallExecutor(resolved.tools, resolved.holds, resolved.subagents, {
    maxToolPayloadBytes: resolved.engine.maxToolPayloadBytes,
    sanitizeToolErrors: resolved.sanitizeToolErrors,
    emit: resolved.emit,
    listening: resolved.onEvent !== undefined,
  });
  // Before any worker starts: a key that cannot be imported fails createInterpreter with nothing left running.
  const signing = resolved.engine.snapshotSigningKey;
  const headSigningKey = signing === undefined ? undefined : await hmacKey(signing);
  let client: EngineClient;
  if (resolved.isolation === "worker") {
    const given = resolved.wasmModule;
    client = await WorkerPool.start({
      engine: resolved.engine,
      manifest,
      workers: resolved.workers,
      runtime: resolved.runtime,
      loadWasm: () => (given ? Promise.resolve(given) : defaultWasmModule(resolved.runtime)),
    });
  } else {
    // The engine itself (QuickJS, the TypeScript and JavaScript parsers, the guest prelude) is
    // loaded only here: with the default isolation it lives in the worker, not in this bundle.
    const { createInlineClient } = await import("./transport/inline-engine.js");
    client = await createInlineClient(resolved.engine, manifest, resolved.wasmModule, resolved.runtime);
  }
  const threads = new ThreadDirectory(client, executor, resolved, headSigningKey);
  // Background cells load on first use (yieldAfterMs, wait, cancel).
  let cells: BackgroundCells | undefined;
  const backgroundCells = async () => {
    const { BackgroundCells } = await import("./host/background-cells.js");
    return (cells ??= new BackgroundCells());
  };
  /** Runs an eval or resume, in the background past `yieldAfterMs` when given. */
  const run = (threadId: string, options: ValidRunOptions, start: (signal: AbortSignal | undefined, notes: RunNotes) => Promise<EvalResult>): Promise<EvalResult> => {
    const { yieldAfterMs } = options;
    if (yieldAfterMs === undefined) return start(options.signal, {});
    const started = startCell(options.signal, start); // now: it queues on its thread in call order
    return cells ? cells.run(threadId, yieldAfterMs, started) : backgroundCells().then((background) => background.run(threadId, yieldAfterMs, started));
  };
  let prompt: string;
  try {
    prompt = (await prompting).renderSystemPrompt(resolved);
    await loading;
  } catch (error) {
    await client.dispose();
    throw error;
  }
  let disposed = false;
  const assertAlive = () => {
    if (disposed) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  };
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    cells?.clear();
    await client.dispose();
  };
  return {
    async eval(code, evalOptions) {
      assertAlive();
      if (typeof code !== "string") throw new QuickboxError("INVALID_OPTIONS", `eval(code): code must be a string, got ${typeof code}`);
      const runOptions = validRunOptions("eval", evalOptions, EVAL_OPTION_KEYS);
      const threadId = validThreadId(evalOptions?.threadId);
      const { signal } = runOptions;
      if (signal?.aborted) return notStarted(abortedBeforeStart());
      let skills: Record<string, SkillFiles> | undefined;
      const referenced = resolved.skills ? SkillLibrary.referenced(code) : [];
      if (resolved.skills && referenced.length) {
        const loaded = await resolved.skills.load(referenced);
        if (!loaded.ok) return notStarted(skillNotAvailable(loaded.message));
        skills = loaded.skills;
      }
      if (signal?.aborted) return notStarted(abortedBeforeStart());
      if (runOptions.yieldAfterMs === undefined) return threads.eval(code, threadId, signal, skills);
      return run(threadId, runOptions, (runSignal, notes) => threads.eval(code, threadId, runSignal, skills, notes));
    },
    async resume(threadId, decisions, resumeOptions) {
      assertAlive();
      const runOptions = validRunOptions("resume", resumeOptions, RESUME_OPTION_KEYS);
      if (runOptions.signal?.aborted) return notStarted(abortedBeforeStart());
      const id = validThreadId(threadId);
      return run(id, runOptions, (runSignal, notes) => threads.resume(id, decisions, runSignal, notes));
    },
    async wait(cellId, waitOptions) {
      assertAlive();
      if (waitOptions !== undefined && (typeof waitOptions !== "object" || waitOptions === null)) throw new QuickboxError("INVALID_OPTIONS", "wait: options must be an object");
      rejectUnknownKeys("wait", waitOptions, ["timeoutMs", "threadId"]);
      const threadId = waitOptions?.threadId === undefined ? undefined : validThreadId(waitOptions.threadId);
      const timeoutMs = validMs("wait", "timeoutMs", waitOptions?.timeoutMs);
      return (cells ?? (await backgroundCells())).wait(cellId, timeoutMs, threadId);
    },
    async cancel(cellId, cancelOptions) {
      assertAlive();
      if (cancelOptions !== undefined && (typeof cancelOptions !== "object" || cancelOptions === null)) throw new QuickboxError("INVALID_OPTIONS", "cancel: options must be an object");
      rejectUnknownKeys("cancel", cancelOptions, ["threadId"]);
      const threadId = cancelOptions?.threadId === undefined ? undefined : validThreadId(cancelOptions.threadId);
      return (cells ?? (await backgroundCells())).cancel(cellId, threadId);
    },
    async endTurn(threadId) {
      assertAlive();
      return threads.endTurn(validThreadId(threadId));
    },
    async snapshot(threadId) {
      assertAlive();
      return threads.snapshot(validThreadId(threadId));
    },
    async fork(fromThreadId, toThreadId) {
      assertAlive();
      return threads.fork(validThreadId(fromThreadId), validThreadId(toThreadId));
    },
    async checkout(threadId, snapshotId) {
      assertAlive();
      if (typeof snapshotId !== "string" || !/^[0-9a-f]{64}$/.test(snapshotId)) throw new QuickboxError("INVALID_OPTIONS", "checkout: snapshotId must be a snapshot id (64 hex characters)");
      return threads.checkout(validThreadId(threadId), snapshotId);
    },
    async reset(threadId) {
      assertAlive();
      return threads.reset(validThreadId(threadId));
    },
    async exportThread(threadId) {
      assertAlive();
      return threads.exportThread(validThreadId(threadId));
    },
    async importThread(bundle, importOptions) {
      assertAlive();
      if (importOptions !== undefined && (typeof importOptions !== "object" || importOptions === null)) throw new QuickboxError("INVALID_OPTIONS", "importThread: options must be an object");
      rejectUnknownKeys("importThread", importOptions, ["threadId"]);
      return threads.importThread(bundle, importOptions?.threadId === undefined ? undefined : validThreadId(importOptions.threadId));
    },
    async threads() {
      assertAlive();
      return threads.threads();
    },
    systemPrompt: () => prompt,
    dispose,
    [asyncDispose]: dispose,
  };
}
