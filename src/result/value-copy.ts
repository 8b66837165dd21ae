/**
 * Reading a copy the guest made of a value (devalue text: an eval's result, a progress() value)
 * into the value the host hands on: decoded, then bounded as a tree (src/result/bounded-value.ts).
 * The text is the guest's, so a program can forge it: nothing here trusts its shape or its size
 * as a tree, and what would be costly to decode is refused or replaced before it is.
 */
import { boundAsTree, boundedValueNote } from "./bounded-value.js";
import { jsonNestsDeeperThan } from "./json-nesting.js";
import { valueCodec } from "./value-codec.js";
import { bigintHandleText, MAX_BIGINT_DIGITS, tooLargeAsTreeNote } from "./tree-costs.js";

/**
 * A BigInt with more digits than MAX_BIGINT_DIGITS arrives as a handle: V8 parses decimal digits in
 * quadratic time (300,000 digits ~50 ms), and no reader gets more than maxResultChars of it in the
 * text anyway.
 */
export { MAX_BIGINT_DIGITS } from "./tree-costs.js";
/** devalue text nests two levels (the list of values, each one's own array or object): deeper is forged. */
const MAX_COPY_NESTING = 4;
/** JSON text this short parses in ~3 ms however it nests (~8,000 levels). */
const FREE_PARSE_CHARS = 16384;

function decodeBase64(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

const VALUE_REVIVERS = {
  Handle: (text: string) => ({ $handle: text }),
  Err: (error: { name: string; message: string; stack: string }) => error,
  Obj: (object: Record<string, unknown>) => object,
  // The guest encodes binary data itself (it has no btoa for devalue's own encoding).
  ArrayBuffer: (data: { base64: string }) => decodeBase64(data.base64),
  BigInt: (digits: unknown) => (typeof digits === "string" && digits.length > MAX_BIGINT_DIGITS ? { $handle: bigintHandleText(digits.length) } : BigInt(digits as string)),
};

/** A copy the guest made of a value, with what EvalResult.warnings should say about it. */
export interface ValueCopy {
  value: unknown;
  note: string | null;
  /** False: too large even as a tree with markers, nothing delivered (`note` says so). */
  copied: boolean;
}

const ONE_NUMBER = /^\[-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\]$/;

/**
 * A copy that is one number, string, boolean or null — what devalue writes as `[2]`, `["text"]`
 * (most results) — read with JSON.parse alone: devalue would give the same value, and a primitive
 * is its own tree. Null: anything else, for devalue.
 */
function onePrimitive(text: string): { value: unknown } | null {
  // A copy of an object starts `[[` or `[{` (its root's own entry): never parsed twice.
  if (text[0] !== "[" || text[1] === "[" || text[1] === "{") return null;
  // A number (JSON's grammar, which Number reads exactly as JSON.parse does), without building an array.
  if (ONE_NUMBER.test(text)) return { value: Number(text.slice(1, -1)) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 1) return null;
  const value: unknown = parsed[0];
  return typeof value === "object" && value !== null ? null : { value };
}

/**
 * The copy as a value, bounded as a tree at twice the copy's own limit, and with markers at the
 * copy's limit (undefined past it, with a note); throws if unreadable.
 */
export function readValueCopy(text: string, limitChars: number): ValueCopy {
  // Short texts cannot nest deep enough to cost JSON.parse anything (devalue refuses them anyway).
  if (text.length > FREE_PARSE_CHARS && jsonNestsDeeperThan(text, MAX_COPY_NESTING)) throw new Error("the copy nests deeper than a copy can");
  const primitive = onePrimitive(text);
  if (primitive) return { value: primitive.value, note: null, copied: true };
  const budgetChars = 2 * limitChars;
  // A walk that remembers each object's size takes a step per reference: each costs the text at
  // least a character, so more steps than that mean cycles and shared references together.
  const bounded = boundAsTree(valueCodec.get().parse(text, VALUE_REVIVERS), budgetChars, 2 * text.length + 16, limitChars);
  if (bounded.tooLarge) return { value: undefined, note: tooLargeAsTreeNote(limitChars), copied: false };
  return { value: bounded.value, note: boundedValueNote(bounded, budgetChars), copied: true };
}
