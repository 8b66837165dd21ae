/**
 * A thread's journal (DESIGN.md §6 "Threads outlive the build"): everything that entered the
 * thread since it was created or reset, in the order the guest received it — the random seed, each
 * configuration and cell (its source as the user gave it), each resume's decisions, the calls the
 * program made (with the ids they got) and every batch of answers, real-clock readings, Intl
 * answers, the skills it loaded. The guest is deterministic given these, so a thread whose heap
 * snapshot another build refuses can be rebuilt by replaying them (journal-replay.ts).
 *
 * The journal lives with the thread (engine side) and travels in its snapshots: a full snapshot
 * holds all of it, a delta the entries since its parent. Past `maxJournalBytes`, or after a cell
 * that a budget stopped at an arbitrary point (nothing could replay that exactly), it is dropped and
 * the thread is marked not replayable; the thread itself goes on unchanged.
 */
import type { CallKind, CallLimits, CallResult, HeldCallRef, InterruptDecision } from "../engine-contract.js";

/** A call the program made, as the journal keeps it: enough to check a replay makes the same one. */
export interface JournaledCall {
  id: string;
  kind: CallKind;
  name: string;
  /** Hash of the arguments' JSON text (journal.ts argsHash), and its first characters for messages. */
  argsHash: string;
  argsHead: string;
}

export type JournalEntry =
  /** The random generator's seed words (first entry of every journal). */
  | { t: "seed"; words: number[] }
  /** The guest configuration (tools, limits) as given before a cell (`mid`: before a resume). */
  | { t: "config"; json: string; mid?: true }
  /** A cell: the source as the user gave it, the file name it ran under, its call limits. */
  | { t: "cell"; source: string; filename: string; limits: CallLimits }
  /** A resume: the decided calls (what ran or what the program got) and the held ones left undecided. */
  | { t: "resume"; decisions: InterruptDecision[]; undecided: HeldCallRef[]; limits: CallLimits }
  /** Calls the program made (in order), each with the callId it got. */
  | { t: "calls"; calls: JournaledCall[] }
  /** One batch of answers as the run received it (results, and held answers). */
  | { t: "results"; results: CallResult[] }
  /** How the cell or resume ended. */
  | { t: "end"; how: JournalEnd }
  /** A real-clock reading the guest made (clock "real"). */
  | { t: "now"; ms: number }
  /** An answer of the host's Intl (one entry per distinct request). */
  | { t: "intl"; q: string; a: string }
  /** Skill files the thread loaded (the files themselves are in every snapshot's manifest). */
  | { t: "skill"; name: string; hash: string };

export type JournalEnd = "ok" | "error" | "paused" | "compile-error";

/** What a snapshot carries of the journal. `from`: the index of its first entry (0 in a full snapshot). */
export interface JournalSection {
  from: number;
  entries: JournalEntry[];
  /** Absent: replayable. Otherwise why not (entries are then empty). */
  notReplayable?: string;
}

/**
 * 64-bit FNV-1a over UTF-16 units, as 16 hex characters: detects a changed argument (not a secret).
 * Kept as four 16-bit limbs, so every product stays a small integer (a batch of 64 arguments of
 * 300 KB is 19 M units, each hashed as the program's calls are admitted): ~3× the two-halves form
 * with its division, and the same hash (journals from other builds compare with it).
 */
export function argsHash(text: string): string {
  // The offset basis 0xcbf29ce484222325, low limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let index = 0; index < text.length; index++) {
    h0 ^= text.charCodeAt(index);
    // × the FNV prime 0x100000001b3 = 2^40 + 0x1b3, modulo 2^64.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return (((h3 << 16) | h2) >>> 0).toString(16).padStart(8, "0") + (((h1 << 16) | h0) >>> 0).toString(16).padStart(8, "0");
}

/** Characters of a call's arguments kept in the journal, for REPLAY_DIVERGED's message. */
const ARGS_HEAD_CHARS = 120;

export function journaledCall(call: { id: string; kind: CallKind; name: string; args: string }): JournaledCall {
  return { id: call.id, kind: call.kind, name: call.name, argsHash: argsHash(call.args), argsHead: call.args.slice(0, ARGS_HEAD_CHARS) };
}

