/**
 * Base64 for binary data crossing the boundary in devalue text (ArrayBuffers, and so typed
 * arrays and DataViews). QuickJS has no atob/btoa, and the guest gets none: these are private,
 * and use indexing and built-ins captured at load only (no String or Array methods a program could
 * replace, no typed array getter; the lists are safe-collections.ts's, on which no setter a program
 * put on Array.prototype is met).
 */
import { bufferByteLength } from "./copy-builtins.js";
import { newList } from "./safe-collections.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const CODES: Record<string, number> = {};
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET[i]!] = i;
/** The alphabet's character codes, and the original String.fromCharCode (captured before any program runs). */
const ALPHABET_CODES: number[] = [];
for (let i = 0; i < ALPHABET.length; i++) ALPHABET_CODES[i] = ALPHABET.charCodeAt(i);
const fromCharCode = String.fromCharCode;
const reflectApply = Reflect.apply;
const arrayJoin = Array.prototype.join;
/** Characters made per fromCharCode call (a multiple of 4: whole groups). */
const PIECE_CHARS = 8192;

/**
 * Character codes in an array, a piece of PIECE_CHARS at a time made into a string by one
 * fromCharCode call: in QuickJS ~6× faster than a string grown a character at a time (a 600 KB
 * buffer took over a second that way, in one piece of a result's copy).
 */
export function encodeBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  const length = bufferByteLength(buffer);
  const pieces = newList<string>();
  let codes = newList<number>();
  let fill = 0;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1]!;
    const c = bytes[i + 2]!;
    codes[fill] = ALPHABET_CODES[a >> 2]!;
    codes[fill + 1] = ALPHABET_CODES[((a & 3) << 4) | (b >> 4)]!;
    codes[fill + 2] = ALPHABET_CODES[((b & 15) << 2) | (c >> 6)]!;
    codes[fill + 3] = ALPHABET_CODES[c & 63]!;
    fill += 4;
    if (fill === PIECE_CHARS) {
      pieces[pieces.length] = reflectApply(fromCharCode, undefined, codes) as string;
      codes = newList();
      fill = 0;
    }
  }
  if (i < length) {
    const a = bytes[i]!;
    const b = i + 1 < length ? bytes[i + 1]! : 0;
    codes[fill] = ALPHABET_CODES[a >> 2]!;
    codes[fill + 1] = ALPHABET_CODES[((a & 3) << 4) | (b >> 4)]!;
    codes[fill + 2] = i + 1 < length ? ALPHABET_CODES[(b & 15) << 2]! : 61;
    codes[fill + 3] = 61;
    fill += 4;
  }
  if (fill) pieces[pieces.length] = reflectApply(fromCharCode, undefined, codes) as string;
  return pieces.length === 1 ? pieces[0]! : (reflectApply(arrayJoin, pieces, [""]) as string);
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
