/**
 * The engine contract: every message and value that crosses between the host (the Interpreter,
 * its thread directory and tools) and the engine (QuickJS threads, inline or in a worker), and
 * between the engine and the guest prelude inside QuickJS. Types only: each layer imports them
 * from here, and no implementation file declares its own copy.
 *
 *   guest ──GuestCall──▶ engine ──EngineClient──▶ host (tools, store)
 *   guest ◀─CallResult── engine ◀──EvalRequest── host
 *                         engine ──EngineReply──▶ host: renders the EvalResult once
 *
 * Between the host and an engine worker, these travel in the messages of worker-contract.ts; the
 * guest part (host calls, the prelude's configuration and reports) is in guest-contract.ts.
 */
import type { WebCryptoKey } from "./platform-types.js";
import type { ClockMode, PersistenceMode, ThreadInfo } from "./types.js";
import type { StopSignal } from "./util/stop-signal.js";

// ── Guest ⇄ engine: host calls (guest-contract.ts) ──────────────────────────────────────────

export type * from "./guest-contract.js";
import type { CallKind, CallResult, GuestCall, HoldSpec, RenderedEval, StreamedEvent } from "./guest-contract.js";

// ── Engine configuration ────────────────────────────────────────────────────────────────────

/** Per-eval budgets and concurrency of guest→host calls (null = unlimited). */
export interface CallLimits {
  maxToolCalls: number | null;
  maxConcurrentToolCalls: number;
  maxTaskCalls: number | null;
  maxConcurrentTasks: number;
}

/** Everything the engine needs from the interpreter's options; plain data (posted to workers). */
export interface EngineOptions extends CallLimits {
  mode: PersistenceMode;
  snapshotSigningKey: string | Uint8Array | WebCryptoKey | undefined;
  encryptionKey: string | Uint8Array | WebCryptoKey | undefined;
  timeoutMs: number;
  wallTimeoutMs: number;
  memoryLimitBytes: number;
  maxStackSizeBytes: number;
  /** Per thread: the journal's bound (past it, not replayable). */
  maxJournalBytes: number;
  maxToolPayloadBytes: number;
  maxResultChars: number;
  captureConsole: boolean;
  streamConsole: boolean;
  clock: ClockMode;
  randomSeed: number | undefined;
}

/** What a new or restored thread instance is built with. */
export interface ThreadConfig {
  /** The journal's bound (journal.ts): past it the thread is no longer replayable. */
  maxJournalBytes: number;
  memoryLimitBytes: number;
  maxStackSizeBytes: number;
  clock: ClockMode;
  randomSeed?: number;
}

/** The limits of one eval or resume, as the engine applies them. */
export interface EvalLimits extends CallLimits {
  timeoutMs: number;
  wallTimeoutMs: number;
  maxResultChars: number;
  /** Largest copy of the result (devalue text) handed to the host as `value`. */
  maxValueChars: number;
  streamConsole?: boolean;
  signal?: StopSignal;
  /** Time already spent on this eval outside QuickJS (the cell transform): counts against both budgets. */
  spentMs?: number;
  /** From QuickJS's interrupt handler: may abort `signal` from state shared with another thread (a busy worker reads no messages). */
  pollCancel?: () => void;
}

/** A skill's files: path (relative to the skill, e.g. "index.ts", "lib/util.js") → source. */
export type SkillFiles = Record<string, string>;

// ── Threads, pauses, snapshots ──────────────────────────────────────────────────────────────

/** A call the host held for a decision, as the engine reports it; the host keeps its one record (in the head), the engine none. */
export interface HeldCallReport extends HoldSpec {
  /** The call's callId: the tool's ctx.callId and the interrupt's id. */
  callId: string;
  /** The guest's own key for the call: where its result is delivered. */
  guestKey: string;
  kind: CallKind;
  name: string;
  /** JSON text of the arguments. */
  args: string;
}

/** What a resume tells the engine about one held call: its ids, from the host's record. */
export interface HeldCallRef {
  callId: string;
  guestKey: string;
  kind: CallKind;
  name: string;
}

/** What a paused thread remembers besides its memory (part of every snapshot of it): its calls per kind so far. */
export interface PauseState {
  issued: { tool: number; task: number };
  /** How many calls it waits on (the records themselves are the host's). */
  held: number;
}

/** How the host settles a held call: run it (with these arguments, JSON text) or answer it directly. */
export type InterruptDecision = { call: HeldCallRef; run: { args: string } } | { call: HeldCallRef; result: Omit<CallResult, "id" | "held"> };

/** Everything about a thread that is not in its linear memory (part of every snapshot). */
export interface ThreadStateExport {
  /** A rebuilt thread: its held calls' keys in this build's guest, by callId (the host's records keep the old ones). */
  guestKeys?: Record<string, string>;
  clockMs: number;
  configurationJson: string;
  skills: Record<string, SkillFiles>;
  pause: PauseState | null;
  memoryBytes: number;
}

/** The snapshot header (see snapshot/snapshot-codec.ts and docs/snapshot-format.md). */
export interface SnapshotHeader {
  quickbox: string;
  wasmBuild: string;
  baseImage: string;
  threadId: string;
  kind: "full" | "delta";
  /** The snapshot a delta applies on top of. */
  parent?: string;
  createdAt: number;
  /** Memory size of the thread (bytes). */
  memoryBytes: number;
  /** Size of one memory chunk (bytes). */
  chunkBytes: number;
  /** Byte length of the raw body, and of the body as stored. */
  rawBytes: number;
  bodyBytes: number;
  compression: "gzip" | "none";
  iv?: string;
  signed: boolean;
  paused: boolean;
  /** The thread cannot be rebuilt from its journal (why): copied into its head, for threads(). */
  notReplayable?: string;
}

