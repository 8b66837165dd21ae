/**
 * Base64 for binary data crossing the boundary in devalue text (ArrayBuffers, and so typed
 * arrays and DataViews). QuickJS has no atob/btoa, and the guest gets none: these are private,
 * and use indexing only (no String or Array methods a program could replace).
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const CODES: Record<string, number> = {};
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET[i]!] = i;

export function encodeBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    out += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | (b >> 4)]!;
    out += i + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)]! : "=";
    out += i + 2 < bytes.length ? ALPHABET[c & 63]! : "=";
  }
  return out;
}

export function decodeBase64(text: string): ArrayBuffer {
  let length = text.length;
  while (length > 0 && text[length - 1] === "=") length--;
  const bytes = new Uint8Array(Math.floor((length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (let i = 0; i < length; i++) {
    const code = CODES[text[i]!];
    if (code === undefined) throw new TypeError("invalid base64 in a host value");
    value = ((value << 6) | code) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (value >> bits) & 255;
    }
  }
  return bytes.buffer;
}
