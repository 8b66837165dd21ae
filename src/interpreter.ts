/** createInterpreter: the public entry point (DESIGN.md §3). */
import type { EngineClient, EngineOutcome, GuestManifest, SkillFiles } from "./engine-contract.js";
import { QuickboxError } from "./errors.js";
import { CallExecutor } from "./host/call-executor.js";
import { SkillLibrary } from "./host/skills.js";
import { ThreadDirectory } from "./host/threads/thread-directory.js";
import { resolveOptions } from "./options.js";
import { toEvalResult } from "./result/eval-result.js";
import { abortedBeforeStart, skillNotAvailable } from "./result/outcomes.js";
import { hmacKey } from "./snapshot/snapshot-keys.js";
import { renderSystemPrompt } from "./system-prompt.js";
import { WorkerPool } from "./transport/worker-pool.js";
import { defaultWasmModule } from "./runtime/wasm-loading.js";
import type { EvalOptions, EvalResult, Interpreter, InterpreterOptions } from "./types.js";

/** The result of an eval or resume that never started (nothing ran). */
function notStarted(outcome: EngineOutcome): EvalResult {
  return toEvalResult(outcome, { captureConsole: true, durationMs: 0, toolCalls: 0, warnings: [] });
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

function validEvalOptions(code: unknown, options: EvalOptions | undefined): { threadId: string; signal?: AbortSignal } {
  if (typeof code !== "string") throw new QuickboxError("INVALID_OPTIONS", `eval(code): code must be a string, got ${typeof code}`);
  if (options !== undefined && (typeof options !== "object" || options === null)) throw new QuickboxError("INVALID_OPTIONS", "eval: options must be an object");
  rejectUnknownKeys("eval", options, ["threadId", "signal"]);
  const threadId = validThreadId(options?.threadId);
  const signal = options?.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new QuickboxError("INVALID_OPTIONS", "eval: signal must be an AbortSignal");
  return { threadId, ...(signal ? { signal } : {}) };
}

export async function createInterpreter(options?: InterpreterOptions): Promise<Interpreter> {
  const resolved = resolveOptions(options);
  const manifest: GuestManifest = {
    tools: resolved.tools.manifest(),
    directOnly: resolved.tools.directOnly(),
    subagents: resolved.subagents ? resolved.subagents.manifest() : { enabled: false, types: [] },
  };
  const executor = new CallExecutor(resolved.tools, resolved.subagents, {
    maxToolPayloadBytes: resolved.engine.maxToolPayloadBytes,
    sanitizeToolErrors: resolved.sanitizeToolErrors,
    emit: resolved.emit,
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
      loadWasm: () => (given ? Promise.resolve(given) : defaultWasmModule()),
    });
  } else {
    // The engine itself (QuickJS, the TypeScript and JavaScript parsers, the guest prelude) is
    // loaded only here: with the default isolation it lives in the worker, not in this bundle.
    const { createInlineClient } = await import("./transport/inline-engine.js");
    client = await createInlineClient(resolved.engine, manifest, resolved.wasmModule);
  }
  const threads = new ThreadDirectory(client, executor, resolved, headSigningKey);
  const prompt = renderSystemPrompt(resolved);
  let disposed = false;
  const assertAlive = () => {
    if (disposed) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  };
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await client.dispose();
  };
  return {
    async eval(code, evalOptions) {
      assertAlive();
      const { threadId, signal } = validEvalOptions(code, evalOptions);
      if (signal?.aborted) return notStarted(abortedBeforeStart());
      let skills: Record<string, SkillFiles> | undefined;
      const referenced = resolved.skills ? SkillLibrary.referenced(code) : [];
      if (resolved.skills && referenced.length) {
        const loaded = await resolved.skills.load(referenced);
        if (!loaded.ok) return notStarted(skillNotAvailable(loaded.message));
        skills = loaded.skills;
      }
      if (signal?.aborted) return notStarted(abortedBeforeStart());
      return threads.eval(code, threadId, signal, skills);
    },
    async resume(threadId, decisions, resumeOptions) {
      assertAlive();
      if (resumeOptions !== undefined && (typeof resumeOptions !== "object" || resumeOptions === null)) throw new QuickboxError("INVALID_OPTIONS", "resume: options must be an object");
      rejectUnknownKeys("resume", resumeOptions, ["signal"]);
      const signal = resumeOptions?.signal;
      if (signal !== undefined && !(signal instanceof AbortSignal)) throw new QuickboxError("INVALID_OPTIONS", "resume: signal must be an AbortSignal");
      if (signal?.aborted) return notStarted(abortedBeforeStart());
      return threads.resume(validThreadId(threadId), decisions, signal);
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
    async threads() {
      assertAlive();
      return threads.threads();
    },
    systemPrompt: () => prompt,
    dispose,
    [asyncDispose]: dispose,
  };
}
