/**
 * Host parsing (WHATWG URL §3.5): IPv6 in brackets, opaque hosts, domains (with IPv4 forms).
 * Domain-to-ASCII approximates UTS #46: NFKC + lower case + punycode per label, full-width dots
 * mapped; its mapping tables, bidi and joiner rules are left out (so a few exotic names differ).
 */
import { c0ControlSet, percentDecodeString, percentEncode } from "./url-encoding.js";

const FAILURE = null;

function isForbiddenHost(c: number): boolean {
  return (
    c === 0 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x20 || c === 0x23 || c === 0x2f || c === 0x3a || c === 0x3c ||
    c === 0x3e || c === 0x3f || c === 0x40 || c === 0x5b || c === 0x5c || c === 0x5d || c === 0x5e || c === 0x7c
  );
}

function isForbiddenDomain(c: number): boolean {
  return isForbiddenHost(c) || c <= 0x1f || c === 0x25 || c === 0x7f;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const hexDigit = (c: number): number =>
  isDigit(c) ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;

/** Parses `[…]` contents; eight 16-bit pieces or null. */
function parseIPv6(input: string): number[] | null {
  const cps = Array.from(input, (char) => char.codePointAt(0)!);
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress: number | null = null;
  let pointer = 0;
  const at = (index: number): number => (index < cps.length ? cps[index]! : -1);
  if (at(0) === 0x3a) {
    if (at(1) !== 0x3a) return FAILURE;
    pointer += 2;
    compress = ++pieceIndex;
  }
  while (at(pointer) !== -1) {
    if (pieceIndex === 8) return FAILURE;
    if (at(pointer) === 0x3a) {
      if (compress !== null) return FAILURE;
      pointer++;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && hexDigit(at(pointer)) >= 0) {
      value = value * 16 + hexDigit(at(pointer));
      pointer++;
      length++;
    }
    if (at(pointer) === 0x2e) {
      if (length === 0) return FAILURE;
      pointer -= length;
      if (pieceIndex > 6) return FAILURE;
      let numbersSeen = 0;
      while (at(pointer) !== -1) {
        let piece: number | null = null;
        if (numbersSeen > 0) {
          if (at(pointer) === 0x2e && numbersSeen < 4) pointer++;
          else return FAILURE;
        }
        if (!isDigit(at(pointer))) return FAILURE;
        while (isDigit(at(pointer))) {
          const number = at(pointer) - 0x30;
          if (piece === null) piece = number;
          else if (piece === 0) return FAILURE;
          else piece = piece * 10 + number;
          if (piece > 255) return FAILURE;
          pointer++;
        }
        address[pieceIndex] = address[pieceIndex]! * 0x100 + piece!;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return FAILURE;
      break;
    } else if (at(pointer) === 0x3a) {
      pointer++;
      if (at(pointer) === -1) return FAILURE;
    } else if (at(pointer) !== -1) return FAILURE;
    address[pieceIndex++] = value;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      const kept = address[pieceIndex]!;
      address[pieceIndex] = address[other]!;
      address[other] = kept;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) return FAILURE;
  return address;
}

function serializeIPv6(address: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (address[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && address[end] === 0) end++;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === bestStart) {
      out += i === 0 ? "::" : ":";
      i += bestLength - 1;
      continue;
    }
    out += address[i]!.toString(16) + (i < 7 ? ":" : "");
  }
  return out;
}

/** An IPv4 number part: decimal, 0x hex or 0-prefixed octal; NaN on failure. */
function parseIPv4Number(part: string): number {
  if (part === "") return NaN;
  let radix = 10;
  if (part.length >= 2 && part[0] === "0" && (part[1] === "x" || part[1] === "X")) {
    radix = 16;
    part = part.slice(2);
  } else if (part.length >= 2 && part[0] === "0") {
    radix = 8;
    part = part.slice(1);
  }
  if (part === "") return 0;
  // Negated classes: no backtracking state per character on a huge host.
  const invalid = radix === 16 ? /[^0-9a-fA-F]/ : radix === 8 ? /[^0-7]/ : /[^0-9]/;
  return invalid.test(part) ? NaN : parseInt(part, radix);
}

function endsInNumber(input: string): boolean {
  const parts = input.split(".");
  if (parts[parts.length - 1] === "") {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1]!;
  if (last !== "" && !/[^0-9]/.test(last)) return true;
  return !Number.isNaN(parseIPv4Number(last));
}

function parseIPv4(input: string): number | null {
  const parts = input.split(".");
  if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
  if (parts.length > 4) return FAILURE;
  const numbers = parts.map(parseIPv4Number);
  if (numbers.some((n) => Number.isNaN(n))) return FAILURE;
  for (let i = 0; i < numbers.length - 1; i++) if (numbers[i]! > 255) return FAILURE;
  const last = numbers[numbers.length - 1]!;
  if (last >= 256 ** (5 - numbers.length)) return FAILURE;
  let ipv4 = last;
  for (let i = 0; i < numbers.length - 1; i++) ipv4 += numbers[i]! * 256 ** (3 - i);
  return ipv4;
}

function serializeIPv4(address: number): string {
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    out.unshift(address % 256);
    address = Math.floor(address / 256);
  }
  return out.join(".");
}

