/**
 * A thread's journal as its snapshot chain carries it: a full snapshot holds every entry, each
 * delta the entries since its parent. Joined here, and checked entry by entry: without a signing
 * key the sections are whatever the store holds. A section that is not one quickbox writes (or a
 * chain whose sections do not follow on) makes the thread not replayable — its heap snapshot is
 * unaffected — never a crash.
 */
import type { JournalEntry, JournalSection } from "../engine/journal.js";

export interface JoinedJournal {
  entries: JournalEntry[];
  notReplayable?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isString = (value: unknown): value is string => typeof value === "string";
const isCountOrNull = (value: unknown) => value === null || isCount(value);

function isCallLimits(value: unknown): boolean {
  return isRecord(value) && isCountOrNull(value.maxToolCalls) && isCount(value.maxConcurrentToolCalls) && isCountOrNull(value.maxTaskCalls) && isCount(value.maxConcurrentTasks);
}

function isResult(value: unknown): boolean {
  if (!isRecord(value) || !isString(value.id) || typeof value.ok !== "boolean") return false;
  if (value.value !== undefined && !isString(value.value)) return false;
  if (value.error !== undefined && !(isRecord(value.error) && isString(value.error.name) && isString(value.error.message))) return false;
  return value.held === undefined || (isRecord(value.held) && Array.isArray(value.held.allowedDecisions));
}

function isCallRef(value: unknown): boolean {
  return isRecord(value) && isString(value.callId) && isString(value.guestKey) && (value.kind === "tool" || value.kind === "task") && isString(value.name);
}

function isDecision(value: unknown): boolean {
  if (!isRecord(value) || !isCallRef(value.call)) return false;
  if ("run" in value) return isRecord(value.run) && isString(value.run.args);
  return isRecord(value.result) && typeof value.result.ok === "boolean";
}

function isEntry(value: unknown): value is JournalEntry {
  if (!isRecord(value)) return false;
  switch (value.t) {
    case "seed":
      return Array.isArray(value.words) && value.words.length === 4 && value.words.every((word) => isCount(word) && word < 2 ** 32);
    case "config":
      return isString(value.json) && (value.mid === undefined || value.mid === true);
    case "cell":
      return isString(value.source) && isString(value.filename) && isCallLimits(value.limits);
    case "resume":
      return Array.isArray(value.decisions) && value.decisions.every(isDecision) && Array.isArray(value.undecided) && value.undecided.every(isCallRef) && isCallLimits(value.limits);
    case "calls":
      return Array.isArray(value.calls) && value.calls.every((call) => isRecord(call) && isString(call.id) && (call.kind === "tool" || call.kind === "task") && isString(call.name) && isString(call.argsHash) && isString(call.argsHead));
    case "results":
      return Array.isArray(value.results) && value.results.every(isResult);
    case "end":
      return value.how === "ok" || value.how === "error" || value.how === "paused" || value.how === "compile-error";
    case "now":
      return typeof value.ms === "number" && Number.isFinite(value.ms);
    case "intl":
      return isString(value.q) && isString(value.a);
    case "skill":
      return isString(value.name) && isString(value.hash);
    default:
      return false;
  }
}

/** Joins a chain's sections (full snapshot first). A chain without any (written before journals) is not replayable. */
export function joinJournal(sections: readonly unknown[]): JoinedJournal {
  const entries: JournalEntry[] = [];
  for (const section of sections) {
    if (section === undefined) return { entries: [], notReplayable: "it was written before quickbox kept journals" };
    if (!isRecord(section) || !isCount(section.from) || !Array.isArray(section.entries)) return { entries: [], notReplayable: "its journal is damaged" };
    if (isString(section.notReplayable)) return { entries: [], notReplayable: section.notReplayable };
    if (section.from !== entries.length) return { entries: [], notReplayable: "its snapshots' journals do not follow on" };
    for (const entry of section.entries) {
      if (!isEntry(entry)) return { entries: [], notReplayable: "its journal is damaged" };
      entries.push(entry);
    }
  }
  if (entries[0]?.t !== "seed") return { entries: [], notReplayable: "its journal is damaged" };
  return { entries };
}

export type { JournalSection };
