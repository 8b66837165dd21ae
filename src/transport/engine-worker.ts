/**
 * One engine worker (a Web Worker or worker_thread running dist/worker.mjs): its evals, which
 * travel on a dedicated port with host calls in batches, and its control calls over comlink.
 *
 * The watchdog: a busy worker sends a heartbeat every HEARTBEAT_INTERVAL_MS. A worker that stays
 * silent longer than the CPU a program may use (timeoutMs for running plus timeoutMs for copying
 * its result) plus a grace period is stuck in a builtin that ignores QuickJS's interrupt. It is
 * terminated; its evals end as Timeout and the pool replaces it. Snapshotting runs no guest code
 * but can take seconds for a large thread: a worker that says it starts one (and a control call)
 * is allowed CONTROL_CALL_GRACE_MS more.
 */
import * as Comlink from "comlink";
import type { EncodedSnapshot, EngineOptions, EngineOutcome, EngineReply, EvalRequest, ForkRequest, GuestManifest, RequestContext, ResumeRequest, SnapshotRequest } from "../engine-contract.js";
import type { HostToWorker, Reply, WorkerApi, WorkerToHost } from "../worker-contract.js";
import { isQuickboxError, QuickboxError } from "../errors.js";
import { disposedOutcome, workerRestartedOutcome } from "../result/outcomes.js";
import type { HostRuntime } from "../runtime/host-runtime.js";
import type { ThreadInfo } from "../types.js";
import { rememberImageSeed, startingImageSeed } from "./image-seeds.js";
import { CallSession } from "./call-session.js";
import { fullReply, guestCall, resultsMessage } from "./compact-messages.js";
import { fromWire, isWorkerToHost, unwrap } from "./protocol.js";
import { listen } from "./port-listener.js";
import { spawnWorker, type SpawnedWorker } from "./spawn-worker.js";

export const WATCHDOG_GRACE_MS = 1500;
/**
 * A cancelled eval that has not ended after this long is stopped by replacing its worker: the
 * worker may be computing, and a busy worker cannot read the cancel message. Where
 * SharedArrayBuffer exists (Node, Deno, cross-origin-isolated pages) the cancel also goes through
 * shared memory that QuickJS's interrupt handler reads, so it ends at once.
 */
export const CANCEL_GRACE_MS = 1000;
const CANCEL_SLOTS = 64;
const WATCHDOG_CHECK_MS = 100;
/**
 * Extra silence allowed while the worker runs a control call (a snapshot for hibernation, a
 * fork, a restore): that work runs no guest code, but it can take seconds for a large thread,
 * and an eval queued behind it must not make the watchdog take it for a stuck builtin.
 */
export const CONTROL_CALL_GRACE_MS = 30_000;

interface PendingEval {
  /** The eval's host calls (their tools' signal, the count out): made at its first `calls` message (most evals make none). */
  calls: CallSession | null;
  /** What the CallSession is made of. */
  context: RequestContext;
  threadId: string;
  /** Where the eval's streamed events go (absent: nobody listens). */
  stream: RequestContext["stream"];
  /** performance.now() when the request was sent: the duration of a result made here. */
  startedAt: number;
  resolve(reply: EngineReply): void;
  reject(error: unknown): void;
}

export interface PoolSettings {
  engine: EngineOptions;
  manifest: GuestManifest;
  workers: number;
  /** How this runtime starts workers (runtime/host-runtime.ts). */
  runtime: HostRuntime;
  /** The compiled QuickJS module (compiled once, on this thread, while the worker starts). */
  loadWasm(): Promise<WebAssembly.Module>;
}

/** Where a newcomer finds the setup for their bundler or runtime. */
const SETUP_HINT = 'see README.md, "Bundlers and frameworks"';

/** One engine worker and the evals it is running. */
export class EngineWorker {
  readonly threads = new Set<string>();
  readonly #pending = new Map<number, PendingEval>();
  #nextId = 1;
  #lastHeard = performance.now();
  #dead: string | null = null;
  readonly #cancelFlags = typeof SharedArrayBuffer === "function" ? new Int32Array(new SharedArrayBuffer(CANCEL_SLOTS * 4)) : null;
  #watchdog: ReturnType<typeof setInterval> | null = null;
  /** The module whose base image this worker built and has not handed over yet (see #handOverSeed). */
  #seedModule: WebAssembly.Module | null = null;
  /** Control calls (comlink) in flight: they fail if the worker dies, instead of never settling. */
  readonly #controlCalls = new Set<(error: Error) => void>();

