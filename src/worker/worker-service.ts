/**
 * The engine inside a worker: comlink carries the control API (init, reset, threads, dispose);
 * evals and batched host calls use the dedicated port, one message per batch.
 */
import { createEngine } from "../core/engine-bootstrap.js";
import { Inbox } from "../core/inbox.js";
import type { InterpreterCore } from "../core/interpreter-core.js";
import type { GuestManifest } from "../engine/quickjs-thread.js";
import type { CallResult } from "../guest/host-calls.js";
import type { EngineOptions } from "../options.js";
import { listen } from "../transport/port-listener.js";
import { isHostToWorker, toWireError, type HostToWorker, type WireError, type WorkerToHost } from "../transport/protocol.js";
import type { ThreadInfo } from "../types.js";
import type { GuestCall } from "../guest/host-calls.js";
import type { EncodedSnapshot } from "../snapshot/thread-snapshots.js";


export type Reply<T> = { ok: true; value: T } | { ok: false; error: WireError };

export interface WorkerApi {
  init(options: EngineOptions, manifest: GuestManifest, port: MessagePort, wasmModule?: WebAssembly.Module, cancelFlags?: SharedArrayBuffer): Promise<Reply<null>>;
  snapshot(threadId: string, options: { storedHead: string | null; restore?: Uint8Array[]; full?: boolean }): Promise<Reply<EncodedSnapshot>>;
  fork(from: string, to: string, options: { restore?: Uint8Array[]; storedHead?: string | null }): Promise<Reply<EncodedSnapshot>>;
  drop(threadId: string): Promise<Reply<null>>;
  threads(): Promise<Reply<ThreadInfo[]>>;
  dispose(): Promise<void>;
}

/** How often a busy worker tells the host it is alive (the watchdog listens). */
export const HEARTBEAT_INTERVAL_MS = 200;

interface RunningEval {
  inbox: Inbox<CallResult>;
  controller: AbortController;
}

async function reply<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

export class WorkerService {
  #core: InterpreterCore | null = null;
  #port: MessagePort | null = null;
  readonly #running = new Map<number, RunningEval>();
  /** Shared with the host (where SharedArrayBuffer exists): slot id % length holds a cancelled eval's id. */
  #cancelFlags: Int32Array | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;

  readonly api: WorkerApi = {
    init: (options, manifest, port, wasmModule, cancelFlags) =>
      reply(async () => {
        if (cancelFlags) this.#cancelFlags = new Int32Array(cancelFlags);
        this.#core = await createEngine(options, manifest, wasmModule);
        this.#core.onThreadLost = (threadId, reason) => this.#post({ t: "lost", threadId, reason });
        this.#port = port;
        listen(port, (data) => this.#onMessage(data));
        return null;
      }),
    snapshot: (threadId, options) => reply(() => this.#requireCore().snapshot(threadId, options)),
    fork: (from, to, options) => reply(() => this.#requireCore().fork(from, to, options)),
    drop: (threadId) =>
      reply(async () => {
        await this.#requireCore().drop(threadId);
        return null;
      }),
    threads: () => reply(() => this.#requireCore().threads()),
    dispose: async () => {
      for (const running of this.#running.values()) running.controller.abort();
      this.#core?.dispose();
      this.#stopHeartbeat();
      this.#port?.close();
    },
  };

  #requireCore(): InterpreterCore {
    if (!this.#core) throw new Error("quickbox worker: not initialised");
    return this.#core;
  }

  #post(message: WorkerToHost): void {
    this.#port?.postMessage(message);
  }

  #onMessage(data: unknown): void {
    if (!isHostToWorker(data)) return;
    const message: HostToWorker = data;
    switch (message.t) {
      case "eval":
      case "resume":
        void this.#run(message);
        break;
      case "results":
        this.#running.get(message.id)?.inbox.push(message.results);
        break;
      case "cancel":
        this.#running.get(message.id)?.controller.abort();
        break;
    }
  }

  async #run(message: Extract<HostToWorker, { t: "eval" | "resume" }>): Promise<void> {
    const { id, threadId } = message;
    const running: RunningEval = { inbox: new Inbox(), controller: new AbortController() };
    if (message.aborted) running.controller.abort();
    this.#running.set(id, running);
    this.#startHeartbeat();
    try {
      const channel = { send: (calls: GuestCall[]) => this.#post({ t: "calls", id, calls }), receive: () => running.inbox.receive() };
      const flags = this.#cancelFlags;
      const common = {
        threadId,
        signal: running.controller.signal,
        ...(flags ? { pollCancel: () => void (Atomics.load(flags, id % flags.length) === id && running.controller.abort()) } : {}),
        ...(message.restore ? { restore: message.restore } : {}),
        ...(message.persist ? { persist: message.persist } : {}),
      };
      const reply =
        message.t === "eval"
          ? await this.#requireCore().eval({ ...common, code: message.code, ...(message.skills ? { skills: message.skills } : {}) }, channel)
          : await this.#requireCore().resume({ ...common, decisions: message.decisions }, channel);
      // Snapshot bytes move to the host without a copy.
      this.#port?.postMessage({ t: "done", id, reply } satisfies WorkerToHost, reply.snapshot ? [reply.snapshot.bytes.buffer as ArrayBuffer] : []);
    } catch (error) {
      this.#post({ t: "failed", id, error: toWireError(error) });
    } finally {
      this.#running.delete(id);
      if (!this.#running.size) this.#stopHeartbeat();
    }
  }

  #startHeartbeat(): void {
    this.#heartbeat ??= setInterval(() => this.#post({ t: "heartbeat" }), HEARTBEAT_INTERVAL_MS);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }
}
