/**
 * The units of the tree measures (src/result/tree-size.ts, marker-size.ts), shared with the guest's
 * copy (src/guest/bounded-copy.ts), which counts in the same units as it writes, so it can stop
 * where the host would refuse. About the characters JSON.stringify writes for each piece.
 * In the guest the copy runs in a program's realm: no template literal with a value (QuickJS makes
 * it a call of String.prototype.concat) and no built-in method but the ones captured here at load.
 */
const mathCeil = Math.ceil;
const reflectApply = Reflect.apply;
const bigintToString = BigInt.prototype.toString;

/** A hole, a number, a boolean, null or undefined: about what JSON writes for it, with its comma. */
export const SMALL_CHARS = 6;
/** A Date, a boxed number or boolean, a cycle's stop: about `"2024-01-01T00:00:00.000Z"`. */
export const LEAF_OBJECT_CHARS = 26;
/** Binary data: JSON writes each byte of a typed array as `"123":255,` — about this many per byte. */
export const CHARS_PER_BYTE = 4;
/**
 * Binary data in the tree with markers: its base64 (what its copy takes). The bound on that tree is
 * about how many pieces the host builds and hands on; binary data is one piece, its bytes bounded
 * by the copy's own limit.
 */
export function binaryMarkedChars(byteLength: number): number {
  return 2 + mathCeil(byteLength / 3) * 4;
}
/** A `{ $shared: "…" }` marker, its path apart: braces, the key with its quotes and colon, the quotes. */
export const MARKER_CHARS = 15;
/** `{ $sparse: { length: N, items: {} } }` around the items of an array with holes, its length apart. */
export const SPARSE_FRAME_CHARS = 34;
/** Shorter strings (and BigInts of fewer digits) repeat as they are: a marker would be as long. */
export const SHARED_STRING_MIN_CHARS = 16;
/** The smallest BigInt (in magnitude) that repeats as a marker: 17 digits. */
export const BIG_BIGINT = 10n ** BigInt(SHARED_STRING_MIN_CHARS);
/** A BigInt with more digits arrives as a handle (src/result/value-copy.ts says why). */
export const MAX_BIGINT_DIGITS = 4096;

/** The characters a BigInt's digits take, told without converting huge ones to decimal. */
export function bigintChars(value: bigint): number {
  if (value < 0n) value = -value;
  if (value < 0x10000000000000000n) return 20;
  // A hexadecimal digit carries log10(16) ≈ 1.2 decimal digits.
  return mathCeil((reflectApply(bigintToString, value, [16]) as string).length * 1.21);
}

/** What `{ $handle: text }` costs as a tree. */
export function handleChars(text: string): number {
  return 2 + "$handle".length + 4 + text.length + 2;
}

/** The handle text of a BigInt of more than MAX_BIGINT_DIGITS digits. */
export function bigintHandleText(digits: number): string {
  return "[BigInt: " + digits + " digits]";
}

/** The warning of a value not delivered: too large even as a tree with `{ $shared }` markers (src/result/bounded-value.ts). */
export function tooLargeAsTreeNote(limitChars: number): string {
  return "value not copied: larger than " + limitChars + ' characters, even with its repeated references as { $shared: "#/…" } markers';
}
