/**
 * A thread's head record in the store (see stores/store-contract.ts): the JSON quickbox writes,
 * and what it accepts back. Every field is checked before use; with a snapshotSigningKey the head
 * also carries an HMAC-SHA256 over its content and thread id — its claim and call log included —
 * so a store someone else can write cannot change what a reviewer is shown, what an approval runs
 * or what a crashed resume replays. A head that fails a check is SNAPSHOT_REJECTED, never a raw
 * exception.
 */
import { QuickboxError } from "../errors.js";
import type { CallLogEntry, HeadClaim, ThreadHead } from "../stores/store-contract.js";
import type { DecisionType } from "../types.js";

const DECISIONS: readonly DecisionType[] = ["approve", "edit", "reject", "respond"];
const SNAPSHOT_ID = /^[0-9a-f]{64}$/;
const MAC_CONTEXT = "quickbox head v1\n";

function rejected(reason: "truncated" | "signature", threadId: string, what: string): QuickboxError {
  return new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (${reason}): the head of thread "${threadId}" ${what}`, { reason });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isTime = (value: unknown) => typeof value === "number" && Number.isFinite(value);

/**
 * A held call's record (thread-table.ts HeldCall). Heads written before call ids were unique
 * named the guest's key `callId` and the interrupt `int_…`: such a record is read with the
 * interrupt id as its id (it stays what reviewers were shown) and the old `callId` as its guest key.
 */
function heldCallOf(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const guestKey = value.guestKey ?? value.callId;
  const ok =
    typeof value.id === "string" &&
    typeof guestKey === "string" &&
    (value.evalId === undefined || typeof value.evalId === "string") &&
    (value.kind === "tool" || value.kind === "task") &&
    typeof value.name === "string" &&
    "args" in value &&
    Array.isArray(value.allowedDecisions) &&
    value.allowedDecisions.length > 0 &&
    value.allowedDecisions.every((decision) => DECISIONS.includes(decision as DecisionType)) &&
    (value.description === undefined || typeof value.description === "string");
  if (!ok) return null;
  const { callId: _legacyKey, ...record } = value;
  return { ...record, guestKey };
}

function isCallLogEntry(value: unknown): value is CallLogEntry {
  if (!isRecord(value)) return false;
  const resultOk = value.result === undefined || (isRecord(value.result) && typeof value.result.ok === "boolean");
  return typeof value.callId === "string" && typeof value.name === "string" && (value.state === "executing" || value.state === "done") && resultOk;
}

function isClaim(value: unknown): value is HeadClaim {
  return isRecord(value) && typeof value.owner === "string" && isTime(value.claimedAt) && Array.isArray(value.calls) && value.calls.every(isCallLogEntry);
}

function checkShape(value: Record<string, unknown>, threadId: string): ThreadHead {
  if (value.threadId !== threadId) throw rejected("truncated", threadId, `names another thread (${JSON.stringify(String(value.threadId)).slice(0, 80)})`);
  const chainOk = Array.isArray(value.chain) && value.chain.length > 0 && value.chain.every((id) => typeof id === "string" && SNAPSHOT_ID.test(id));
  if (!chainOk) throw rejected("truncated", threadId, "has no chain of snapshot ids");
  const interrupts = Array.isArray(value.interrupts) ? value.interrupts.map(heldCallOf) : null;
  if (typeof value.paused !== "boolean" || !interrupts || interrupts.some((held) => held === null)) throw rejected("truncated", threadId, "has no valid pause state");
  if (!isTime(value.updatedAt)) throw rejected("truncated", threadId, "has no time");
  if (value.claim !== undefined && !isClaim(value.claim)) throw rejected("truncated", threadId, "has a claim that is not one");
  if (value.notReplayable !== undefined && typeof value.notReplayable !== "string") throw rejected("truncated", threadId, "has a replay note that is not text");
  return { ...value, interrupts } as unknown as ThreadHead;
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0)) as Uint8Array<ArrayBuffer>;
  } catch {
    return null;
  }
}

/** What the MAC covers: a fixed context, the thread id (a head cannot be moved to another thread), the content. */
function macInput(threadId: string, body: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${MAC_CONTEXT}${threadId}\n${body}`) as Uint8Array<ArrayBuffer>;
}

export async function encodeHead(head: ThreadHead, signingKey: CryptoKey | undefined): Promise<Uint8Array> {
  const body = JSON.stringify(head);
  if (!signingKey) return new TextEncoder().encode(body);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", signingKey, macInput(head.threadId, body)));
  return new TextEncoder().encode(JSON.stringify({ ...head, mac: toBase64(mac) }));
}

/** The head in `bytes` (undefined: none), checked — and, with a key, authenticated — for `threadId`. */
export async function decodeHead(bytes: Uint8Array | undefined, threadId: string, signingKey: CryptoKey | undefined): Promise<ThreadHead | null> {
  if (bytes === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw rejected("truncated", threadId, "is not JSON");
  }
  if (!isRecord(value)) throw rejected("truncated", threadId, "is not an object");
  const { mac, ...content } = value;
  if (signingKey) {
    const macBytes = typeof mac === "string" ? fromBase64(mac) : null;
    if (!macBytes) throw rejected("signature", threadId, "is not signed, but a snapshotSigningKey is set");
    const body = JSON.stringify(content);
    const valid = await crypto.subtle.verify("HMAC", signingKey, macBytes, macInput(threadId, body));
    if (!valid) throw rejected("signature", threadId, "has an HMAC that does not match (edited, another thread's, or another key)");
  }
  return checkShape(content, threadId);
}
