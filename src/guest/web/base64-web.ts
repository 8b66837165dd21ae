/** atob / btoa: forgiving base64 over "binary strings" (one character per byte). */
import { domException } from "./dom-exception.js";
import { unitsToString } from "./text-encoding.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
// Built when the chunk loads, after programs ran: with captured methods only (scripts/builtin-captures.mjs).
const VALUES = new Int16Array(128);
for (let i = 0; i < 128; i++) VALUES[i] = -1;
const ENCODE = new Uint16Array(64);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = String.prototype.charCodeAt.call(ALPHABET, i);
  VALUES[ENCODE[i]!] = i;
}

export function btoa(this: unknown, ...args: unknown[]): string {
  if (args.length === 0) throw new TypeError('The "data" argument must be specified');
  const text = String(args[0]);
  const length = text.length;
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) > 0xff) throw domException("InvalidCharacterError", "Invalid character");
  }
  const units = new Uint16Array(Math.ceil(length / 3) * 4);
  let out = 0;
  for (let i = 0; i < length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < length ? text.charCodeAt(i + 1) : 0;
    const c = i + 2 < length ? text.charCodeAt(i + 2) : 0;
    units[out++] = ENCODE[a >> 2]!;
    units[out++] = ENCODE[((a & 3) << 4) | (b >> 4)]!;
    units[out++] = i + 1 < length ? ENCODE[((b & 15) << 2) | (c >> 6)]! : 61;
    units[out++] = i + 2 < length ? ENCODE[c & 63]! : 61;
  }
  return unitsToString(units, out);
}

const isWhitespace = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d;

export function atob(this: unknown, ...args: unknown[]): string {
  if (args.length === 0) throw new TypeError('The "data" argument must be specified');
  const text = String(args[0]);
  const values = new Uint8Array(text.length);
  let count = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isWhitespace(unit)) continue;
    if (unit === 61) {
      padding++;
      continue;
    }
    const value = unit < 128 ? VALUES[unit]! : -1;
    if (value < 0 || padding > 0) throw domException("InvalidCharacterError", "Invalid character");
    values[count++] = value;
  }
  // "=" only at the end, at most two, and only to complete a group of four.
  if (padding > 2 || (padding > 0 && (count + padding) % 4 !== 0) || count % 4 === 1) {
    throw domException("InvalidCharacterError", "The string to be decoded is not correctly encoded.");
  }
  const units = new Uint16Array(Math.floor((count * 3) / 4));
  let out = 0;
  let bits = 0;
  let buffer = 0;
  for (let i = 0; i < count; i++) {
    buffer = ((buffer << 6) | values[i]!) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      units[out++] = (buffer >> bits) & 0xff;
    }
  }
  return unitsToString(units, out);
}
