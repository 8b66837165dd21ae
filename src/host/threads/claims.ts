/**
 * Claims: before a resume runs anything, it writes a claim into the paused thread's head with a
 * conditional write, so of two interpreters deciding one pause only one goes on. A claim by
 * another interpreter younger than claimTimeoutMs means "being resumed elsewhere" (CONFLICT); an
 * older one — or one of this interpreter's own, left by a resume that failed — is a resume that
 * died, and its call log is recovered (resume-log.ts).
 */
import { QuickboxError } from "../../errors.js";
import type { HeadClaim, ThreadHead } from "../../stores/store-contract.js";

export type ClaimState = "none" | "held-elsewhere" | "abandoned";

export function claimState(claim: HeadClaim | undefined, owner: string, claimTimeoutMs: number, now = Date.now()): ClaimState {
  if (!claim) return "none";
  if (claim.owner !== owner && now - claim.claimedAt < claimTimeoutMs) return "held-elsewhere";
  return "abandoned";
}

export function heldElsewhere(threadId: string, claim: HeadClaim, now = Date.now()): QuickboxError {
  return new QuickboxError(
    "CONFLICT",
    `thread "${threadId}" is being resumed elsewhere (claimed ${Math.max(0, Math.round((now - claim.claimedAt) / 1000))} s ago by another interpreter); nothing was run`,
    { details: { claimedAt: claim.claimedAt } },
  );
}

/** Throws CONFLICT when another interpreter holds a fresh claim on the thread. */
export function assertNotClaimedElsewhere(threadId: string, head: ThreadHead | null, owner: string, claimTimeoutMs: number): void {
  if (head?.claim && claimState(head.claim, owner, claimTimeoutMs) === "held-elsewhere") throw heldElsewhere(threadId, head.claim);
}

/** A new claim by `owner` over `calls`. */
export function newClaim(owner: string, calls: HeadClaim["calls"]): HeadClaim {
  return { owner, claimedAt: Date.now(), calls };
}