/** RFC 3492 punycode of one label (all of its code points). */
function punycode(label: string): string {
  const points = Array.from(label, (char) => char.codePointAt(0)!);
  let output = points.filter((p) => p < 0x80).map((p) => String.fromCharCode(p)).join("");
  const basic = output.length;
  let handled = basic;
  if (basic > 0) output += "-";
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  const digit = (d: number): string => String.fromCharCode(d < 26 ? d + 97 : d + 22);
  const adapt = (d: number, count: number, first: boolean): number => {
    d = first ? Math.floor(d / 700) : d >> 1;
    d += Math.floor(d / count);
    let k = 0;
    for (; d > 455; k += 36) d = Math.floor(d / 35);
    return k + Math.floor((36 * d) / (d + 38));
  };
  while (handled < points.length) {
    let m = 0x7fffffff;
    for (const p of points) if (p >= n && p < m) m = p;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta++;
      if (p !== n) continue;
      let q = delta;
      for (let k = 36; ; k += 36) {
        const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (36 - t)));
        q = Math.floor((q - t) / (36 - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

const NON_ASCII = /[^\x00-\x7f]/;
const IGNORED = /[\u00ad\u034f\u180b-\u180d\u200b\u2060\ufe00-\ufe0f\ufeff]/g;

function domainToASCII(domain: string): string | null {
  if (!NON_ASCII.test(domain)) return domain.toLowerCase();
  const mapped = domain.replace(IGNORED, "").replace(/[\u3002\uff0e\uff61]/g, ".").normalize("NFKC").toLowerCase().normalize("NFC");
  const labels = mapped.split(".").map((label) => (NON_ASCII.test(label) ? "xn--" + punycode(label) : label));
  const result = labels.join(".");
  return result === "" ? FAILURE : result;
}

/** The serialized host, or null (failure). */
export function parseHost(input: string, isOpaque: boolean): string | null {
  if (input.startsWith("[")) {
    if (!input.endsWith("]")) return FAILURE;
    const address = parseIPv6(input.slice(1, -1));
    return address ? `[${serializeIPv6(address)}]` : FAILURE;
  }
  if (isOpaque) {
    let out = "";
    for (const char of input) {
      const point = char.codePointAt(0)!;
      if (isForbiddenHost(point)) return FAILURE;
      out += percentEncode(point, c0ControlSet);
    }
    return out;
  }
  const ascii = domainToASCII(percentDecodeString(input));
  if (ascii === null || ascii === "") return FAILURE;
  for (let i = 0; i < ascii.length; i++) if (isForbiddenDomain(ascii.charCodeAt(i))) return FAILURE;
  if (endsInNumber(ascii)) {
    const address = parseIPv4(ascii);
    return address === null ? FAILURE : serializeIPv4(address);
  }
  return ascii;
}
