/**
 * InterpreterDurableObject: one Durable Object per agent thread. Users subclass it in their
 * worker, say which options (tools, interruptOn, limits, the imported wasm) the interpreter has,
 * export the class and bind it; callers reach a thread through `namespace.get(idFromName(name))`
 * and call its RPC methods. The interpreter runs inside the object (isolation "inline") and keeps
 * the thread in the object's storage (durableObjectStore), so the thread, paused or not, survives
 * eviction and restarts: the next call restores it from its last snapshot.
 *
 * Tools run inside the object, so `execute` can use `this.env` (KV, D1, service bindings: an RPC
 * back to the calling worker is a service binding). Their definitions live in the worker module;
 * a resume after eviction needs nothing from the caller but the decisions.
 */
import { DurableObject } from "cloudflare:workers";
import {
  createInterpreter,
  QuickboxError,
  type Decision,
  type EvalResult,
  type Interpreter,
  type InterpreterOptions,
  type PrunableSnapshotStore,
  type PruneOptions,
  type SnapshotInfo,
  type ThreadInfo,
} from "../../index.js";
import type { DurableObjectStorageLike } from "./bindings.js";
import { durableObjectStore, type DurableObjectStoreOptions } from "./durable-object-store.js";

/** createInterpreter options for the object's interpreter: `wasmModule` is required, store and isolation are set. */
export interface InterpreterDurableObjectOptions extends Omit<InterpreterOptions, "store" | "isolation" | "workers" | "wasmModule"> {
  /** The QuickJS module, imported as a CompiledWasm module: `import quickjsWasm from "quickbox/wasm"`. */
  wasmModule: WebAssembly.Module;
  /** Where in the object's storage the thread lives. */
  storage?: DurableObjectStoreOptions;
}

/** The one thread an object owns. */
export const DURABLE_OBJECT_THREAD_ID = "default";

export abstract class InterpreterDurableObject<Env = unknown> extends DurableObject<Env> {
  #interpreter: Promise<Interpreter> | undefined;
  #store: PrunableSnapshotStore | undefined;

  /** The interpreter's options; read once per object instance (again after an eviction). */
  protected abstract interpreterOptions(): InterpreterDurableObjectOptions | Promise<InterpreterDurableObjectOptions>;

  /** The object's interpreter, created on first use. */
  protected interpreter(): Promise<Interpreter> {
    this.#interpreter ??= (async () => {
      const { storage, ...options } = await this.interpreterOptions();
      if (!(options.wasmModule instanceof WebAssembly.Module)) {
        throw new QuickboxError("INVALID_OPTIONS", 'interpreterOptions() must return wasmModule: the QuickJS module, import quickjsWasm from "quickbox/wasm"');
      }
      const store = durableObjectStore(this.ctx.storage as DurableObjectStorageLike, storage);
      this.#store = store;
      return createInterpreter({ ...options, isolation: "inline", store });
    })().catch((error: unknown) => {
      this.#interpreter = undefined;
      throw error;
    });
    return this.#interpreter;
  }

  /** Runs a program in the thread (RPC). A paused thread throws THREAD_PAUSED: resume it first. */
  async eval(code: string): Promise<EvalResult> {
    return (await this.interpreter()).eval(code, { threadId: DURABLE_OBJECT_THREAD_ID });
  }

  /** Decides some or all of the paused thread's interrupts, by id, and continues the program (RPC). */
  async resume(decisions: Record<string, Decision>): Promise<EvalResult> {
    return (await this.interpreter()).resume(DURABLE_OBJECT_THREAD_ID, decisions);
  }

  /** Writes a snapshot of the thread now (RPC). */
  async snapshot(): Promise<SnapshotInfo> {
    return (await this.interpreter()).snapshot(DURABLE_OBJECT_THREAD_ID);
  }

  /** The thread's state and, when paused, its pending interrupts (RPC). A thread never run is "idle". */
  async thread(): Promise<ThreadInfo> {
    const threads = await (await this.interpreter()).threads();
    return threads.find((info) => info.threadId === DURABLE_OBJECT_THREAD_ID) ?? { threadId: DURABLE_OBJECT_THREAD_ID, state: "idle", pendingInterrupts: 0, replayable: true };
  }

  /** Forgets the thread and deletes its snapshots (RPC); returns the ids deleted. */
  async reset(): Promise<{ removed: string[] }> {
    await (await this.interpreter()).reset(DURABLE_OBJECT_THREAD_ID);
    return this.prune();
  }

  /**
   * Deletes snapshots the thread's head no longer needs, and parts of writes that died (RPC).
   * Storage grows with every eval until this runs: call it now and then, e.g. from an alarm.
   */
  async prune(options?: PruneOptions): Promise<{ removed: string[] }> {
    await this.interpreter();
    return this.#store!.prune(options);
  }
}
