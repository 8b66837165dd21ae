/**
 * Rebuilds a thread on this build from its journal (DESIGN.md §6 "Threads outlive the build"): a
 * fresh thread from this build's base image, the journaled seed, then each cell and resume again,
 * in order — the program does what it did, and every answer it waits for comes from the journal:
 * no tool, subagent or approval runs again. Each call the program makes must be the journaled one
 * (same order, kind, name and arguments) and each run must end as it did; otherwise the rebuild
 * stops with REPLAY_DIVERGED, naming both, and nothing of it is kept.
 */
import type { CallResult, EvalLimits, GuestManifest, HeldCallRef, HostCallChannel, InterruptDecision, SkillFiles, ThreadConfig } from "../engine-contract.js";
import { QuickboxError } from "../errors.js";
import type { BaseImage } from "./base-image.js";
import { transformCell } from "./cell-transform.js";
import type { InstanceSource } from "./instance-pool.js";
import { argsHash, Journal, type JournalEnd, type JournalEntry, type JournaledCall } from "./journal.js";
import { QuickJSThread } from "./quickjs-thread.js";
import type { ReplaySource } from "./thread-journal.js";
import { EitherStop, StopFlag } from "../util/stop-signal.js";

export interface RebuildContext {
  image: BaseImage;
  config: ThreadConfig;
  instances: InstanceSource;
  manifest: GuestManifest;
  /** The limits runs get (call budgets come from the journal); `signal` aborts the rebuild. */
  limits: Omit<EvalLimits, "maxToolCalls" | "maxConcurrentToolCalls" | "maxTaskCalls" | "maxConcurrentTasks">;
  /** The skill files the thread had (from its last snapshot's manifest). */
  skills: Record<string, SkillFiles>;
}

export interface Rebuilt {
  thread: QuickJSThread;
  /** Cells and calls replayed. */
  cells: number;
  calls: number;
}

const describe = (call: JournaledCall | undefined) =>
  call ? { kind: call.kind, name: call.name, args: call.argsHead + (call.argsHead.length >= 120 ? "…" : "") } : null;

/** The journal as a rebuild reads it: one cursor over the ordered entries, Intl answers by request. */
class JournalCursor implements ReplaySource {
  #index: number;
  #pendingCalls: JournaledCall[] = [];
  readonly #intl = new Map<string, string>();
  /** Each journaled call's id → the key the rebuilt guest gave it. */
  readonly guestKeys = new Map<string, string>();
  calls = 0;
  divergence: { message: string; details: Record<string, unknown> } | null = null;

  constructor(
    private readonly entries: readonly JournalEntry[],
    start: number,
    private readonly abort: () => void,
  ) {
    this.#index = start;
    for (const entry of entries) if (entry.t === "intl") this.#intl.set(entry.q, entry.a);
  }

