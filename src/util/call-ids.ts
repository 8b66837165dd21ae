/**
 * Call ids (DESIGN.md §3, "Call identity"): `call_` + 26 characters of [0-9a-z], 134 random bits
 * drawn from the platform's CSPRNG. Never derived from a counter or from anything in a thread's
 * memory, so they differ across threads, processes, resets, forks and modes — a tool can use
 * `ctx.callId` as an idempotency key with the outside world.
 */

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const ID_CHARS = 26;
/** Bytes below this map to the alphabet without bias (252 = 7 × 36); the rest are drawn again. */
const UNBIASED_BELOW = 252;
const POOL_BYTES = 4096;

export const CALL_ID_PATTERN = /^call_[0-9a-z]{26}$/;

let pool = new Uint8Array(0);
let used = 0;

/** One random byte from a pool refilled in blocks (a getRandomValues per id was a measurable cost per tool call). */
function randomByte(): number {
  if (used === pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  return pool[used++]!;
}

export function newCallId(): string {
  let id = "call_";
  while (id.length < 5 + ID_CHARS) {
    const byte = randomByte();
    if (byte < UNBIASED_BELOW) id += ALPHABET[byte % 36];
  }
  return id;
}

export function isCallId(value: unknown): value is string {
  return typeof value === "string" && CALL_ID_PATTERN.test(value);
}