  private constructor(
    private readonly spawned: SpawnedWorker,
    private readonly api: Comlink.Remote<WorkerApi>,
    private readonly port: MessagePort,
    private readonly settings: PoolSettings,
    private readonly onDeath: (worker: EngineWorker, reason: string) => void,
  ) {}

  static async start(settings: PoolSettings, onDeath: (worker: EngineWorker, reason: string) => void): Promise<EngineWorker> {
    // The module compiles here while the worker's script loads; the worker gets it compiled.
    const wasm = settings.loadWasm();
    wasm.catch(() => {});
    // The base image the worker starts from, read and checked here as soon as the module is compiled.
    const seed = startingImageSeed(wasm);
    seed.catch(() => {});
    const spawned = await spawnWorker(settings.runtime, { maxStackSizeBytes: settings.engine.maxStackSizeBytes });
    const api = Comlink.wrap<WorkerApi>(spawned.endpoint);
    const channel = new MessageChannel();
    const worker = new EngineWorker(spawned, api, channel.port1, settings, onDeath);
    listen(channel.port1, (data) => worker.#onMessage(data));
    // Comlink's listener is on the worker now: from here on only work in flight keeps a Node
    // process alive (the hot-path port is ref'd while an eval or a control call runs), so a
    // script that never calls dispose() still exits. The port stays ref'd until init is done.
    spawned.unref();
    // A worker that dies before it answers (its script cannot load, no permission) fails the start.
    // (Registered first: the death handler below releases the proxy, which fails init differently.)
    const diedEarly = new Promise<never>((_resolve, reject) =>
      spawned.onExit((reason) => reject(new QuickboxError("WORKER_FAILED", `the engine worker could not start: ${reason} (worker script ${spawned.url}; ${SETUP_HINT})`))),
    );
    diedEarly.catch(() => {});
    spawned.onExit((reason) => worker.#die(reason));
    try {
      const flags = worker.#cancelFlags?.buffer as SharedArrayBuffer | undefined;
      // diedEarly first: when the worker already failed, the proxy is released and init cannot even be called.
      const loaded = wasm.catch((error: unknown) => {
        throw new QuickboxError("WORKER_FAILED", `the QuickJS .wasm could not be loaded: ${error instanceof Error ? error.message : String(error)} (${SETUP_HINT})`);
      });
      const init = async () => {
        const wasmModule = await loaded;
        const started = await unwrap(api.init(settings.engine, settings.manifest, Comlink.transfer(channel.port2, [channel.port2]), wasmModule, flags, await seed));
        if (started.builtImage) worker.#seedModule = wasmModule;
      };
      await Promise.race([diedEarly, init()]);
    } catch (error) {
      worker.#shutdown();
      // Whatever stopped the worker from starting (Deno's NotCapable for a file it may not read…)
      // reaches the caller as WORKER_FAILED, with the reason.
      if (isQuickboxError(error)) throw error;
      throw new QuickboxError("WORKER_FAILED", `the engine worker could not start: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} (worker script ${spawned.url}; ${SETUP_HINT})`);
    }
    worker.#keepProcessAlive(false);
    return worker;
  }

  get alive(): boolean {
    return this.#dead === null;
  }

  /** Whether the port is ref'd now (it starts so: see start()). */
  #portRefd = true;

  /** Node: a ref'd port keeps the process alive; only while work is in flight (no-op elsewhere). Only a change calls into the port. */
  #keepProcessAlive(busy: boolean): void {
    if (busy === this.#portRefd || (!busy && (this.#pending.size || this.#controlCalls.size))) return;
    this.#portRefd = busy;
    const port = this.port as unknown as { ref?: () => void; unref?: () => void };
    if (busy) port.ref?.();
    else port.unref?.();
  }

  /** Silence allowed while an eval runs: the run and the result copy each get timeoutMs. */
  get #silenceLimitMs(): number {
    const snapshotting = this.#controlCalls.size > 0 || this.#snapshotting;
    return 2 * this.settings.engine.timeoutMs + WATCHDOG_GRACE_MS + (snapshotting ? CONTROL_CALL_GRACE_MS : 0);
  }

  /** The worker said it is taking a snapshot after an eval (until it next speaks). */
  #snapshotting = false;

  /** A control call: it counts as hearing from the worker when it ends, and fails if the worker dies. */
  #control<T>(call: () => Promise<Reply<T>>): Promise<T> {
    if (this.#dead) return Promise.reject(this.#goneError());
    return new Promise<T>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      // A worker that dies silently (a browser worker reports no exit) is noticed by the watchdog.
      if (!this.#controlCalls.size && !this.#pending.size) this.#lastHeard = performance.now();
      this.#controlCalls.add(fail);
      this.#keepProcessAlive(true);
      this.#startWatchdog();
      const settle = () => {
        this.#controlCalls.delete(fail);
        this.#lastHeard = performance.now();
        this.#keepProcessAlive(false);
      };
      unwrap(call()).then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }

  eval(request: EvalRequest, context: RequestContext): Promise<EngineReply> {
    return this.#request(request.threadId, context, (id, aborted) => ({ t: "eval", id, ...(aborted ? { aborted } : {}), ...request }));
  }

  resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply> {
    return this.#request(request.threadId, context, (id, aborted) => ({ t: "resume", id, ...(aborted ? { aborted } : {}), ...request }));
  }

  #request(threadId: string, context: RequestContext, message: (id: number, aborted: boolean) => HostToWorker): Promise<EngineReply> {
    if (this.#dead) return Promise.reject(this.#goneError());
    const signal = context.signal;
    const id = this.#nextId++;
    return new Promise<EngineReply>((resolve, reject) => {
      let forceCancel: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        if (this.#cancelFlags) Atomics.store(this.#cancelFlags, id % CANCEL_SLOTS, id);
        this.port.postMessage({ t: "cancel", id });
        forceCancel = setTimeout(() => {
          if (this.#pending.has(id)) this.#die(`an eval was cancelled and the worker did not stop within ${CANCEL_GRACE_MS} ms`, "Cancelled");
        }, CANCEL_GRACE_MS);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const finish = () => {
        clearTimeout(forceCancel);
        signal?.removeEventListener("abort", onAbort);
        this.#pending.get(id)?.calls?.end();
        this.#pending.delete(id);
        this.#keepProcessAlive(false);
      };
      this.#pending.set(id, {
        calls: null,
        context,
        threadId,
        stream: context.stream,
        startedAt: performance.now(),
        resolve: (reply) => {
          finish();
          resolve(reply);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      });
      this.#lastHeard = performance.now();
      this.#keepProcessAlive(true);
      this.#startWatchdog();
      // An already-aborted signal travels with the request: a short eval could finish before a
      // separate cancel message is even read.
      this.port.postMessage(message(id, signal?.aborted === true));
    });
  }

  snapshot(request: SnapshotRequest): Promise<EncodedSnapshot> {
    return this.#control(() => this.api.snapshot(request));
  }

  fork(request: ForkRequest): Promise<EncodedSnapshot> {
    return this.#control(() => this.api.fork(request));
  }

  drop(threadId: string): Promise<void> {
    return this.#control(() => this.api.drop(threadId)).then(() => undefined);
  }

  threadInfos(): Promise<ThreadInfo[]> {
    return this.#control(() => this.api.threads());
  }

  async dispose(): Promise<void> {
    if (this.#dead) return;
    this.#dead = "disposed";
    try {
      await Promise.race([this.api.dispose(), new Promise((resolve) => setTimeout(resolve, 500))]);
    } catch {
      // The worker may already be gone; terminating is what matters.
    }
    this.#shutdown();
    // An eval cut off by dispose() is a result, as inline (guest failures are never thrown).
    this.#endPending(() => disposedOutcome());
    this.#failControlCalls(new QuickboxError("DISPOSED", "this interpreter was disposed"));
  }

  /** Ends every eval in flight with an outcome made here (the worker will not answer them). */
  #endPending(outcome: () => EngineOutcome, lost?: string): void {
    for (const pending of this.#pending.values()) {
      pending.resolve({ outcome: outcome(), durationMs: performance.now() - pending.startedAt, ...(lost ? { lost } : {}) });
    }
  }

  /** The error for a request to a worker that is gone: DISPOSED after dispose(), else WORKER_FAILED. */
  #goneError(): QuickboxError {
    return this.#dead === "disposed"
      ? new QuickboxError("DISPOSED", "this interpreter was disposed")
      : new QuickboxError("WORKER_FAILED", `the engine worker is gone: ${this.#dead}`);
  }

  #failControlCalls(error: Error): void {
    for (const fail of [...this.#controlCalls]) fail(error);
    this.#controlCalls.clear();
  }

  #onMessage(data: unknown): void {
    if (!isWorkerToHost(data)) return;
    this.#lastHeard = performance.now();
    this.#snapshotting = data.t === "heartbeat" && data.snapshotting === true;
    const message: WorkerToHost = data;
    switch (message.t) {
      case "calls":
      case "call": {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        pending.calls ??= new CallSession(pending.context.calls, pending.threadId, pending.context.signal);
        pending.calls.send(message.t === "call" ? [guestCall(message)] : message.calls, (results) => {
          if (this.#pending.has(message.id)) this.port.postMessage(resultsMessage(message.id, results));
        });
        return;
      }
      case "events":
        this.#pending.get(message.id)?.stream?.(message.events);
        return;
      case "done":
        this.#pending.get(message.id)?.resolve(message.reply);
        this.#handOverSeed();
        return;
      case "ok":
        this.#pending.get(message.id)?.resolve(fullReply(message));
        this.#handOverSeed();
        return;
      case "failed":
        this.#pending.get(message.id)?.reject(fromWire(message.error));
        return;
      case "heartbeat":
        return;
    }
  }

  /**
   * Once its first eval is done, a worker that built its base image hands it to the host, for the
   * next workers (image-seeds.ts). Asked for only then: making the seed (finding the image's
   * changed ranges, copying them) takes tens of ms that the first result does not wait for. A
   * worker started before the seed arrives builds its own image, as before.
   */
  #handOverSeed(): void {
    const wasmModule = this.#seedModule;
    if (!wasmModule || this.#dead) return;
    this.#seedModule = null;
    this.api.imageSeed().then(
      (reply) => {
        if (reply.ok) rememberImageSeed(wasmModule, reply.value);
      },
      () => {},
    );
  }

  /**
   * The watchdog runs while work is in flight and stops itself at its first check with none
   * (starting and clearing an interval per eval was a measurable part of a small eval). It never
   * keeps a Node process alive: in-flight work does that (#keepProcessAlive).
   */
  #startWatchdog(): void {
    this.#watchdog ??= setInterval(() => {
      if (!this.#pending.size && !this.#controlCalls.size) {
        this.#stopWatchdog();
        return;
      }
      if (performance.now() - this.#lastHeard > this.#silenceLimitMs) {
        this.#die(`it stopped answering for more than ${this.#silenceLimitMs} ms (a builtin call that ignores the interrupt, such as a huge BigInt toString)`);
      }
    }, WATCHDOG_CHECK_MS);
    (this.#watchdog as { unref?: () => void }).unref?.();
  }

  #stopWatchdog(): void {
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
  }

  #stopped = false;

  /** Stops the worker (once: a dying worker and a failed start may both ask). */
  #shutdown(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#stopWatchdog();
    this.port.close();
    this.api[Comlink.releaseProxy]();
    this.spawned.terminate();
  }

  /**
   * The worker is stuck, crashed or would not stop: end its evals (as Timeout, or as Cancelled
   * when a cancel forced this), and let the pool replace it.
   */
  #die(reason: string, errorType: "Timeout" | "Cancelled" = "Timeout"): void {
    if (this.#dead) return;
    this.#dead = reason;
    this.#shutdown();
    this.#failControlCalls(new QuickboxError("WORKER_FAILED", `the engine worker was restarted while it worked on this request: ${reason}`));
    this.#endPending(() => workerRestartedOutcome(reason, errorType), `the engine worker was restarted: ${reason}`);
    this.onDeath(this, reason);
  }
}
