/**
 * Decoding a guest string exactly. QuickJS hands a string out as NUL-terminated UTF-8
 * (`JS_ToCString`): a U+0000 inside it ends the C string early, and a lone surrogate comes out in
 * its three-byte form (WTF-8), which a UTF-8 decoder replaces with U+FFFD. The host therefore also
 * asks for the string's length (UTF-16 units; see GuestCalls.readString) and decodes exactly that
 * many units: `"a\u0000b"` stays three characters, `"\ud800"` stays a lone surrogate.
 */

const utf8 = new TextDecoder();
/** Shorter strings are decoded by hand: TextDecoder's call costs more than the loop. */
const SHORT_BYTES = 32;
/** Units per String.fromCharCode call (its arguments go on the stack). */
const CHUNK_UNITS = 8192;

/**
 * The `units` UTF-16 units encoded at `heap[start…]`, or null when they take more than `maxBytes`
 * bytes or the bytes are not what QuickJS writes.
 */
export function decodeGuestUtf8(heap: Uint8Array, start: number, units: number, maxBytes = Infinity): string | null {
  if (units === 0) return "";
  if (units > maxBytes) return null;
  const nul = heap.indexOf(0, start);
  const end = nul < 0 ? heap.length : nul;
  if (end - start > maxBytes) return null;
  if (end - start > SHORT_BYTES) {
    // The usual case: well-formed UTF-8 up to the terminator. Shorter than `units` (a NUL inside)
    // or holding U+FFFD (a lone surrogate, or a real U+FFFD): decoded by hand instead.
    const text = utf8.decode(heap.subarray(start, end));
    if (text.length === units && !text.includes("\uFFFD")) return text;
  }
  return decodeByHand(heap, start, units, Math.min(heap.length, start + maxBytes));
}

/** WTF-8 as QuickJS writes it: 1–3 bytes per unit (a lone surrogate takes 3), 4 bytes per pair. */
function decodeByHand(heap: Uint8Array, start: number, units: number, limit: number): string | null {
  const codes = new Uint16Array(units);
  let count = 0;
  let i = start;
  while (count < units) {
    const lead = heap[i]!;
    let size: number;
    let code: number;
    if (lead < 0x80) {
      size = 1;
      code = lead;
    } else if (lead >= 0xc0 && lead < 0xe0) {
      size = 2;
      code = ((lead & 0x1f) << 6) | (heap[i + 1]! & 0x3f);
    } else if (lead >= 0xe0 && lead < 0xf0) {
      size = 3;
      code = ((lead & 0x0f) << 12) | ((heap[i + 1]! & 0x3f) << 6) | (heap[i + 2]! & 0x3f);
    } else if (lead >= 0xf0 && lead < 0xf8) {
      size = 4;
      code = (((lead & 0x07) << 18) | ((heap[i + 1]! & 0x3f) << 12) | ((heap[i + 2]! & 0x3f) << 6) | (heap[i + 3]! & 0x3f)) - 0x10000;
    } else {
      return null;
    }
    if (i + size > limit) return null;
    i += size;
    if (size < 4) {
      codes[count++] = code;
    } else {
      if (count + 2 > units) return null;
      codes[count++] = 0xd800 | (code >> 10);
      codes[count++] = 0xdc00 | (code & 0x3ff);
    }
  }
  let text = "";
  for (let offset = 0; offset < units; offset += CHUNK_UNITS) {
    text += String.fromCharCode(...codes.subarray(offset, offset + CHUNK_UNITS));
  }
  return text;
}
