/** Signing (HMAC-SHA256) and encryption (AES-GCM) keys for snapshots, via WebCrypto. */
export type KeyInput = string | Uint8Array | CryptoKey;

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== "undefined" && value instanceof CryptoKey;
}

function keyBytes(input: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return (typeof input === "string" ? new TextEncoder().encode(input) : new Uint8Array(input)) as Uint8Array<ArrayBuffer>;
}

export async function hmacKey(input: KeyInput): Promise<CryptoKey> {
  if (isCryptoKey(input)) return input;
  return crypto.subtle.importKey("raw", keyBytes(input), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function aesKey(input: KeyInput): Promise<CryptoKey> {
  if (isCryptoKey(input)) return input;
  const bytes = keyBytes(input);
  if (![16, 24, 32].includes(bytes.length)) throw new Error("encryptionKey must be a CryptoKey or 16, 24 or 32 raw bytes");
  return crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

export interface SnapshotKeys {
  signing?: CryptoKey;
  encryption?: CryptoKey;
}
