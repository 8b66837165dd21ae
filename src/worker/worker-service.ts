/**
 * The engine inside a worker: comlink carries the control API (init, reset, threads, dispose);
 * evals and batched host calls use the dedicated port, one message per batch.
 */
import type { CallResult, EngineReply, EngineRunContext, GuestCall, HostCallChannel, StreamedEvent } from "../engine-contract.js";
import type { HostToWorker, Reply, WorkerApi, WorkerToHost } from "../worker-contract.js";
import { createEngine } from "../core/engine-bootstrap.js";
import { baseImageSeed } from "../engine/base-image.js";
import { Inbox } from "../util/inbox.js";
import { StopFlag } from "../util/stop-signal.js";
import type { InterpreterCore } from "../core/interpreter-core.js";
import type { BaseImage } from "../engine/base-image.js";
import { engineCapabilities, type HostRuntime } from "../runtime/host-runtime.js";
import { callResults, callsMessage, compactReply } from "../transport/compact-messages.js";
import { listen } from "../transport/port-listener.js";
import { isHostToWorker, toWireError } from "../transport/protocol.js";

/** How often a busy worker tells the host it is alive (the watchdog listens). */
export const HEARTBEAT_INTERVAL_MS = 200;

/**
 * One eval or resume running in this worker, and the context the engine runs it with: its
 * host-call channel (calls and events go out as port messages, results come in to its inbox) and
 * its stop flag (a cancel, the shared cancel flag, dispose()).
 */
class RunningEval implements HostCallChannel, EngineRunContext {
  readonly inbox = new Inbox<CallResult>();
  /** No AbortController per eval: util/stop-signal.ts. */
  readonly signal = new StopFlag();
  /** dispose() aborts every running eval's stop flag. */
  readonly signalCoversDisposal = true as const;
  /** Posted from QuickJS's interrupt handler too: the host gets events while the program computes. */
  readonly streamWhileRunning = true;
  readonly pollCancel?: () => void;

  constructor(
    private readonly id: number,
    private readonly post: (message: WorkerToHost) => void,
    cancelFlags: Int32Array | null,
  ) {
    if (cancelFlags) this.pollCancel = () => void (Atomics.load(cancelFlags, id % cancelFlags.length) === id && this.signal.abort());
  }

  get channel(): HostCallChannel {
    return this;
  }

  send(calls: GuestCall[]): void {
    this.post(callsMessage(this.id, calls));
  }

  receive(): Promise<CallResult[]> {
    return this.inbox.receive();
  }

  stream(events: StreamedEvent[]): void {
    this.post({ t: "events", id: this.id, events });
  }

  onSnapshot(): void {
    this.post({ t: "heartbeat", snapshotting: true });
  }
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
  /** The base image this worker built (none when it started from a seed). */
  #builtImage: BaseImage | null = null;
  #seeding: Promise<unknown> | null = null;
  #port: MessagePort | null = null;
  readonly #running = new Map<number, RunningEval>();
  /** Shared with the host (where SharedArrayBuffer exists): slot id % length holds a cancelled eval's id. */
  #cancelFlags: Int32Array | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;

  /** `runtime`: the worker's own (the entry decides it once). */
  constructor(private readonly runtime: HostRuntime) {}

  readonly api: WorkerApi = {
    init: (options, manifest, port, wasmModule, cancelFlags, imageSeed) =>
      reply(async () => {
        if (cancelFlags) this.#cancelFlags = new Int32Array(cancelFlags);
        const { core, image } = await createEngine(options, manifest, wasmModule, engineCapabilities(this.runtime), imageSeed);
        this.#core = core;
        this.#port = port;
        // Only an image built here is worth handing on: a seed (the host's, or the one in the .wasm) every worker has.
        if (image.origin === "built") this.#builtImage = image;
        listen(port, (data) => this.#onMessage(data));
        return { builtImage: image.origin === "built" };
      }),
    imageSeed: () => {
      const seed = reply(async () => (this.#builtImage ? baseImageSeed(this.#builtImage) : null));
      this.#seeding = seed;
      return seed;
    },
    snapshot: (request) => reply(() => this.#requireCore().snapshot(request)),
    fork: (request) => reply(() => this.#requireCore().fork(request)),
    drop: (threadId) =>
      reply(async () => {
        await this.#requireCore().drop(threadId);
        return null;
      }),
    threads: () => reply(() => this.#requireCore().threads()),
    dispose: async () => {
      // A seed being made (it awaits the image's hash) is answered first: the host disposes the
      // first interpreter right after its first eval, and the next one is to start from it.
      await this.#seeding;
      for (const running of this.#running.values()) running.signal.abort();
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
        this.#run(message);
        break;
      case "results":
        this.#running.get(message.id)?.inbox.push(message.results);
        break;
      case "result":
        this.#running.get(message.id)?.inbox.push(callResults(message));
        break;
      case "cancel":
        this.#running.get(message.id)?.signal.abort();
        break;
    }
  }

  /** Runs an eval or resume; a reply the engine had at once is posted at once (no promise in between). */
  #run(message: Extract<HostToWorker, { t: "eval" | "resume" }>): void {
    const { id } = message;
    const running = new RunningEval(id, this.#postMessage, this.#cancelFlags);
    if (message.aborted) running.signal.abort();
    this.#running.set(id, running);
    this.#startHeartbeat();
    let reply: EngineReply | Promise<EngineReply>;
    try {
      // The message is the request (its `t`, `id` and `aborted` are not the engine's business).
      const core = this.#requireCore();
      reply = message.t === "eval" ? core.evalAtOnce(message, running) : core.resume(message, running);
    } catch (error) {
      this.#failed(id, error);
      return;
    }
    if (reply instanceof Promise) reply.then((value) => this.#done(id, value), (error: unknown) => this.#failed(id, error));
    else this.#done(id, reply);
  }

  readonly #postMessage = (message: WorkerToHost): void => this.#post(message);

  #done(id: number, reply: EngineReply): void {
    try {
      // Snapshot bytes move to the host without a copy (an empty transfer list would cost a few µs).
      if (reply.snapshot) this.#port?.postMessage({ t: "done", id, reply } satisfies WorkerToHost, [reply.snapshot.bytes.buffer as ArrayBuffer]);
      else this.#port?.postMessage(compactReply(id, reply) ?? ({ t: "done", id, reply } satisfies WorkerToHost));
      this.#running.delete(id);
    } catch (error) {
      this.#failed(id, error);
    }
  }

  #failed(id: number, error: unknown): void {
    this.#running.delete(id);
    this.#post({ t: "failed", id, error: toWireError(error) });
  }

  /** Runs while evals do; stops itself at its first beat with none (no interval set up per eval). */
  #startHeartbeat(): void {
    this.#heartbeat ??= setInterval(() => {
      if (this.#running.size) this.#post({ t: "heartbeat" });
      else this.#stopHeartbeat();
    }, HEARTBEAT_INTERVAL_MS);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }
}
