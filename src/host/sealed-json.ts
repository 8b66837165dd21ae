/**
 * JSON records quickbox writes into a store and later trusts (the LangChain adapter's pause
 * markers, say): with a signing key each carries an HMAC-SHA256 over its content and a context
 * string (the record's purpose and thread), so a record edited in the store, or moved to another
 * thread, is refused when read.
 */
import { QuickboxError } from "../errors.js";
import { hmacKey, type KeyInput } from "../snapshot/snapshot-keys.js";

const keys = new Map<KeyInput, Promise<CryptoKey>>();

function keyFor(input: KeyInput): Promise<CryptoKey> {
  let key = keys.get(input);
  if (!key) {
    key = hmacKey(input);
    keys.set(input, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function signed(context: string, body: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`quickbox sealed v1\n${context}\n${body}`) as Uint8Array<ArrayBuffer>;
}

/** The record's bytes: `{ body, mac? }` (mac only with a key). */
export async function sealJson(value: unknown, context: string, signingKey: KeyInput | undefined): Promise<Uint8Array> {
  const body = JSON.stringify(value);
  if (signingKey === undefined) return new TextEncoder().encode(JSON.stringify({ body }));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(signingKey), signed(context, body)));
  return new TextEncoder().encode(JSON.stringify({ body, mac: toBase64(mac) }));
}

/** The record's value; SNAPSHOT_REJECTED (reason "signature" or "truncated") when it fails a check. */
export async function openJson(bytes: Uint8Array, context: string, signingKey: KeyInput | undefined): Promise<unknown> {
  let envelope: { body?: unknown; mac?: unknown };
  try {
    envelope = JSON.parse(new TextDecoder().decode(bytes)) as typeof envelope;
  } catch {
    throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the ${context} record is not JSON`, { reason: "truncated" });
  }
  if (typeof envelope?.body !== "string") throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the ${context} record is not one`, { reason: "truncated" });
  if (signingKey !== undefined) {
    let mac: Uint8Array<ArrayBuffer> | null = null;
    try {
      mac = typeof envelope.mac === "string" ? (Uint8Array.from(atob(envelope.mac), (char) => char.charCodeAt(0)) as Uint8Array<ArrayBuffer>) : null;
    } catch {
      mac = null;
    }
    if (!mac || !(await crypto.subtle.verify("HMAC", await keyFor(signingKey), mac, signed(context, envelope.body)))) {
      throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (signature): the ${context} record is not signed with this key, or was edited`, { reason: "signature" });
    }
  }
  try {
    return JSON.parse(envelope.body) as unknown;
  } catch {
    throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the ${context} record is damaged`, { reason: "truncated" });
  }
}
