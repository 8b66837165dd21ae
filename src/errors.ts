/**
 * Host-misuse errors. Guest failures are never thrown: they come back as `status: "error"`.
 * Identify these by `name`/`code` (or `isQuickboxError`): `instanceof` does not survive a worker
 * boundary or a second copy of the package.
 */
export type QuickboxErrorCode =
  | "INVALID_OPTIONS"
  | "INVALID_TOOL"
  | "DISPOSED"
  | "UNKNOWN_THREAD"
  | "THREAD_EXISTS"
  | "THREAD_PAUSED"
  | "NOT_PAUSED"
  | "UNKNOWN_INTERRUPT"
  | "DECISION_NOT_ALLOWED"
  | "TOOL_MISSING"
  | "SNAPSHOT_REJECTED"
  | "STORE_FAILED"
  /** Another interpreter holds a fresh claim on this pause, or moved the thread's head since this operation read it. */
  | "CONFLICT"
  /** The engine worker could not start (its script or the wasm could not load, a missing permission). */
  | "WORKER_FAILED"
  /** wait/cancel: no background cell with this id in this interpreter. */
  | "UNKNOWN_CELL"
  /** Rebuilding a thread on this build (its snapshot is another build's) made a call other than the one journaled; nothing ran, the stored thread is untouched. */
  | "REPLAY_DIVERGED"
  /** A snapshot from another build, and no journal to rebuild the thread from (reset still clears it). */
  | "NOT_REPLAYABLE";

export type SnapshotRejectionReason = "bad-magic" | "version" | "wasm-build" | "base-image" | "truncated" | "signature" | "decrypt";

export class QuickboxError extends Error {
  override readonly name = "QuickboxError";
  readonly code: QuickboxErrorCode;
  /** For SNAPSHOT_REJECTED: which check failed. */
  readonly reason?: SnapshotRejectionReason;
  readonly details?: Record<string, unknown>;

  constructor(
    code: QuickboxErrorCode,
    message: string,
    options: { cause?: unknown; reason?: SnapshotRejectionReason; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.reason) this.reason = options.reason;
    if (options.details) this.details = options.details;
  }
}

/** True for a QuickboxError from any realm, worker or copy of this package. */
export function isQuickboxError(error: unknown): error is QuickboxError {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as { name?: unknown; code?: unknown };
  return candidate.name === "QuickboxError" && typeof candidate.code === "string";
}
