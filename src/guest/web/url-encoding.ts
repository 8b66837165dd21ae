/** Percent-encoding and application/x-www-form-urlencoded (WHATWG URL §1.3, §5). */
import { newUtf8State, utf8Decode, utf8Encode } from "./text-encoding.js";

/** A percent-encode set: which code points it holds, and a regex matching every one of them. */
export interface EncodeSet {
  has(point: number): boolean;
  pattern: RegExp;
}

const HEX_DIGITS = "0123456789abcdef";

function encodeSet(has: (c: number) => boolean): EncodeSet {
  // Every non-ASCII code point is in every set; the ASCII members are listed.
  // Built when the chunk loads, after programs ran: no Number or String methods (a template literal calls concat).
  let members = "";
  for (let c = 0; c < 0x80; c++) if (has(c)) members += "\\x" + HEX_DIGITS[c >> 4] + HEX_DIGITS[c & 15];
  return { has, pattern: new RegExp("[" + members + "\\u0080-\\u{10ffff}]", "gu") };
}

const c0 = (c: number): boolean => c < 0x20 || c > 0x7e;
const fragment = (c: number): boolean => c0(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const query = (c: number): boolean => c0(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
/** As Node 20 (Ada) has it: `^` stays as it is in paths. */
const path = (c: number): boolean => query(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
const userinfo = (c: number): boolean =>
  path(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5e) || c === 0x7c;
const component = (c: number): boolean => userinfo(c) || (c >= 0x24 && c <= 0x26) || c === 0x2b || c === 0x2c;

export const c0ControlSet = encodeSet(c0);
export const fragmentSet = encodeSet(fragment);
export const querySet = encodeSet(query);
export const specialQuerySet = encodeSet((c) => query(c) || c === 0x27);
export const pathSet = encodeSet(path);
export const userinfoSet = encodeSet(userinfo);
export const componentSet = encodeSet(component);
/** Space is in it: the form serializer writes it as "+". */
const formSet = encodeSet((c) => component(c) || c === 0x21 || (c >= 0x27 && c <= 0x29) || c === 0x7e);

const HEX = "0123456789ABCDEF";

function encodeMatch(char: string): string {
  if (char === " ") return "%20";
  let out = "";
  for (const byte of utf8Encode(char)) out += "%" + HEX[byte >> 4]! + HEX[byte & 15]!;
  return out;
}

/** `text` (well-formed) with every code point of `set` percent-encoded as UTF-8. */
export function percentEncodeString(text: string, set: EncodeSet): string {
  set.pattern.lastIndex = 0;
  return set.pattern.test(text) ? text.replace(set.pattern, encodeMatch) : text;
}

/** One code point (the host parser's opaque hosts). */
export function percentEncode(point: number, set: EncodeSet): string {
  return set.has(point) ? encodeMatch(String.fromCodePoint(point)) : String.fromCodePoint(point);
}

const hexValue = (unit: number): number =>
  unit >= 0x30 && unit <= 0x39 ? unit - 0x30 : unit >= 0x41 && unit <= 0x46 ? unit - 0x37 : unit >= 0x61 && unit <= 0x66 ? unit - 0x57 : -1;

/** Percent-decodes `text` (and "+" as space for forms), then UTF-8-decodes with replacement. */
export function percentDecodeString(text: string, plusAsSpace = false): string {
  if (plusAsSpace && text.includes("+")) text = text.replace(/\+/g, " ");
  if (!text.includes("%")) return text;
  const bytes = utf8Encode(text);
  const out = new Uint8Array(bytes.length);
  let count = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x25 && i + 2 < bytes.length) {
      const high = hexValue(bytes[i + 1]!);
      const low = hexValue(bytes[i + 2]!);
      if (high >= 0 && low >= 0) {
        out[count++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[count++] = byte;
  }
  return utf8Decode(out.subarray(0, count), newUtf8State(), true, false);
}

export function parseFormUrlencoded(input: string): [string, string][] {
  const list: [string, string][] = [];
  for (const sequence of input.split("&")) {
    if (sequence === "") continue;
    const equals = sequence.indexOf("=");
    const name = equals >= 0 ? sequence.slice(0, equals) : sequence;
    const value = equals >= 0 ? sequence.slice(equals + 1) : "";
    list.push([percentDecodeString(name, true), percentDecodeString(value, true)]);
  }
  return list;
}

function formEncode(text: string): string {
  return percentEncodeString(text, formSet).replace(/%20/g, "+");
}

export function serializeFormUrlencoded(list: readonly (readonly [string, string])[]): string {
  return list.map(([name, value]) => formEncode(name) + "=" + formEncode(value)).join("&");
}