export interface EncodedSnapshot {
  id: string;
  bytes: Uint8Array;
  header: SnapshotHeader;
}

// ── Outcomes ────────────────────────────────────────────────────────────────────────────────

/** What one eval or resume produced, before the host renders it (result/eval-result.ts). */
export interface EngineOutcome extends RenderedEval {
  status: "ok" | "error" | "paused";
  errorDetails?: Record<string, unknown>;
  value?: string;
  valueNote?: string;
  stdout: string;
  stdoutDroppedChars: number;
  /** Set when the instance was discarded during this eval: the thread's state is gone. */
  instanceLost?: string;
  /** The cell did not compile: nothing of it ran. */
  compileFailed?: boolean;
  /** Tool calls the program made (task() calls not included). */
  toolCalls?: number;
  /** The program waits for these decisions: the thread is paused. */
  interrupts?: HeldCallReport[];
  progressDropped?: number;
}

// ── Host ⇄ engine: requests and replies ─────────────────────────────────────────────────────

/** Where a thread stands in the store, as the host read it before the request. */
export interface StoredThreadRef {
  /** The id of the thread's latest stored snapshot (what its head names), or null. */
  storedHead: string | null;
  /** The head's snapshot chain (full first), sent when the thread is not live in the engine. */
  restore?: Uint8Array[];
}

export interface ThreadRequest extends StoredThreadRef {
  threadId: string;
  /** Snapshot the thread after the request (a thread that pauses is always snapshotted). */
  persist: boolean;
  /** Forget the live thread after the request unless it paused (mode "call"). */
  release?: boolean;
}

export interface EvalRequest extends ThreadRequest {
  code: string;
  /** Skill files the cell imports, preloaded by the host. */
  skills?: Record<string, SkillFiles>;
}

export interface ResumeRequest extends ThreadRequest {
  decisions: InterruptDecision[];
  /** The held calls not decided now: they stay held. */
  undecided: HeldCallRef[];
}

export interface SnapshotRequest extends StoredThreadRef {
  threadId: string;
  /** A full snapshot even where a delta would do. */
  full?: boolean;
}

export interface ForkRequest {
  from: string;
  to: string;
  /** The held calls of a paused source get new ids in the copy (old → new). */
  renames?: Record<string, string>;
  /** The source thread in the store (used when it is not live). */
  source: StoredThreadRef;
}

/** The engine's answer to an eval or resume. */
export interface EngineReply {
  outcome: EngineOutcome;
  /** Time the engine spent on the request, restore included. */
  durationMs: number;
  /** Set when the thread was snapshotted after the request (paused, or asked to persist). */
  snapshot?: EncodedSnapshot;
  /** The snapshot could not be taken (the outcome stands). */
  snapshotError?: string;
  /** The thread's live state was lost during the request (why): its next eval starts from the store or fresh. */
  lost?: string;
  /** The thread's snapshot was another build's: rebuilt from its journal (and snapshotted again). */
  rebuilt?: { cells: number; calls: number; durationMs: number };
  /** The thread's journal stopped during the request (why): it is no longer replayable. */
  journalStopped?: string;
}

/** How the engine reaches the host for one request's calls. */
export interface HostCallChannel {
  send(calls: GuestCall[]): void;
  /** Resolves with the results that arrived since the last receive (at least one). */
  receive(): Promise<CallResult[]>;
  /** Events the program streamed (absent: nobody listens); `streamWhileRunning`: also from QuickJS's interrupt handler (a worker). */
  stream?(events: StreamedEvent[]): void;
  streamWhileRunning?: boolean;
}

/** What the engine side (InterpreterCore) gets with an eval or resume besides the request. */
export interface EngineRunContext {
  channel: HostCallChannel;
  signal?: StopSignal;
  signalCoversDisposal?: true; // the caller aborts `signal` when the engine is disposed (the worker does): no combined signal per eval
  /** See EvalLimits.pollCancel. */
  pollCancel?: () => void;
  /** Called before the engine snapshots the thread: work that runs no guest code and may take long. */
  onSnapshot?: () => void;
}

/** One request's calls: its thread, the signal that aborts them, the program run (ctx.caller.evalId; set by the thread directory). */
export interface CallScope {
  /** A getter in practice (transport/call-session.ts): read it only when a call needs it; never copy a scope with a spread (a getter on the prototype is not copied). */
  readonly signal: AbortSignal;
  readonly threadId: string;
  readonly evalId?: string;
}

export type ResultSink = (results: CallResult[]) => void;

/** Runs guest calls on the host (the CallExecutor); results reach the sink in batches. */
export interface CallRunner {
  run(calls: GuestCall[], scope: CallScope, sink: ResultSink): void;
}

/** What a request's caller passes besides the request itself (host side only; never posted). */
export interface RequestContext {
  calls: CallRunner;
  signal?: AbortSignal;
  stream?: (events: StreamedEvent[]) => void;
}

/** What the host talks to: the engine inline, or a pool of engine workers. `eval`'s reply is a value when inline and finished at once. */
export interface EngineClient {
  eval(request: EvalRequest, context: RequestContext): EngineReply | Promise<EngineReply>;
  resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply>;
  snapshot(request: SnapshotRequest): Promise<EncodedSnapshot>;
  /** Copies `from` into a new thread `to`; returns `to`'s full snapshot. */
  fork(request: ForkRequest): Promise<EncodedSnapshot>;
  /** Forgets the live thread (it hibernates, or is reset). */
  drop(threadId: string): Promise<void>;
  /** The live threads. */
  threads(): Promise<ThreadInfo[]>;
  dispose(): Promise<void>;
  /** Called when threads lose their live state outside a request (their worker was restarted). */
  onThreadsLost?: (threadIds: string[], reason: string) => void;
}

