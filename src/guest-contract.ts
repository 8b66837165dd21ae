/**
 * The engine ⇄ guest part of the engine contract (engine-contract.ts re-exports it): the host calls a
 * program makes, their results, and what the guest prelude is configured with and reports. Types only.
 */
import type { DecisionType } from "./types.js";

// ── Guest ⇄ engine: host calls ──────────────────────────────────────────────────────────────

export type CallKind = "tool" | "task";
/**
 * A call the program made: `tools.x(args)` or `task(args)`. `id`: in the guest's poll reports, the
 * guest's own key for the call (unique within its thread's memory, like `c3`); everywhere on the
 * host side, the call's callId (`call_…`, util/call-ids.ts), which the engine assigns when the call
 * leaves the guest and maps back when its result returns. The guest never sees a callId.
 */
export interface GuestCall {
  id: string;
  kind: CallKind;
  /** The tool's own name (`send_email`), or the subagent type for task(). */
  name: string;
  /** JSON text of the arguments. */
  args: string;
  /** A held call a person approved (approve/edit): it runs without asking interruptOn again. */
  approved?: true;
}

/** How a held call may be decided, and what the reviewer is told (from interruptOn). */
export interface HoldSpec {
  allowedDecisions: DecisionType[];
  description?: string;
}

export interface CallError {
  name: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface CallResult {
  id: string;
  ok: boolean;
  /** The host held the call for a person's decision instead of running it (interruptOn): it never reaches the guest. */
  held?: HoldSpec;
  /** The result, as JSON text or devalue text (for Maps, Dates, undefined, …). */
  value?: string;
  encoding?: "json" | "devalue";
  error?: CallError;
}

/** Limits the prelude applies to an eval's output and result copy. */
export interface GuestOutputLimits {
  maxResultChars: number;
  maxValueChars: number;
  streamConsole?: boolean;
}

export type StreamedEvent = { kind: "progress"; seq: number; value: string } | { kind: "stdout"; seq: number; text: string };

/** What the engine configures the prelude with (JSON): output limits, tools (and those programs may not call, `directOnly`), subagents. */
export interface GuestConfiguration {
  limits: GuestOutputLimits;
  tools: ToolManifestEntry[];
  directOnly?: Pick<ToolManifestEntry, "name" | "key">[];
  subagents: SubagentManifest;
}

/** A settled eval's rendering: what the guest renders and the host's outcome (EngineOutcome) carries on. */
export interface RenderedEval {
  body: string;
  droppedChars: number;
  handle: boolean;
  errorType?: string;
  errorMessage?: string;
  errorStack?: string;
}

/** The guest's rendering of a settled eval (checked by engine/guest-reports.ts before use). */
export interface GuestFinishedEval extends RenderedEval {
  status: "ok" | "error";
  stdout: string;
  stdoutDroppedChars: number;
  /** devalue text of an ok result, when it was cheap to copy right away. */
  value?: string;
  valueNote?: string;
  progressDropped?: number; // progress() calls the guest dropped (past MAX_PROGRESS_EVENTS) since it last reported
}

/** What the prelude's `poll` reports (JSON): still running, or the rendered result. */
export type GuestPollReport =
  | { settled: false; nextTimerAt: number | null; calls: GuestCall[]; /** calls wait in the guest's outbox still (a poll hands over at most POLL_PIECE_CHARS of arguments) */ more?: true }
  | { settled: true; outcome: GuestFinishedEval; needsCopy: boolean };

/** What the guest's `tools` object is built from (one entry per tool). */
export interface ToolManifestEntry {
  /** The tool's own name, used by the host. */
  name: string;
  /** camelCase key under `tools`. */
  key: string;
  description: string;
  /** TypeScript signature shown by $describe/$search. */
  signature: string;
}

export interface SubagentManifest {
  enabled: boolean;
  types: { name: string; description: string }[];
}

/** What the guest is told about the interpreter: its tools and subagents. */
export interface GuestManifest {
  tools: ToolManifestEntry[];
  directOnly?: Pick<ToolManifestEntry, "name" | "key">[];
  subagents: SubagentManifest;
}