/** The size an entry adds to the journal: the text it holds (UTF-16 units) plus a fixed overhead. */
function entryChars(entry: JournalEntry): number {
  const OVERHEAD = 32;
  switch (entry.t) {
    case "cell":
      return OVERHEAD + entry.source.length + entry.filename.length + 64;
    case "config":
      return OVERHEAD + entry.json.length;
    case "results":
      return entry.results.reduce((sum, result) => sum + OVERHEAD + (result.value?.length ?? 0) + (result.error ? result.error.message.length + result.error.name.length : 0), OVERHEAD);
    case "calls":
      return entry.calls.reduce((sum, call) => sum + OVERHEAD + call.name.length + call.argsHead.length + 40, OVERHEAD);
    case "intl":
      return OVERHEAD + entry.q.length + entry.a.length;
    case "resume":
      return OVERHEAD + JSON.stringify(entry.decisions).length + 64 * entry.undecided.length;
    default:
      return OVERHEAD + 16;
  }
}

export class Journal {
  #entries: JournalEntry[];
  #chars: number;
  #notReplayable: string | undefined;
  /** Intl requests already journaled (their answers are not written again). */
  readonly #intl = new Map<string, string>();
  /** Told once when the journal stops (past its limit, a stopped cell). */
  #stoppedUnseen: string | undefined;

  constructor(
    private readonly maxChars: number,
    entries: JournalEntry[] = [],
    notReplayable?: string,
  ) {
    this.#entries = entries;
    this.#chars = entries.reduce((sum, entry) => sum + entryChars(entry), 0);
    this.#notReplayable = notReplayable;
    for (const entry of entries) if (entry.t === "intl") this.#intl.set(entry.q, entry.a);
  }

  get length(): number {
    return this.#entries.length;
  }

  get replayable(): boolean {
    return this.#notReplayable === undefined;
  }

  get notReplayable(): string | undefined {
    return this.#notReplayable;
  }

  get entries(): readonly JournalEntry[] {
    return this.#entries;
  }

  record(entry: JournalEntry): void {
    if (this.#notReplayable !== undefined) return;
    this.#chars += entryChars(entry);
    if (this.#chars > this.maxChars) {
      this.stop(`its journal grew past maxJournalBytes (${this.maxChars})`);
      return;
    }
    this.#entries.push(entry);
  }

  /** An Intl answer: journaled the first time this request is seen. */
  recordIntl(q: string, a: string): void {
    if (this.#notReplayable !== undefined || this.#intl.get(q) === a) return;
    this.#intl.set(q, a);
    this.record({ t: "intl", q, a });
  }

  /** The thread can no longer be rebuilt by replay (why); its entries are dropped. */
  stop(why: string): void {
    if (this.#notReplayable !== undefined) return;
    this.#notReplayable = why;
    this.#stoppedUnseen = why;
    this.#entries = [];
    this.#chars = 0;
    this.#intl.clear();
  }

  /** Why the journal stopped since this was last asked (once), or undefined. */
  takeStopNotice(): string | undefined {
    const notice = this.#stoppedUnseen;
    this.#stoppedUnseen = undefined;
    return notice;
  }

  /** A fork gave the held calls it copied new ids: the copy's journal names them by those. */
  renameCalls(renames: Readonly<Record<string, string>>): void {
    const renamed = (id: string) => (Object.hasOwn(renames, id) ? renames[id]! : id);
    this.#entries = this.#entries.map((entry): JournalEntry => {
      switch (entry.t) {
        case "calls":
          return { ...entry, calls: entry.calls.map((call) => ({ ...call, id: renamed(call.id) })) };
        case "results":
          return { ...entry, results: entry.results.map((result) => ({ ...result, id: renamed(result.id) })) };
        case "resume":
          return {
            ...entry,
            decisions: entry.decisions.map((decision) => ({ ...decision, call: { ...decision.call, callId: renamed(decision.call.callId) } })),
            undecided: entry.undecided.map((call) => ({ ...call, callId: renamed(call.callId) })),
          };
        default:
          return entry;
      }
    });
  }

  /** What a snapshot carries: the entries from `from` on (a delta's since its parent). */
  section(from: number): JournalSection {
    if (this.#notReplayable !== undefined) return { from: 0, entries: [], notReplayable: this.#notReplayable };
    return { from, entries: this.#entries.slice(from) };
  }
}
