/**
 * UTF-8 as the Encoding Standard defines it: TextEncoder (lone surrogates become U+FFFD),
 * TextDecoder (replacement or fatal errors, BOM handling, streaming). Only UTF-8 is supported.
 */
import { reflectApply } from "./chunk-link.js";

const fromCharCode = String.fromCharCode;
const CHUNK = 8192;

/** UTF-16 code units → string, a chunk at a time (no per-character concatenation). */
export function unitsToString(units: Uint16Array, length: number): string {
  if (length <= CHUNK) return reflectApply(fromCharCode, null, units.subarray(0, length)) as string;
  const parts: string[] = [];
  for (let start = 0; start < length; start += CHUNK) {
    parts.push(reflectApply(fromCharCode, null, units.subarray(start, Math.min(length, start + CHUNK))) as string);
  }
  return parts.join("");
}

/** UTF-8 bytes of `text`; lone surrogates are encoded as U+FFFD. */
export function utf8Encode(text: string): Uint8Array {
  const length = text.length;
  let size = 0;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) size += 1;
    else if (unit < 0x800) size += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      size += 4;
      i++;
    } else size += 3;
  }
  const bytes = new Uint8Array(size);
  encodeInto(text, bytes);
  return bytes;
}

/** Encodes as much of `text` as fits whole into `bytes`: [UTF-16 units read, bytes written]. */
export function encodeInto(text: string, bytes: Uint8Array): [number, number] {
  const length = text.length;
  const capacity = bytes.length;
  let read = 0;
  let written = 0;
  while (read < length) {
    let point = text.charCodeAt(read);
    let units = 1;
    if (point >= 0xd800 && point <= 0xdfff) {
      const next = read + 1 < length ? text.charCodeAt(read + 1) : 0;
      if (point <= 0xdbff && (next & 0xfc00) === 0xdc00) {
        point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
        units = 2;
      } else point = 0xfffd;
    }
    if (point < 0x80) {
      if (written + 1 > capacity) break;
      bytes[written++] = point;
    } else if (point < 0x800) {
      if (written + 2 > capacity) break;
      bytes[written++] = 0xc0 | (point >> 6);
      bytes[written++] = 0x80 | (point & 63);
    } else if (point < 0x10000) {
      if (written + 3 > capacity) break;
      bytes[written++] = 0xe0 | (point >> 12);
      bytes[written++] = 0x80 | ((point >> 6) & 63);
      bytes[written++] = 0x80 | (point & 63);
    } else {
      if (written + 4 > capacity) break;
      bytes[written++] = 0xf0 | (point >> 18);
      bytes[written++] = 0x80 | ((point >> 12) & 63);
      bytes[written++] = 0x80 | ((point >> 6) & 63);
      bytes[written++] = 0x80 | (point & 63);
    }
    read += units;
  }
  return [read, written];
}

/** The Encoding Standard's UTF-8 decoder state, kept between streamed chunks. */
export interface Utf8State {
  point: number;
  needed: number;
  seen: number;
  lower: number;
  upper: number;
}

export function newUtf8State(): Utf8State {
  return { point: 0, needed: 0, seen: 0, lower: 0x80, upper: 0xbf };
}

/**
 * Decodes `bytes` (continuing `state`); with `flush`, an unfinished sequence at the end is an
 * error. Errors become U+FFFD, or throw TypeError when `fatal`.
 */
export function utf8Decode(bytes: Uint8Array, state: Utf8State, flush: boolean, fatal: boolean): string {
  const length = bytes.length;
  const units = new Uint16Array(length + 2);
  let count = 0;
  let { point, needed, seen, lower, upper } = state;
  const fail = (): void => {
    if (fatal) throw new TypeError("The encoded data was not valid for encoding utf-8");
    units[count++] = 0xfffd;
  };
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    if (needed === 0) {
      if (byte < 0x80) units[count++] = byte;
      else if (byte >= 0xc2 && byte <= 0xdf) {
        needed = 1;
        point = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        needed = 2;
        point = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        needed = 3;
        point = byte & 0x7;
      } else fail();
      continue;
    }
    if (byte < lower || byte > upper) {
      point = needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      i--; // the byte starts over
      fail();
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    point = (point << 6) | (byte & 0x3f);
    if (++seen !== needed) continue;
    if (point < 0x10000) units[count++] = point;
    else {
      point -= 0x10000;
      units[count++] = 0xd800 + (point >> 10);
      units[count++] = 0xdc00 + (point & 0x3ff);
    }
    point = needed = seen = 0;
  }
  if (flush && needed !== 0) {
    point = needed = seen = 0;
    lower = 0x80;
    upper = 0xbf;
    fail();
  }
  state.point = point;
  state.needed = needed;
  state.seen = seen;
  state.lower = lower;
  state.upper = upper;
  return unitsToString(units, count);
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export class TextEncoder {
  get encoding(): string {
    return "utf-8";
  }
  encode(input: unknown = ""): Uint8Array {
    return utf8Encode(String(input));
  }
  encodeInto(source: unknown, destination: Uint8Array): { read: number; written: number } {
    if (!(destination instanceof Uint8Array)) throw new TypeError('The "dest" argument must be an instance of Uint8Array.');
    const [read, written] = encodeInto(String(source), destination);
    return { read, written };
  }
  [INSPECT](): object {
    return { encoding: "utf-8" };
  }
}
Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: "TextEncoder", configurable: true });

const UTF8_LABELS = ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"];

function bytesOf(input: unknown): Uint8Array {
  if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && input instanceof SharedArrayBuffer)) {
    return new Uint8Array(input as ArrayBuffer);
  }
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView.');
}

export class TextDecoder {
  readonly #fatal: boolean;
  readonly #ignoreBOM: boolean;
  #state = newUtf8State();
  #bomChecked = false;

  constructor(label: unknown = "utf-8", options: unknown = {}) {
    const text = String(label);
    const name = text.length > 64 ? "" : text.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase();
    if (!UTF8_LABELS.includes(name)) throw new RangeError(`The "${text.slice(0, 64)}" encoding is not supported`);
    const settings = (options ?? {}) as { fatal?: unknown; ignoreBOM?: unknown };
    this.#fatal = Boolean(settings.fatal);
    this.#ignoreBOM = Boolean(settings.ignoreBOM);
  }
  get encoding(): string {
    return "utf-8";
  }
  get fatal(): boolean {
    return this.#fatal;
  }
  get ignoreBOM(): boolean {
    return this.#ignoreBOM;
  }
  decode(input?: unknown, options?: unknown): string {
    const stream = Boolean((options as { stream?: unknown } | undefined)?.stream);
    const bytes = input === undefined ? new Uint8Array(0) : bytesOf(input);
    let text: string;
    try {
      text = utf8Decode(bytes, this.#state, !stream, this.#fatal);
    } catch (error) {
      this.#state = newUtf8State();
      this.#bomChecked = false;
      throw error;
    }
    if (!this.#bomChecked && text.length > 0) {
      this.#bomChecked = true;
      if (!this.#ignoreBOM && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (!stream) {
      this.#state = newUtf8State();
      this.#bomChecked = false;
    }
    return text;
  }
  [INSPECT](): string {
    return `TextDecoder { encoding: 'utf-8', fatal: ${this.#fatal}, ignoreBOM: ${this.#ignoreBOM} }`;
  }
}
Object.defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: "TextDecoder", configurable: true });