  /** The next entry a run consumes in order (Intl answers are looked up, not consumed). */
  #next(): JournalEntry | undefined {
    while (this.#index < this.entries.length && this.entries[this.#index]!.t === "intl") this.#index++;
    return this.entries[this.#index];
  }

  take(): JournalEntry | undefined {
    const entry = this.#next();
    if (entry) this.#index++;
    return entry;
  }

  peek(): JournalEntry | undefined {
    return this.#next();
  }

  diverge(message: string, details: Record<string, unknown>): void {
    if (this.divergence) return;
    this.divergence = { message, details };
    this.abort();
  }

  nextCall(call: JournaledCall): string {
    if (!this.#pendingCalls.length) {
      const entry = this.#next();
      if (entry?.t === "calls") {
        this.#index++;
        this.#pendingCalls = [...entry.calls];
      }
    }
    const expected = this.#pendingCalls.shift();
    if (!expected || expected.kind !== call.kind || expected.name !== call.name || expected.argsHash !== call.argsHash) {
      this.diverge(
        expected
          ? `the program called ${call.kind === "task" ? "task()" : call.name} where the journal has ${expected.kind === "task" ? "task()" : expected.name}${expected.name === call.name ? " with other arguments" : ""}`
          : `the program called ${call.kind === "task" ? "task()" : call.name}, a call the journal does not have`,
        { expected: describe(expected), actual: describe(call) },
      );
      return expected?.id ?? `call_diverged_${this.calls}`;
    }
    this.calls++;
    this.guestKeys.set(expected.id, call.id);
    return expected.id;
  }

  nextResults(): CallResult[] {
    const entry = this.#next();
    if (entry?.t !== "results") {
      this.diverge("the program waited for answers the journal does not have", { expected: entry ? entry.t : "nothing more", actual: "a wait for answers" });
      return [];
    }
    this.#index++;
    return entry.results;
  }

  nextNow(): number {
    const entry = this.#next();
    if (entry?.t !== "now") {
      this.diverge("the program read the clock where the journal has no reading", { expected: entry ? entry.t : "nothing more", actual: "a clock reading" });
      return 0;
    }
    this.#index++;
    return entry.ms;
  }

  intlAnswer(request: string): string | undefined {
    return this.#intl.get(request);
  }

  ended(how: JournalEnd | "stopped"): void {
    if (this.divergence) return;
    const entry = this.#next();
    if (entry?.t === "end" && entry.how === how) {
      this.#index++;
      return;
    }
    this.diverge(`the program ended ${how === "stopped" ? "stopped by a budget" : `with "${how}"`} where the journal has ${entry?.t === "end" ? `"${entry.how}"` : "more"}`, {
      expected: entry?.t === "end" ? entry.how : (entry?.t ?? "nothing more"),
      actual: how,
    });
  }
}

/** Host calls of a rebuilt run: nothing leaves; answers come from the journal. */
function journalChannel(cursor: JournalCursor): HostCallChannel {
  return { send: () => {}, receive: async () => cursor.nextResults() };
}

function diverged(cursor: JournalCursor): QuickboxError {
  return new QuickboxError("REPLAY_DIVERGED", `the thread could not be rebuilt on this build: ${cursor.divergence!.message}; nothing ran, and the stored thread is left as it was`, {
    details: cursor.divergence!.details,
  });
}

/** A held call as the rebuilt guest knows it (its key may differ from the one the old build gave it). */
function rekey(call: HeldCallRef, cursor: JournalCursor): HeldCallRef {
  return { ...call, guestKey: cursor.guestKeys.get(call.callId) ?? call.guestKey };
}

function rekeyDecision(decision: InterruptDecision, cursor: JournalCursor): InterruptDecision {
  return { ...decision, call: rekey(decision.call, cursor) };
}

/** Skips a cell that did not compile when it was journaled (nothing of it ran): its entries up to its end. */
function skipUncompiled(cursor: JournalCursor): boolean {
  for (;;) {
    const entry = cursor.peek();
    if (!entry || entry.t === "cell" || entry.t === "resume") return false;
    cursor.take();
    if (entry.t === "end") return entry.how === "compile-error";
  }
}

export async function rebuildThread(entries: readonly JournalEntry[], context: RebuildContext): Promise<Rebuilt> {
  const seed = entries[0];
  if (seed?.t !== "seed") throw new QuickboxError("NOT_REPLAYABLE", "the thread's journal does not start with its seed");
  const aborter = new StopFlag();
  const cursor = new JournalCursor(entries, 1, () => aborter.abort());
  const thread = await QuickJSThread.create(context.image, context.config, context.instances, seed.words);
  thread.journal.replayFrom(cursor);
  const signal = context.limits.signal ? new EitherStop(context.limits.signal, aborter) : aborter;
  let configurationJson = "";
  let cells = 0;
  for (let entry = cursor.take(); entry && !cursor.divergence; entry = cursor.take()) {
    if (entry.t === "config") configurationJson = entry.json;
    else if (entry.t === "skill") {
      const files = context.skills[entry.name];
      if (!files || argsHash(JSON.stringify(files)) !== entry.hash) throw new QuickboxError("NOT_REPLAYABLE", `the thread's skill "${entry.name}" is not in its snapshot as it was loaded`);
      thread.addSkills({ [entry.name]: files });
    } else if (entry.t === "cell") {
      const limits = { ...context.limits, ...entry.limits, signal };
      const transformed = await transformCell(entry.source, { full: true });
      if (transformed.refused || transformed.syntaxError) {
        // It compiled on the build that journaled it: on this one it does not.
        if (skipUncompiled(cursor)) continue;
        cursor.diverge(`cell ${entry.filename} no longer compiles: ${transformed.refused ?? transformed.syntaxError!.message}`, { expected: "a cell that compiles", actual: "a syntax error" });
        break;
      }
      if (cursor.peek()?.t === "end" && (cursor.peek() as { how: string }).how === "compile-error" && skipUncompiled(cursor)) continue;
      await thread.eval(transformed.code, entry.filename, limits, context.manifest, journalChannel(cursor), { source: entry.source, ...(configurationJson ? { configurationJson } : {}) });
      cells++;
    } else if (entry.t === "resume") {
      const limits = { ...context.limits, ...entry.limits, signal };
      await thread.resume(
        entry.decisions.map((decision) => rekeyDecision(decision, cursor)),
        entry.undecided.map((call) => rekey(call, cursor)),
        limits,
        context.manifest,
        journalChannel(cursor),
        configurationJson || undefined,
      );
    } else {
      cursor.diverge(`the journal has a "${entry.t}" entry where a cell or resume begins`, { expected: "a cell", actual: entry.t });
    }
  }
  thread.journal.replayFrom(null);
  if (cursor.divergence || thread.lost) {
    thread.release();
    if (cursor.divergence) throw diverged(cursor);
    throw new QuickboxError("REPLAY_DIVERGED", `the thread could not be rebuilt on this build: its instance was lost (${thread.lost}); the stored thread is left as it was`, { details: {} });
  }
  // The rebuilt thread keeps the journal it was rebuilt from, and goes on journaling.
  thread.journal.journal = new Journal(context.config.maxJournalBytes, [...entries]);
  thread.adoptGuestKeys(heldKeys(entries, cursor.guestKeys));
  return { thread, cells, calls: cursor.calls };
}

/** The rebuilt guest's keys of the calls still waiting (held, never answered nor decided). */
function heldKeys(entries: readonly JournalEntry[], guestKeys: ReadonlyMap<string, string>): Map<string, string> {
  const settled = new Set<string>();
  const held = new Set<string>();
  for (const entry of entries) {
    if (entry.t === "results") for (const result of entry.results) (result.held ? held : settled).add(result.id);
    if (entry.t === "resume") for (const decision of entry.decisions) settled.add(decision.call.callId);
  }
  const waiting = new Map<string, string>();
  for (const callId of held) {
    const key = guestKeys.get(callId);
    if (!settled.has(callId) && key !== undefined && key !== callId) waiting.set(callId, key);
  }
  return waiting;
}
