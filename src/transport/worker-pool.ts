/**
 * isolation "worker": a pool of engine workers (./engine-worker.ts). Each thread lives on one
 * worker (the least loaded when it first runs); evals on different threads run on different
 * workers concurrently. A worker the watchdog stopped is replaced, and its threads restart.
 */
import type { EncodedSnapshot, EngineClient, EngineReply, EvalRequest, ForkRequest, RequestContext, ResumeRequest, SnapshotRequest } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import type { ThreadInfo } from "../types.js";
import { EngineWorker, type PoolSettings } from "./engine-worker.js";
import { workerStackLimitBytes } from "./spawn-worker.js";

export class WorkerPool implements EngineClient {
  readonly #slots: (Promise<EngineWorker> | null)[];
  /** The started worker of each slot, once its start resolved: a request to it goes out without awaiting #slots' promise. */
  readonly #started: (EngineWorker | null)[];
  readonly #assignment = new Map<string, number>();
  #disposed = false;
  onThreadsLost?: (threadIds: string[], reason: string) => void;

  private constructor(private readonly settings: PoolSettings) {
    this.#slots = Array.from({ length: settings.workers }, () => null);
    this.#started = Array.from({ length: settings.workers }, () => null);
  }

  /** Starts the first worker now, so that a worker that cannot start fails createInterpreter. */
  static async start(settings: PoolSettings): Promise<WorkerPool> {
    const engine = { ...settings.engine, maxStackSizeBytes: workerStackLimitBytes(settings.runtime, settings.engine.maxStackSizeBytes) };
    const pool = new WorkerPool({ ...settings, engine });
    await pool.#worker(0);
    return pool;
  }

  #worker(index: number): Promise<EngineWorker> {
    const existing = this.#slots[index];
    if (existing) return existing;
    const started = EngineWorker.start(this.settings, (worker, reason) => this.#onDeath(index, worker, reason));
    started.then(
      (worker) => {
        if (this.#slots[index] === started) this.#started[index] = worker;
      },
      () => {
        if (this.#slots[index] === started) this.#slots[index] = null;
      },
    );
    this.#slots[index] = started;
    return started;
  }

  #onDeath(index: number, worker: EngineWorker, reason: string): void {
    this.#slots[index] = null;
    if (this.#started[index] === worker) this.#started[index] = null;
    this.onThreadsLost?.([...worker.threads], `its engine worker was restarted: ${reason}`);
  }

  #slotFor(threadId: string): number {
    const assigned = this.#assignment.get(threadId);
    if (assigned !== undefined) return assigned;
    const counts = this.#slots.map(() => 0);
    for (const slot of this.#assignment.values()) counts[slot]!++;
    const slot = counts.indexOf(Math.min(...counts));
    this.#assignment.set(threadId, slot);
    return slot;
  }

  #assertAlive(): void {
    if (this.#disposed) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
  }

  #onThread<T>(threadId: string, work: (worker: EngineWorker) => Promise<T>): Promise<T> {
    if (this.#disposed) return Promise.reject(new QuickboxError("DISPOSED", "this interpreter was disposed"));
    const slot = this.#slotFor(threadId);
    // The common case: the thread's worker is up; the request is posted within this call.
    const started = this.#started[slot];
    if (started?.alive) {
      started.threads.add(threadId);
      return work(started);
    }
    return this.#worker(slot).then((worker) => {
      worker.threads.add(threadId);
      return work(worker);
    });
  }

  eval(request: EvalRequest, context: RequestContext): Promise<EngineReply> {
    return this.#onThread(request.threadId, (worker) => worker.eval(request, context));
  }

  resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply> {
    return this.#onThread(request.threadId, (worker) => worker.resume(request, context));
  }

  snapshot(request: SnapshotRequest): Promise<EncodedSnapshot> {
    return this.#onThread(request.threadId, (worker) => worker.snapshot(request));
  }

  fork(request: ForkRequest): Promise<EncodedSnapshot> {
    // Both threads live on the source's worker.
    const slot = this.#slotFor(request.from);
    this.#assignment.set(request.to, slot);
    return this.#onThread(request.from, async (worker) => {
      worker.threads.add(request.to);
      return worker.fork(request);
    });
  }

  async drop(threadId: string): Promise<void> {
    this.#assertAlive();
    const slot = this.#assignment.get(threadId);
    if (slot === undefined) return;
    const worker = await this.#worker(slot);
    await worker.drop(threadId);
    worker.threads.delete(threadId);
    this.#assignment.delete(threadId);
  }

  async threads(): Promise<ThreadInfo[]> {
    this.#assertAlive();
    const live = await Promise.all(this.#slots.filter((slot): slot is Promise<EngineWorker> => slot !== null).map(async (slot) => (await slot).threadInfos()));
    return live.flat();
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await Promise.all(
      this.#slots.map(async (slot) => {
        if (!slot) return;
        try {
          await (await slot).dispose();
        } catch {
          // A worker that failed to start has nothing to dispose.
        }
      }),
    );
  }
}
