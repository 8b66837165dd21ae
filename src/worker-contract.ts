/**
 * The wire between the host and an engine worker (a Web Worker or worker_thread): the control API
 * over comlink, and the messages of the hot-path port that carry evals and batched host calls. The
 * values inside are the engine contract's (engine-contract.ts). Types only.
 */
import type { BaseImageSeed } from "./engine/base-image-seed.js";
import type { CallResult, EncodedSnapshot, EngineOptions, EngineReply, EvalRequest, ForkRequest, GuestCall, GuestManifest, ResumeRequest, SnapshotRequest, StreamedEvent } from "./engine-contract.js";
import type { MessagePortLike, WasmModule } from "./platform-types.js";
import type { ThreadInfo } from "./types.js";

/** Errors cross a worker boundary as plain data; QuickboxError's code and reason travel too. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
  details?: Record<string, unknown>;
}
export type Reply<T> = { ok: true; value: T } | { ok: false; error: WireError };

/** The worker's control API, over comlink (evals use the hot-path port below). */
export interface WorkerApi {
  /** `imageSeed`: another worker's base image (no build). The reply: whether this worker built its own, which imageSeed() hands over (null if given one), asked once the first eval is done. */
  init(options: EngineOptions, manifest: GuestManifest, port: MessagePortLike, wasmModule: WasmModule, cancelFlags?: SharedArrayBuffer, imageSeed?: BaseImageSeed): Promise<Reply<{ builtImage: boolean }>>;
  imageSeed(): Promise<Reply<BaseImageSeed | null>>;
  snapshot(request: SnapshotRequest): Promise<Reply<EncodedSnapshot>>;
  fork(request: ForkRequest): Promise<Reply<EncodedSnapshot>>;
  drop(threadId: string): Promise<Reply<null>>;
  threads(): Promise<Reply<ThreadInfo[]>>;
  dispose(): Promise<void>;
}

/** Messages on the hot-path port, host → worker. */
export type HostToWorker =
  | ({ t: "eval"; id: number; aborted?: boolean } & EvalRequest)
  | ({ t: "resume"; id: number; aborted?: boolean } & ResumeRequest)
  | { t: "results"; id: number; results: CallResult[] }
  /** One ok result with a value, in short (transport/compact-messages.ts). */
  | { t: "result"; id: number; callId: string; value: string; encoding: "json" | "devalue" }
  | { t: "cancel"; id: number };

/** Messages on the hot-path port, worker → host. */
export type WorkerToHost =
  | { t: "calls"; id: number; calls: GuestCall[] }
  /** One call (not an approved held one), in short (transport/compact-messages.ts). */
  | { t: "call"; id: number; callId: string; kind: GuestCall["kind"]; name: string; args: string }
  | { t: "events"; id: number; events: StreamedEvent[] }
  | { t: "done"; id: number; reply: EngineReply }
  /**
   * The common reply in short (transport/compact-messages.ts): status "ok", nothing dropped, no handle, no
   * stdout, nothing else to say — one flat object instead of two nested ones (~2 µs less per message).
   */
  | { t: "ok"; id: number; body: string; value?: string; toolCalls?: number; durationMs: number }
  | { t: "failed"; id: number; error: WireError }
  /** `snapshotting`: the worker starts taking a snapshot (no guest code runs; it may be silent for long). */
  | { t: "heartbeat"; snapshotting?: true };
